/**
 * The model's answer checked against model-output.ts's rules without zod, so a model container does not
 * load it: the same rules, held to the schema by a property test.
 */
import { CATEGORY_IDS } from '../../limits.js';
import type { ModelOutput } from './model-output.js';

/** The answer breaks the schema: the engine asks once more, then reports the provider unusable. */
export class InvalidModelOutputError extends Error {
  override readonly name = 'InvalidModelOutputError';
}

const IDS: ReadonlySet<string> = new Set(CATEGORY_IDS);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';
const isStringsOrNull = (value: unknown) =>
  value === null || (Array.isArray(value) && value.every((item) => typeof item === 'string'));

const isProvider = (value: unknown): boolean =>
  isObject(value) &&
  typeof value.name === 'string' &&
  isStringOrNull(value.description) &&
  isStringsOrNull(value.bestUseCases) &&
  isStringOrNull(value.website);

const isCategory = (value: unknown): boolean =>
  isObject(value) &&
  typeof value.id === 'string' &&
  IDS.has(value.id) &&
  typeof value.reason === 'string' &&
  Array.isArray(value.providers) &&
  value.providers.every(isProvider);

/** Whether a parsed value is a valid answer; extra fields are ignored, as the schema ignores them. */
export const isModelOutput = (value: unknown): value is ModelOutput =>
  isObject(value) && Array.isArray(value.categories) && value.categories.every(isCategory);

/** The answer's text as a ModelOutput, or InvalidModelOutputError when it is not JSON or breaks the schema. */
export const parseModelOutput = (content: string | null | undefined): ModelOutput => {
  let value: unknown;
  try {
    value = JSON.parse(content ?? '');
  } catch (err: unknown) {
    throw new InvalidModelOutputError('The model answered with something that is not JSON.', { cause: err });
  }
  if (!isModelOutput(value)) throw new InvalidModelOutputError('The model answer breaks the schema.');
  return value;
};
