/**
 * The use case: a description in, a ranked stack out. Plain TypeScript; its collaborators arrive as
 * interfaces, so it is tested without AWS or HTTP.
 */
import { createHash } from 'node:crypto';
import { type AnalyzeRequest, type AnalyzeResponse, DEFAULT_PROVIDERS_PER_CATEGORY } from './contract.js';
import type { Engine } from './engines/engine.js';
import { ProviderUnavailableError } from './errors.js';
import type { Log } from './logger.js';
import { shape } from './shape.js';

export interface AnalyzeDeps {
  engine: Engine;
  logger: Log;
  now?: () => number;
}

export interface AnalyzeOptions {
  signal?: AbortSignal | undefined;
  /** Milliseconds left for the engine, all attempts included. */
  budgetMs?: number | undefined;
}

/** Logs may say how long a description was and which one it was, never what it said. */
export const fingerprint = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

export const analyze = async (
  request: AnalyzeRequest,
  { engine, logger, now = performance.now.bind(performance) }: AnalyzeDeps,
  { signal, budgetMs }: AnalyzeOptions = {},
): Promise<AnalyzeResponse> => {
  const providersPerCategory = request.providersPerCategory ?? DEFAULT_PROVIDERS_PER_CATEGORY;
  const started = now();
  const raw = await engine.recommend({ description: request.description, providersPerCategory, signal, budgetMs });
  const categories = shape(raw, { providersPerCategory });
  logger.info('analysis', {
    engine: engine.name,
    engineVersion: engine.version,
    descriptionLength: request.description.length,
    descriptionHash: fingerprint(request.description),
    categories: categories.length,
    latencyMs: Math.round((now() - started) * 100) / 100,
  });
  // Everything the engine said was unusable: for a model that is a provider fault, not an empty 200.
  if (categories.length === 0) throw new ProviderUnavailableError('no_usable_categories');
  return { query: request.description, categories };
};
