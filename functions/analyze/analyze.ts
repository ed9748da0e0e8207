/**
 * The use case: a description in, a ranked stack out. Plain TypeScript; its collaborators arrive as
 * interfaces, so it is tested without AWS or HTTP.
 */
import { createHash } from 'node:crypto';
import { type CacheStatus, cacheKey, type StackCache } from './cache.js';
import { type AnalyzeRequest, type AnalyzeResponse, type Category, DEFAULT_PROVIDERS_PER_CATEGORY } from './contract.js';
import type { Engine } from './engines/engine.js';
import { ProviderUnavailableError } from './errors.js';
import type { Log } from './logger.js';
import { shape } from './shape.js';

export interface AnalyzeDeps {
  engine: Engine;
  logger: Log;
  /** Absent: every request asks the engine. */
  cache?: StackCache | undefined;
  now?: () => number;
}

export interface AnalyzeResult {
  response: AnalyzeResponse;
  cache: CacheStatus;
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
  { engine, logger, cache, now = performance.now.bind(performance) }: AnalyzeDeps,
  { signal, budgetMs }: AnalyzeOptions = {},
): Promise<AnalyzeResult> => {
  const providersPerCategory = request.providersPerCategory ?? DEFAULT_PROVIDERS_PER_CATEGORY;
  const started = now();
  const compute = async (): Promise<Category[]> => {
    const raw = await engine.recommend({ description: request.description, providersPerCategory, signal, budgetMs });
    const categories = shape(raw, { providersPerCategory });
    // Everything the engine said was unusable: for a model that is a provider fault, not an empty 200.
    if (categories.length === 0) throw new ProviderUnavailableError('no_usable_categories');
    return categories;
  };
  const key = cacheKey({ description: request.description, providersPerCategory, engine: `${engine.name}/${engine.version}` });
  const { categories, status } = cache
    ? await cache.getOrCompute(key, compute)
    : { categories: await compute(), status: 'MISS' as const };
  logger.info('analysis', {
    engine: engine.name,
    engineVersion: engine.version,
    cache: status,
    descriptionLength: request.description.length,
    descriptionHash: fingerprint(request.description),
    categories: categories.length,
    latencyMs: Math.round((now() - started) * 100) / 100,
  });
  return { response: { query: request.description, categories }, cache: status };
};
