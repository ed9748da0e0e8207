/**
 * Where the OpenAI key comes from: the environment locally, Secrets Manager in Lambda. The secret is
 * read through Powertools parameters, which caches it for `maxAge` seconds per container.
 */
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { ConfigurationError } from '../../errors.js';

export type ApiKeySource = () => Promise<string>;

export const keyFromEnvironment =
  (apiKey: string): ApiKeySource =>
  async () =>
    apiKey;

/** The secret may hold the key itself or JSON such as {"apiKey": "sk-…"}. */
export const readApiKey = (secret: unknown): string | undefined => {
  if (typeof secret !== 'string') return undefined;
  const text = secret.trim();
  if (!text.startsWith('{')) return text || undefined;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const key = parsed.apiKey ?? parsed.OPENAI_API_KEY ?? parsed.api_key;
    return typeof key === 'string' && key.trim() ? key.trim() : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Reads through Powertools' cache; requests that arrive together while the cache is cold share one
 * read instead of each fetching the secret.
 */
export const keyFromSecretsManager = (secretId: string, maxAgeSeconds: number): ApiKeySource => {
  let inFlight: Promise<string> | undefined;
  const read = async (): Promise<string> => {
    let secret: unknown;
    try {
      secret = await getSecret(secretId, { maxAge: maxAgeSeconds });
    } catch (err: unknown) {
      // The cause goes to the logs through the error chain; the client only ever sees a bare 500.
      throw new ConfigurationError('The OpenAI key could not be read from Secrets Manager.', { cause: err });
    }
    const key = readApiKey(secret);
    if (!key) throw new ConfigurationError('The OpenAI secret is empty or holds no apiKey.');
    return key;
  };
  return () => {
    inFlight ??= read().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
};
