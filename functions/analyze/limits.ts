/**
 * The contract's values, plain: limits, error codes, content types and the messages a client reads.
 * contract.ts builds its zod schemas from these; the running function checks requests with them
 * directly (check-request.ts), so zod never loads on a cold start.
 */
export { CATEGORY_IDS, CATEGORY_NAMES, type CategoryId } from './category-ids.js';

/** The function's doors. */
export const ANALYZE_PATH = '/api/analyze';
export const MCP_PATH = '/mcp';
/** The OpenAPI document: a static file, served beside the page. */
export const OPENAPI_PATH = '/api/openapi.json';

export const DESCRIPTION_MIN_CHARS = 10;
export const DESCRIPTION_MAX_CHARS = 5_000;
/** Larger bodies are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 64 * 1024;
export const DEFAULT_PROVIDERS_PER_CATEGORY = 3;
export const MAX_PROVIDERS_PER_CATEGORY = 5;
/** No answer lists more categories than this. */
export const MAX_CATEGORIES = 10;

/** Characters as a person counts them: code points, so an emoji is one character, not two. */
export const countChars = (text: string): number => {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
};

/** What a client reads when a request is refused: one wording, in the schema and in the runtime check. */
export const MESSAGES = {
  descriptionRequired: 'description is required.',
  descriptionNotString: 'description must be a string.',
  descriptionEmpty: 'description must not be empty.',
  descriptionTooShort: (got: number) =>
    `description must be at least ${DESCRIPTION_MIN_CHARS} characters after trimming (got ${got}).`,
  descriptionTooLong: (got: number) => `description must be at most ${DESCRIPTION_MAX_CHARS} characters (got ${got}).`,
  providersPerCategory: `providersPerCategory must be an integer from 1 to ${MAX_PROVIDERS_PER_CATEGORY}.`,
  invalidBody: 'The body must be a JSON object such as {"description": "…"}.',
} as const;

export const PROBLEM_CODES = [
  'INVALID_JSON',
  'INVALID_BODY',
  'DESCRIPTION_REQUIRED',
  'DESCRIPTION_INVALID',
  'DESCRIPTION_TOO_SHORT',
  'DESCRIPTION_TOO_LONG',
  'PROVIDERS_PER_CATEGORY_INVALID',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'THROTTLED',
  'AI_PROVIDER_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
