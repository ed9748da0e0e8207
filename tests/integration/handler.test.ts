import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { analyzeResponseSchema, problemSchema } from '../../functions/analyze/contract.js';
import { analyzeEvent, eventFixture, type Handler, header, lambdaContext } from '../support/lambda.js';

let handler: Handler;
/** What the handler's logger wrote during the current test, one JSON line each. */
let logLines: string[];
beforeAll(async () => {
  // The logger reads its level when the handler module loads: this file wants to see the logs.
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
  ({ handler } = (await import('../../functions/analyze/handler.js')) as unknown as { handler: Handler });
});
beforeEach(() => {
  logLines = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    logLines.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  jest.restoreAllMocks();
});

const problemOf = (body: string) => problemSchema.parse(JSON.parse(body));

describe('handler', () => {
  it('answers a full API Gateway event with a stack that meets the contract', async () => {
    // Prepare
    const event = eventFixture('analyze-request');
    const sent = JSON.parse(event.body as string) as { description: string };
    // Act
    const result = await handler(event, lambdaContext());
    // Assess
    expect(result.statusCode).toBe(200);
    expect(header(result, 'content-type')).toMatch(/^application\/json/);
    expect(header(result, 'x-request-id')).toBe(event.requestContext.requestId);
    const body = analyzeResponseSchema.parse(JSON.parse(result.body));
    expect(body.query).toBe(sent.description);
    expect(body.categories.map((c) => c.id)).toEqual(expect.arrayContaining(['payments', 'maps']));
  });

  it('decodes a base64 body as API Gateway sends binary-safe payloads', async () => {
    const result = await handler(eventFixture('analyze-request-base64'), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(analyzeResponseSchema.safeParse(JSON.parse(result.body)).success).toBe(true);
  });

  it('accepts a lower-case or odd-case content-type header', async () => {
    const event = analyzeEvent({ description: 'an online shop with card payments' });
    event.headers = { 'CONTENT-TYPE': 'application/json' };
    event.multiValueHeaders = { 'CONTENT-TYPE': ['application/json'] };
    expect((await handler(event, lambdaContext())).statusCode).toBe(200);
  });

  it.each([
    ['malformed JSON', eventFixture('analyze-malformed-json'), 400, 'INVALID_JSON'],
    ['a form-encoded body', eventFixture('analyze-form-encoded'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['no body at all', analyzeEvent('', {}), 400, 'INVALID_JSON'],
    ['a JSON array', analyzeEvent([]), 400, 'INVALID_BODY'],
    ['a too-short description', analyzeEvent({ description: '  tiny  ' }), 400, 'DESCRIPTION_TOO_SHORT'],
    ['a body over 64 KiB', analyzeEvent({ description: 'x'.repeat(70_000) }), 413, 'PAYLOAD_TOO_LARGE'],
  ])('answers %s in the problem shape', async (_label, event, status, code) => {
    const result = await handler(event, lambdaContext());
    expect(result.statusCode).toBe(status);
    expect(header(result, 'content-type')).toBe('application/problem+json');
    expect(header(result, 'x-request-id')).toBe(event.requestContext.requestId);
    expect(problemOf(result.body)).toMatchObject({ status, code, requestId: event.requestContext.requestId });
  });

  it('logs a rejected request with its request id and no description text', async () => {
    // Prepare
    const event = analyzeEvent({ description: 'secret!' });
    // Act
    await handler(event, lambdaContext());
    // Assess
    const logged = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        message: 'request rejected',
        code: 'DESCRIPTION_TOO_SHORT',
        requestId: event.requestContext.requestId,
      }),
    );
    expect(logLines.join('\n')).not.toContain('secret!');
  });

  it('logs a successful analysis by length and hash, never the description itself', async () => {
    const description = 'A confidential bakery loyalty app with stamp cards';
    await handler(analyzeEvent({ description }), lambdaContext());
    const analysis = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.message === 'analysis');
    expect(analysis).toMatchObject({ engine: 'catalog', descriptionLength: description.length });
    expect(analysis?.descriptionHash).toMatch(/^[0-9a-f]{16}$/);
    expect(logLines.join('\n')).not.toContain('bakery');
  });
});
