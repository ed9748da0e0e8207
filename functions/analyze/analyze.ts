/**
 * The use case: a description in, a ranked stack out. Plain TypeScript; its collaborators arrive as
 * interfaces, so it is tested without AWS or HTTP.
 */
import { createHash } from 'node:crypto';
import type { TokenBudget } from './budget.js';
import { type CacheStatus, type Computed, cacheKey, type StackCache } from './cache.js';
import type { AnalyzeRequest, AnalyzeResponse } from './contract.js';
import type { Engine, EngineName } from './engines/engine.js';
import { ProviderUnavailableError } from './errors.js';
import { DEFAULT_PROVIDERS_PER_CATEGORY } from './limits.js';
import type { Log } from './logger.js';
import { type Meter, noMeter } from './metrics.js';
import { shape } from './shape.js';

export interface AnalyzeDeps {
  engine: Engine;
  logger: Log;
  /** Absent: every request asks the engine. */
  cache?: StackCache | undefined;
  /** The day's model token budget; once spent, `fallback` answers. */
  budget?: TokenBudget | undefined;
  fallback?: Engine | undefined;
  meter?: Meter | undefined;
  now?: () => number;
}

export interface AnalyzeResult {
  response: AnalyzeResponse;
  cache: CacheStatus;
  /** Which engine produced the answer (X-Engine). */
  engine: EngineName;
}

export interface AnalyzeOptions {
  signal?: AbortSignal | undefined;
  /** Milliseconds left for the engine, all attempts included. */
  budgetMs?: number | undefined;
  /** The caller's network address, for the model provider's abuse controls (hashed before it leaves). */
  client?: string | undefined;
}

/** Logs may say how long a description was and which one it was, never what it said. */
export const fingerprint = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A step that must never fail the request (the budget's bookkeeping): reported, then passed over. */
const tolerate = async <T>(logger: Log, what: string, work: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await work();
  } catch (err: unknown) {
    logger.warn('token budget unavailable; going on without it', { what, error: err instanceof Error ? err.name : 'unknown' });
    return undefined;
  }
};

export const analyze = async (
  request: AnalyzeRequest,
  { engine, logger, cache, budget, fallback, meter = noMeter, now = performance.now.bind(performance) }: AnalyzeDeps,
  { signal, budgetMs, client }: AnalyzeOptions = {},
): Promise<AnalyzeResult> => {
  const providersPerCategory = request.providersPerCategory ?? DEFAULT_PROVIDERS_PER_CATEGORY;
  const started = now();
  const compute = async (): Promise<Computed> => {
    // A spent budget hands the request to the catalogue, with no model call; that answer is not
    // cached as the model's, so tomorrow the model answers again.
    const spent = budget && fallback ? await tolerate(logger, 'read', () => budget.spent()) : false;
    const chosen = spent && fallback ? fallback : engine;
    if (chosen !== engine) {
      logger.warn('model token budget spent for today: the catalogue answers', { dailyTokens: budget?.dailyTokens });
      meter.count('BudgetFallbacks');
    }
    let raw: Awaited<ReturnType<Engine['recommend']>>;
    try {
      raw = await chosen.recommend({ description: request.description, providersPerCategory, signal, budgetMs, client });
    } catch (err: unknown) {
      if (err instanceof ProviderUnavailableError) meter.count('ProviderFailures');
      throw err;
    }
    if (raw.usage) {
      meter.count('ModelCalls');
      meter.count('ModelInputTokens', raw.usage.inputTokens);
      meter.count('ModelOutputTokens', raw.usage.outputTokens);
      if (budget)
        await tolerate(logger, 'record', () => budget.record(raw.usage ? raw.usage.inputTokens + raw.usage.outputTokens : 0));
    }
    const categories = shape(raw, { providersPerCategory });
    // Everything the engine said was unusable: for a model that is a provider fault, not an empty 200.
    if (categories.length === 0) {
      meter.count('ProviderFailures');
      throw new ProviderUnavailableError('no_usable_categories');
    }
    return { categories, engine: chosen.name, cacheable: chosen === engine };
  };
  const key = cacheKey({ description: request.description, providersPerCategory, engine: `${engine.name}/${engine.version}` });
  const {
    categories,
    status,
    level,
    engine: answeredBy,
  } = cache ? await cache.getOrCompute(key, compute) : { ...(await compute()), status: 'MISS' as const, level: undefined };
  meter.count(level === 'container' ? 'CacheHitsContainer' : level === 'shared' ? 'CacheHitsShared' : 'CacheMisses');
  logger.info('analysis', {
    engine: answeredBy,
    engineVersion: answeredBy === engine.name ? engine.version : fallback?.version,
    cache: status,
    cacheLevel: level,
    descriptionLength: request.description.length,
    descriptionHash: fingerprint(request.description),
    categories: categories.length,
    latencyMs: Math.round((now() - started) * 100) / 100,
  });
  return { response: { query: request.description, categories }, cache: status, engine: answeredBy };
};
