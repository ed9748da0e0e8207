/**
 * Settings read from the environment once per container and checked at start: a wrong setting fails
 * loudly at cold start instead of on some later request. Plain checks rather than a schema library, so
 * reading six variables costs a cold start nothing.
 */
import { ConfigurationError } from './errors.js';

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
  /** Origins whose pages may call the API from a browser; `*` for any; none by default. */
  corsOrigins: string[];
}

type Env = Record<string, string | undefined>;

/** A setting's value, trimmed; blank counts as unset. */
const text = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

const integer = (env: Env, name: string, { min, max, fallback }: { min: number; max: number; fallback: number }): number => {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigurationError(`Invalid setting ${name}: expected a whole number from ${min} to ${max}, got "${value}".`);
  return n;
};

const oneOf = <T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T => {
  const value = text(env, name) ?? fallback;
  if (!(values as readonly string[]).includes(value))
    throw new ConfigurationError(`Invalid setting ${name}: expected one of ${values.join(', ')}, got "${value}".`);
  return value as T;
};

const httpUrl = (env: Env, name: string): string | undefined => {
  const value = text(env, name);
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
    throw new ConfigurationError(`Invalid setting ${name}: expected an http(s) URL, got "${value}".`);
  return value;
};

export const loadConfig = (env: Env = process.env): Config => {
  const engine = oneOf(env, 'ANALYZE_ENGINE', ['auto', 'catalog', 'openai'] as const, 'auto');
  const apiKey = text(env, 'OPENAI_API_KEY');
  const secretId = text(env, 'OPENAI_SECRET_ID');
  const hasKey = apiKey !== undefined || secretId !== undefined;
  if (engine === 'openai' && !hasKey) {
    throw new ConfigurationError('ANALYZE_ENGINE=openai needs OPENAI_API_KEY or OPENAI_SECRET_ID.');
  }
  return {
    // `auto`: the model when a key is configured, otherwise the embedded catalogue, so a fresh checkout runs.
    engine: engine === 'auto' ? (hasKey ? 'openai' : 'catalog') : engine,
    openai: {
      apiKey,
      secretId,
      baseURL: httpUrl(env, 'OPENAI_BASE_URL'),
      model: text(env, 'OPENAI_MODEL') ?? 'gpt-4.1-mini',
      secretMaxAgeSeconds: integer(env, 'SECRET_MAX_AGE_SECONDS', { min: 0, max: 86_400, fallback: 300 }),
    },
    cache: {
      ttlSeconds: integer(env, 'CACHE_TTL_SECONDS', { min: 0, max: 86_400, fallback: 3_600 }),
      maxEntries: integer(env, 'CACHE_MAX_ENTRIES', { min: 0, max: 100_000, fallback: 1_000 }),
    },
    stateTableName: text(env, 'STATE_TABLE_NAME'),
    // About 1,000 analyses a day (~2,900 tokens each): $1.30 to $1.90 a day with gpt-4.1-mini at the prices of writing.
    dailyTokenBudget: integer(env, 'MODEL_DAILY_TOKEN_BUDGET', { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 3_000_000 }),
    // None by default: the page is served from the API's own origin and needs no CORS.
    corsOrigins: (text(env, 'CORS_ALLOW_ORIGINS') ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
};
