/**
 * The request check the running function uses: the contract's rules (contract.ts) without zod, so a
 * cold start does not load it. Same codes, same messages, same order; a property test holds this to
 * the schema on generated bodies.
 */
import type { AnalyzeRequest, RequestCheck } from './contract.js';
import { countChars, DESCRIPTION_MAX_CHARS, DESCRIPTION_MIN_CHARS, MAX_PROVIDERS_PER_CATEGORY, MESSAGES } from './limits.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isProvidersPerCategory = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_PROVIDERS_PER_CATEGORY;

export const checkAnalyzeRequest = (body: unknown): RequestCheck => {
  if (!isObject(body)) return { ok: false, code: 'INVALID_BODY', detail: MESSAGES.invalidBody };
  const { description, providersPerCategory } = body;
  if (description === undefined || description === null)
    return { ok: false, code: 'DESCRIPTION_REQUIRED', detail: MESSAGES.descriptionRequired };
  if (typeof description !== 'string') return { ok: false, code: 'DESCRIPTION_INVALID', detail: MESSAGES.descriptionNotString };
  const trimmed = countChars(description.trim());
  if (trimmed === 0) return { ok: false, code: 'DESCRIPTION_REQUIRED', detail: MESSAGES.descriptionEmpty };
  if (trimmed < DESCRIPTION_MIN_CHARS)
    return { ok: false, code: 'DESCRIPTION_TOO_SHORT', detail: MESSAGES.descriptionTooShort(trimmed) };
  const length = countChars(description);
  if (length > DESCRIPTION_MAX_CHARS)
    return { ok: false, code: 'DESCRIPTION_TOO_LONG', detail: MESSAGES.descriptionTooLong(length) };
  if (providersPerCategory !== undefined && !isProvidersPerCategory(providersPerCategory))
    return { ok: false, code: 'PROVIDERS_PER_CATEGORY_INVALID', detail: MESSAGES.providersPerCategory };
  // Unknown fields are ignored, as the schema strips them.
  const request: AnalyzeRequest = providersPerCategory === undefined ? { description } : { description, providersPerCategory };
  return { ok: true, request };
};
