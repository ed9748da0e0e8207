/**
 * Settings read from the environment once per container and checked at start: a wrong setting fails
 * loudly at cold start instead of on some later request.
 */
import * as z from 'zod';
import { ConfigurationError } from './errors.js';

const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = z.preprocess(blankAsUndefined, z.string().trim().optional());

const environmentSchema = z.object({
  ANALYZE_ENGINE: z.preprocess(blankAsUndefined, z.enum(['auto', 'catalog', 'openai']).default('auto')),
  OPENAI_API_KEY: optionalText,
  OPENAI_SECRET_ID: optionalText,
  OPENAI_BASE_URL: z.preprocess(blankAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_MODEL: z.preprocess(blankAsUndefined, z.string().trim().default('gpt-4.1-mini')),
  SECRET_MAX_AGE_SECONDS: z.preprocess(blankAsUndefined, z.coerce.number().int().min(0).max(86_400).default(300)),
  CACHE_TTL_SECONDS: z.preprocess(blankAsUndefined, z.coerce.number().int().min(0).max(86_400).default(3_600)),
  // None by default: the page is served from the API's own origin and needs no CORS.
  CORS_ALLOW_ORIGINS: z.preprocess(blankAsUndefined, z.string().default('')),
  STATE_TABLE_NAME: optionalText,
  // About 2,300 typical analyses a day: a little over $2 with gpt-4.1-mini at the prices of writing.
  MODEL_DAILY_TOKEN_BUDGET: z.preprocess(blankAsUndefined, z.coerce.number().int().min(0).default(3_000_000)),
  CACHE_MAX_ENTRIES: z.preprocess(blankAsUndefined, z.coerce.number().int().min(0).max(100_000).default(1_000)),
});

export interface Config {
  engine: 'catalog' | 'openai';
  openai: {
    apiKey: string | undefined;
    secretId: string | undefined;
    baseURL: string | undefined;
    model: string;
    secretMaxAgeSeconds: number;
  };
  cache: { ttlSeconds: number; maxEntries: number };
  /** The shared state's DynamoDB table; absent: in memory. */
  stateTableName: string | undefined;
  /** The day's model token budget; 0 for none. */
  dailyTokenBudget: number;
  /** Origins whose pages may call the API from a browser; `*` for any. */
  corsOrigins: string[];
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigurationError(`Invalid setting ${String(issue?.path[0])}: ${issue?.message}`);
  }
  const e = parsed.data;
  const hasKey = e.OPENAI_API_KEY !== undefined || e.OPENAI_SECRET_ID !== undefined;
  if (e.ANALYZE_ENGINE === 'openai' && !hasKey) {
    throw new ConfigurationError('ANALYZE_ENGINE=openai needs OPENAI_API_KEY or OPENAI_SECRET_ID.');
  }
  return {
    // `auto`: the model when a key is configured, otherwise the embedded catalogue, so a fresh checkout runs.
    engine: e.ANALYZE_ENGINE === 'auto' ? (hasKey ? 'openai' : 'catalog') : e.ANALYZE_ENGINE,
    openai: {
      apiKey: e.OPENAI_API_KEY,
      secretId: e.OPENAI_SECRET_ID,
      baseURL: e.OPENAI_BASE_URL,
      model: e.OPENAI_MODEL,
      secretMaxAgeSeconds: e.SECRET_MAX_AGE_SECONDS,
    },
    cache: { ttlSeconds: e.CACHE_TTL_SECONDS, maxEntries: e.CACHE_MAX_ENTRIES },
    stateTableName: e.STATE_TABLE_NAME,
    dailyTokenBudget: e.MODEL_DAILY_TOKEN_BUDGET,
    corsOrigins: e.CORS_ALLOW_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
};
