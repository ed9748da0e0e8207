import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { CATEGORY_IDS } from '../../functions/analyze/contract.js';
import {
  InvalidModelOutputError,
  isModelOutput,
  parseModelOutput,
} from '../../functions/analyze/engines/openai/check-model-output.js';
import { modelOutputSchema } from '../../functions/analyze/engines/openai/model-output.js';

/** Answers a model could give, valid or broken in every way the schema distinguishes. */
const value = fc.oneof(fc.string(), fc.constant(null), fc.integer(), fc.array(fc.string(), { maxLength: 2 }), fc.jsonValue());
const provider = fc.record(
  {
    name: fc.oneof(fc.string(), value),
    description: fc.oneof(fc.string(), fc.constant(null), value),
    bestUseCases: fc.oneof(fc.array(fc.string(), { maxLength: 3 }), fc.constant(null), value),
    website: fc.oneof(fc.string(), fc.constant(null), value),
  },
  { requiredKeys: [] },
);
const category = fc.record(
  {
    id: fc.oneof(fc.constantFrom(...CATEGORY_IDS), fc.string(), value),
    reason: fc.oneof(fc.string(), value),
    providers: fc.oneof(fc.array(provider, { maxLength: 3 }), value),
    extra: fc.string(),
  },
  { requiredKeys: [] },
);
const answer = fc.oneof(fc.record({ categories: fc.oneof(fc.array(category, { maxLength: 3 }), value) }), value);

describe("checking the model's answer without zod", () => {
  it('agrees with the zod schema on every answer', () => {
    fc.assert(
      fc.property(answer, (candidate) => {
        expect(isModelOutput(candidate)).toBe(modelOutputSchema.safeParse(candidate).success);
      }),
      { numRuns: 5_000 },
    );
  });

  it('turns text that is not JSON, or JSON that breaks the schema, into InvalidModelOutputError', () => {
    expect(() => parseModelOutput('{"categories": [')).toThrow(InvalidModelOutputError);
    expect(() => parseModelOutput('{"categories": [{"id": "nope", "reason": "", "providers": []}]}')).toThrow(
      InvalidModelOutputError,
    );
    expect(() => parseModelOutput(null)).toThrow(InvalidModelOutputError);
    expect(parseModelOutput('{"categories": []}')).toEqual({ categories: [] });
  });
});
