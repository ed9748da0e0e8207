/**
 * The response cache: one LRU per container, bounded in entries and bytes, entries living `ttl`;
 * behind it, optionally, the state shared by every container (model answers only: the catalogue
 * answers faster than a table read). lru-cache's fetch() also coalesces: identical requests arriving
 * together share one engine call.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Category } from './contract.js';
import type { EngineName } from './engines/engine.js';
import type { Log } from './logger.js';
import type { SharedState } from './state.js';

export type CacheStatus = 'HIT' | 'MISS';
/** Where a hit came from: this container's memory, or the state every container shares. */
export type CacheLevel = 'container' | 'shared';

/** An answer as cached: the categories and the engine that produced them (X-Engine). */
export interface CachedAnswer {
  categories: Category[];
  engine: EngineName;
}

export interface Computed extends CachedAnswer {
  /** False for an answer that must not outlive the request (the catalogue standing in for a spent model budget). */
  cacheable: boolean;
}

export interface StackCache {
  /** The cached answer for `key`, or the one `compute` produces (then cached); never an error cached. */
  getOrCompute(
    key: string,
    compute: () => Promise<Computed>,
  ): Promise<CachedAnswer & { status: CacheStatus; level?: CacheLevel | undefined }>;
}

export interface CacheKeyParts {
  description: string;
  providersPerCategory: number;
  /** Engine name and version: model and prompt version, or catalogue version. */
  engine: string;
}

/**
 * Descriptions that differ only in spacing or Unicode form are one question. Case is kept: the
 * catalogue engine reads a capitalised "Render" as the product and a lower-case one as the verb.
 */
export const cacheKey = ({ description, providersPerCategory, engine }: CacheKeyParts): string =>
  createHash('sha256')
    .update(JSON.stringify([engine, providersPerCategory, description.normalize('NFC').trim().replace(/\s+/g, ' ')]))
    .digest('base64url');

export interface LruStackCacheOptions {
  maxEntries: number;
  ttlSeconds: number;
  /** Upper bound on the cached answers' total size, in bytes of JSON. */
  maxBytes?: number;
  /** The state every container shares; absent: this container's memory only. */
  shared?: SharedState | undefined;
  /** Where a failing shared state is reported: it never fails a request. */
  logger?: Log | undefined;
}

const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

interface FetchContext {
  compute: () => Promise<Computed>;
  level?: CacheLevel;
  cacheable?: boolean;
}

export const createLruStackCache = ({
  maxEntries,
  ttlSeconds,
  maxBytes = DEFAULT_MAX_BYTES,
  shared,
  logger,
}: LruStackCacheOptions): StackCache | undefined => {
  // Switched off: no cache at all, which the use case already handles.
  if (maxEntries <= 0 || ttlSeconds <= 0) return undefined;
  const tolerate = async <T>(what: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (err: unknown) {
      logger?.warn('shared state unavailable; going on without it', { what, error: err instanceof Error ? err.name : 'unknown' });
      return undefined;
    }
  };
  const lru = new LRUCache<string, CachedAnswer, FetchContext>({
    max: maxEntries,
    ttl: ttlSeconds * 1_000,
    maxSize: maxBytes,
    sizeCalculation: (answer) => Math.max(1, JSON.stringify(answer.categories).length),
    fetchMethod: async (key, _stale, { context }) => {
      if (shared) {
        const json = await tolerate('read', () => shared.readAnswer(key));
        if (json !== undefined) {
          context.level = 'shared';
          return JSON.parse(json) as CachedAnswer;
        }
      }
      const { cacheable, ...answer } = await context.compute();
      context.cacheable = cacheable;
      if (shared && cacheable) await tolerate('write', () => shared.writeAnswer(key, JSON.stringify(answer), ttlSeconds));
      return answer;
    },
  });
  return {
    getOrCompute: async (key, compute) => {
      const status: LRUCache.Status<string, CachedAnswer, FetchContext> = {};
      const context: FetchContext = { compute };
      const answer = await lru.fetch(key, { context, status });
      if (answer === undefined) throw new Error('The response cache returned nothing for a computed entry.');
      if (context.cacheable === false) lru.delete(key);
      if (status.fetch === 'hit') return { ...answer, status: 'HIT', level: 'container' };
      return { ...answer, status: context.level ? 'HIT' : 'MISS', level: context.level };
    },
  };
};
