import { beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { analyzeResponseSchema, problemSchema } from '../../functions/analyze/contract.js';
import { analyzeEvent, type Handler, header, lambdaContext } from '../support/lambda.js';

let handler: Handler;
beforeAll(async () => {
  ({ handler } = (await import('../../functions/analyze/handler.js')) as unknown as { handler: Handler });
});

/** Every answer is either the contract (200) or a 4xx problem; never a 5xx, never a stack trace. */
const expectContractOrProblem = async (body: string) => {
  const result = await handler(analyzeEvent(body), lambdaContext());
  expect(result.body).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  if (result.statusCode === 200) {
    expect(analyzeResponseSchema.safeParse(JSON.parse(result.body)).success).toBe(true);
    return;
  }
  expect(result.statusCode).toBeGreaterThanOrEqual(400);
  expect(result.statusCode).toBeLessThan(500);
  expect(header(result, 'content-type')).toBe('application/problem+json');
  expect(problemSchema.safeParse(JSON.parse(result.body)).success).toBe(true);
};

describe('handler under arbitrary input', () => {
  it('never answers 5xx to any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => expectContractOrProblem(JSON.stringify(value))),
      { numRuns: 300 },
    );
  });

  it('never answers 5xx to any description string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 6_000 }), async (description) =>
        expectContractOrProblem(JSON.stringify({ description })),
      ),
      { numRuns: 300 },
    );
  });

  it('never answers 5xx to arbitrary bytes as the body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 2_000 }), async (body) => expectContractOrProblem(body)),
      { numRuns: 300 },
    );
  });

  it('never answers 5xx to objects with odd description fields', async () => {
    const oddBody = fc.record(
      {
        description: fc.oneof(fc.string(), fc.lorem({ maxCount: 40 }), fc.jsonValue()),
        providersPerCategory: fc.oneof(fc.integer(), fc.double(), fc.string()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(oddBody, async (body) => expectContractOrProblem(JSON.stringify(body))),
      {
        numRuns: 300,
      },
    );
  });
});
