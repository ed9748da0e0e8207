/**
 * The response cache: one LRU per container, bounded in entries and bytes, entries living `ttl`.
 * lru-cache's fetch() also coalesces: identical requests arriving together share one engine call.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Category } from './contract.js';

export type CacheStatus = 'HIT' | 'MISS';

export interface StackCache {
  /** The cached categories for `key`, or those `compute` produces (then cached); never an error cached. */
  getOrCompute(key: string, compute: () => Promise<Category[]>): Promise<{ categories: Category[]; status: CacheStatus }>;
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
}

const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

export const createLruStackCache = ({
  maxEntries,
  ttlSeconds,
  maxBytes = DEFAULT_MAX_BYTES,
}: LruStackCacheOptions): StackCache | undefined => {
  // Switched off: no cache at all, which the use case already handles.
  if (maxEntries <= 0 || ttlSeconds <= 0) return undefined;
  type Compute = () => Promise<Category[]>;
  const lru = new LRUCache<string, Category[], Compute>({
    max: maxEntries,
    ttl: ttlSeconds * 1_000,
    maxSize: maxBytes,
    sizeCalculation: (categories) => Math.max(1, JSON.stringify(categories).length),
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    getOrCompute: async (key, compute) => {
      const status: LRUCache.Status<string, Category[], Compute> = {};
      const categories = await lru.fetch(key, { context: compute, status });
      if (categories === undefined) throw new Error('The response cache returned nothing for a computed entry.');
      return { categories, status: status.fetch === 'hit' ? 'HIT' : 'MISS' };
    },
  };
};
