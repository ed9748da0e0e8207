/**
 * The one module that owns the public contract of POST /api/analyze: request and response schemas,
 * their types, the limits, and the problem+json error shape. Everything else imports from here.
 */
import * as z from 'zod';
import { CATEGORY_IDS } from './category-ids.js';

import {
  countChars,
  DEFAULT_PROVIDERS_PER_CATEGORY,
  DESCRIPTION_MAX_CHARS,
  DESCRIPTION_MIN_CHARS,
  MAX_CATEGORIES,
  MAX_PROVIDERS_PER_CATEGORY,
  MESSAGES,
  PROBLEM_CODES,
  type ProblemCode,
} from './limits.js';

export * from './limits.js';

/**
 * What each field means, written once: the same words reach the OpenAPI document, the MCP tool's
 * schemas and the JSON Schema the model answers in (engines/openai/model-output.ts).
 */
export const FIELD_DOCS = {
  description: {
    description: `Free-text description of the project: at least ${DESCRIPTION_MIN_CHARS} characters after trimming, at most ${DESCRIPTION_MAX_CHARS.toLocaleString('en')}.`,
  },
  providersPerCategory: {
    description: `How many providers to rank in each category, 1 to ${MAX_PROVIDERS_PER_CATEGORY}; ${DEFAULT_PROVIDERS_PER_CATEGORY} when absent.`,
  },
  query: { description: 'The description, exactly as sent.' },
  categoryId: { description: 'The category, one of a fixed list of ids.' },
  categoryName: { description: 'The category as a person reads it.' },
  reason: { description: 'Why the category is in the stack, in one short sentence.' },
  providerName: { description: "The provider's own name." },
  rank: { description: '1 for the best fit; ranks run 1..n in order.' },
  providerDescription: { description: 'What the provider is, in one sentence.' },
  bestUseCases: { description: 'What the provider is best used for.' },
  website: { description: "The provider's https home page." },
  verified: {
    description:
      'Present, and false, only for a provider the catalogue does not know: its website is the origin on its own name, unvetted.',
  },
} as const;

/**
 * Each rule carries the error code a client sees, so the handler never re-derives it from zod's issue.
 * The description itself is never transformed: `query` in the answer echoes it exactly.
 */
export const analyzeRequestSchema = z
  .object({
    description: z
      .string({
        error: (issue) => (issue.input == null ? MESSAGES.descriptionRequired : MESSAGES.descriptionNotString),
      })
      .check((ctx) => {
        const trimmed = countChars(ctx.value.trim());
        if (trimmed === 0) {
          ctx.issues.push({
            code: 'custom',
            input: ctx.value,
            message: MESSAGES.descriptionEmpty,
            params: { code: 'DESCRIPTION_REQUIRED' },
          });
        } else if (trimmed < DESCRIPTION_MIN_CHARS) {
          ctx.issues.push({
            code: 'custom',
            input: ctx.value,
            message: MESSAGES.descriptionTooShort(trimmed),
            params: { code: 'DESCRIPTION_TOO_SHORT' },
          });
        } else if (countChars(ctx.value) > DESCRIPTION_MAX_CHARS) {
          ctx.issues.push({
            code: 'custom',
            input: ctx.value,
            message: MESSAGES.descriptionTooLong(countChars(ctx.value)),
            params: { code: 'DESCRIPTION_TOO_LONG' },
          });
        }
      })
      // The checks above are code, so JSON Schema consumers (the API Gateway model, OpenAPI) get the limits here.
      .meta({ minLength: DESCRIPTION_MIN_CHARS, maxLength: DESCRIPTION_MAX_CHARS, ...FIELD_DOCS.description }),
    providersPerCategory: z
      .int({ error: MESSAGES.providersPerCategory })
      .min(1, { error: MESSAGES.providersPerCategory })
      .max(MAX_PROVIDERS_PER_CATEGORY, { error: MESSAGES.providersPerCategory })
      .optional()
      .meta(FIELD_DOCS.providersPerCategory),
  })
  .meta({ title: 'AnalyzeRequest' });
