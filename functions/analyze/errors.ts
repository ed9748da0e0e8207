/**
 * Every failure the service knows by name, and the one place that maps a failure to HTTP.
 * A raw error is never serialised into a response: only the problem built here leaves the service.
 */
import type { Problem } from './contract.js';
import { PROBLEM_CONTENT_TYPE, type ProblemCode } from './limits.js';

/**
 * The titles of the statuses the service answers with (RFC 9110 reason phrases). A table of our own
 * rather than node:http's STATUS_CODES: importing node:http costs a cold start ~20 ms.
 */
const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The client sent something we refuse; its message is written for the client and is shown as `detail`. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly status: 400 | 404 | 405 | 413 | 415,
    readonly code: ProblemCode,
    detail: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
  }
}

/** The AI provider could not give us a usable answer; the client may retry after `retryAfterSeconds`. */
export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';
  constructor(
    /** Machine-readable reason for the logs: 'timeout', 'rate_limited', 'refusal', … */
    readonly reason: string,
    readonly retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS,
    options?: ErrorOptions,
  ) {
    super(`AI provider unavailable: ${reason}`, options);
  }
}

/** Our own set-up is wrong (a missing or unreadable secret, a bad setting): a 500 the operator must fix. */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

export const DEFAULT_RETRY_AFTER_SECONDS = 10;

export interface HttpProblem {
  status: number;
  headers: Record<string, string>;
  problem: Problem;
  /** Whether the operator should look at it (5xx) or it is the client's doing (4xx). */
  severity: 'client' | 'server';
}

const problem = (status: number, code: ProblemCode, detail: string, requestId: string): Problem => ({
  type: 'about:blank',
  title: TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error'),
  status,
  detail,
  code,
  requestId,
});

/** middy's own HTTP errors (body parser): 415 for a non-JSON content type, 422 for JSON that does not parse. */
const isMiddyHttpError = (err: unknown): err is { statusCode: number; message: string } =>
  err instanceof Error && typeof (err as { statusCode?: unknown }).statusCode === 'number';

export const toHttpProblem = (err: unknown, requestId: string): HttpProblem => {
  // A problem is never served from the response cache.
  const headers: Record<string, string> = { 'Content-Type': PROBLEM_CONTENT_TYPE, 'X-Cache': 'MISS' };
  if (err instanceof RequestError) {
    return {
      status: err.status,
      headers: { ...headers, ...err.headers },
      problem: problem(err.status, err.code, err.message, requestId),
      severity: 'client',
    };
  }
  if (err instanceof ProviderUnavailableError) {
    return {
      status: 502,
      headers: { ...headers, 'Retry-After': String(err.retryAfterSeconds) },
      problem: problem(
        502,
        'AI_PROVIDER_UNAVAILABLE',
        'The AI provider could not produce a recommendation right now. Please retry shortly.',
        requestId,
      ),
      severity: 'server',
    };
  }
  if (isMiddyHttpError(err) && err.statusCode === 415) {
    return {
      status: 415,
      headers,
      problem: problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json.', requestId),
      severity: 'client',
    };
  }
  if (isMiddyHttpError(err) && err.statusCode === 422) {
    return {
      status: 400,
      headers,
      problem: problem(400, 'INVALID_JSON', 'The body is not valid JSON.', requestId),
      severity: 'client',
    };
  }
  return {
    status: 500,
    headers,
    problem: problem(500, 'INTERNAL', 'Something went wrong on our side. Please retry later.', requestId),
    severity: 'server',
  };
};

/** What a log line may say about an error: its name, message and cause chain, never a stack trace. */
export const describeError = (err: unknown, depth = 0): Record<string, unknown> => {
  if (!(err instanceof Error)) return { value: typeof err };
  const described: Record<string, unknown> = { name: err.name, message: err.message };
  const status = (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number') described.status = status;
  if (err.cause !== undefined && depth < 3) described.cause = describeError(err.cause, depth + 1);
  return described;
};
