import { describe, expect, it } from '@jest/globals';
import { problemSchema } from '../../functions/analyze/contract.js';
import {
  ConfigurationError,
  describeError,
  ProviderUnavailableError,
  RequestError,
  toHttpProblem,
} from '../../functions/analyze/errors.js';

const requestId = 'req-123';
/** The shape of the errors middy's body parser throws (the handler tests use the real parser). */
const middyError = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

describe('toHttpProblem', () => {
  it('shows a request error to the client as it was written', () => {
    const mapped = toHttpProblem(new RequestError(400, 'DESCRIPTION_TOO_SHORT', 'description is too short.'), requestId);
    expect(mapped.status).toBe(400);
    expect(mapped.headers['Content-Type']).toBe('application/problem+json');
    expect(mapped.problem).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'description is too short.',
      code: 'DESCRIPTION_TOO_SHORT',
      requestId,
    });
  });

  it("maps middy's 422 for unparseable JSON to 400 INVALID_JSON", () => {
    const mapped = toHttpProblem(middyError(422, 'Invalid or malformed JSON was provided'), requestId);
    expect(mapped).toMatchObject({ status: 400, problem: { code: 'INVALID_JSON' } });
  });

  it("maps middy's 415 to UNSUPPORTED_MEDIA_TYPE", () => {
    const mapped = toHttpProblem(middyError(415, 'Unsupported Media Type'), requestId);
    expect(mapped).toMatchObject({ status: 415, problem: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('turns a provider fault into 502 with Retry-After', () => {
    const mapped = toHttpProblem(new ProviderUnavailableError('rate_limited', 30), requestId);
    expect(mapped.status).toBe(502);
    expect(mapped.headers['Retry-After']).toBe('30');
    expect(mapped.problem.code).toBe('AI_PROVIDER_UNAVAILABLE');
  });

  it.each([
    new Error('connect ECONNREFUSED 10.0.0.1:5432 at Socket.<anonymous> (/var/task/index.mjs:1:2)'),
    new ConfigurationError('secret arn:aws:secretsmanager:eu-west-1:1:secret:openai is empty'),
    new TypeError("Cannot read properties of undefined (reading 'sk-live-abc')"),
    'a thrown string',
    undefined,
  ])('answers anything unexpected with a bare 500 that reveals nothing (%#)', (err) => {
    const mapped = toHttpProblem(err, requestId);
    expect(mapped.status).toBe(500);
    expect(mapped.problem.code).toBe('INTERNAL');
    const text = JSON.stringify(mapped.problem);
    expect(text).not.toMatch(/ECONNREFUSED|secretsmanager|sk-live|index\.mjs|thrown string|at /);
  });

  it('always produces the published problem shape', () => {
    for (const err of [
      new RequestError(413, 'PAYLOAD_TOO_LARGE', 'too big'),
      new Error('x'),
      new ProviderUnavailableError('timeout'),
    ]) {
      expect(problemSchema.safeParse(toHttpProblem(err, requestId).problem).success).toBe(true);
    }
  });
});

describe('describeError', () => {
  it('keeps name, message, status and cause for the logs, but no stack', () => {
    const err = Object.assign(new Error('upstream failed', { cause: new TypeError('fetch failed') }), { status: 503 });
    const described = describeError(err);
    expect(described).toEqual({
      name: 'Error',
      message: 'upstream failed',
      status: 503,
      cause: { name: 'TypeError', message: 'fetch failed' },
    });
    expect(JSON.stringify(described)).not.toContain('at ');
  });
});