export type AnalyzeRequest = z.infer<typeof analyzeRequestSchema>;

export type RequestCheck = { ok: true; request: AnalyzeRequest } | { ok: false; code: ProblemCode; detail: string };

/**
 * Validates a parsed JSON body with the zod schema and names the first problem with the code a client
 * sees. The running function uses check-request.ts, which must agree with this on every input (a
 * property test holds them to it); this one is the reference.
 */
export const checkWithSchema = (body: unknown): RequestCheck => {
  const result = analyzeRequestSchema.safeParse(body);
  if (result.success) return { ok: true, request: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  if (issue === undefined || field === undefined) {
    return { ok: false, code: 'INVALID_BODY', detail: MESSAGES.invalidBody };
  }
  const detail = issue.message;
  if (field === 'providersPerCategory') return { ok: false, code: 'PROVIDERS_PER_CATEGORY_INVALID', detail };
  const custom = issue.code === 'custom' ? (issue.params?.code as ProblemCode | undefined) : undefined;
  if (custom) return { ok: false, code: custom, detail };
  const missing = (body as Record<string, unknown>).description == null;
  return { ok: false, code: missing ? 'DESCRIPTION_REQUIRED' : 'DESCRIPTION_INVALID', detail };
};

const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain });

export const providerSchema = z
  .object({
    name: z.string().min(1).meta(FIELD_DOCS.providerName),
    rank: z.int().min(1).meta(FIELD_DOCS.rank),
    description: z.string().min(1).meta(FIELD_DOCS.providerDescription),
    bestUseCases: z.array(z.string().min(1)).min(1).meta(FIELD_DOCS.bestUseCases),
    website: httpsUrl.meta(FIELD_DOCS.website),
    // Additive to the published contract: absent for every provider the catalogue knows.
    verified: z.literal(false).optional().meta(FIELD_DOCS.verified),
  })
  .meta({ title: 'Provider' });
export type Provider = z.infer<typeof providerSchema>;

export const categorySchema = z
  .object({
    id: z.enum(CATEGORY_IDS).meta(FIELD_DOCS.categoryId),
    name: z.string().min(1).meta(FIELD_DOCS.categoryName),
    // Additive to the published contract.
    reason: z.string().min(1).optional().meta(FIELD_DOCS.reason),
    providers: z
      .array(providerSchema)
      .min(1)
      .refine((ps) => ps.every((p, i) => p.rank === i + 1), 'ranks run 1..n in order')
      .refine((ps) => new Set(ps.map((p) => p.name.toLowerCase())).size === ps.length, 'no provider twice')
      .meta({ description: 'The providers, best first, at most providersPerCategory of them.' }),
  })
  .meta({ title: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const analyzeResponseSchema = z
  .object({
    query: z.string().meta(FIELD_DOCS.query),
    categories: z
      .array(categorySchema)
      .min(1)
      .max(MAX_CATEGORIES)
      .refine((cs) => new Set(cs.map((c) => c.id)).size === cs.length, 'no category twice')
      .meta({ description: `The stack: the categories the project needs, most important first, at most ${MAX_CATEGORIES}.` }),
  })
  .meta({ title: 'AnalyzeResponse' });
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

/** RFC 9457 problem details, the one error body everywhere (Lambda, local server, API Gateway). */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: 'Always about:blank: the code says what went wrong.' }),
    title: z.string().meta({ description: "The status's reason phrase." }),
    status: z.int().min(400).max(599).meta({ description: 'The HTTP status, repeated.' }),
    detail: z.string().meta({ description: 'What went wrong, for a person; never a stack trace.' }),
    code: z.enum(PROBLEM_CODES).meta({ description: 'What went wrong, for a program: stable across releases.' }),
    requestId: z.string().meta({ description: 'The id to quote when asking us about this request.' }),
  })
  .meta({ title: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;
