/**
 * The shape the model must answer in: the source of truth, in zod. The running function never loads
 * zod: `npm run generate` writes the strict JSON Schema OpenAI receives (model-output-format.ts), and
 * check-model-output.ts validates answers against the same rules (a property test holds them together).
 */
import { zodResponseFormat } from 'openai/helpers/zod';
import * as z from 'zod';
import { CATEGORY_IDS, FIELD_DOCS } from '../../contract.js';

/** Strict structured output: every field required, ids from the published enum. */
export const modelOutputSchema = z.object({
  categories: z.array(
    z.object({
      id: z.enum(CATEGORY_IDS).meta(FIELD_DOCS.categoryId),
      reason: z.string().meta(FIELD_DOCS.reason),
      providers: z.array(
        z.object({
          name: z.string().meta(FIELD_DOCS.providerName),
          // Null for a catalogue candidate: the catalogue supplies them, and the answer stays short (fast).
          description: z.string().nullable().meta(FIELD_DOCS.providerDescription),
          bestUseCases: z.array(z.string()).nullable().meta(FIELD_DOCS.bestUseCases),
          website: z.string().nullable().meta(FIELD_DOCS.website),
        }),
      ),
    }),
  ),
});
export type ModelOutput = z.infer<typeof modelOutputSchema>;

export const RESPONSE_FORMAT_NAME = 'technology_stack';

/** The response_format OpenAI receives: the schema above as strict JSON Schema. */
export const modelResponseFormat = () => zodResponseFormat(modelOutputSchema, RESPONSE_FORMAT_NAME).json_schema;
