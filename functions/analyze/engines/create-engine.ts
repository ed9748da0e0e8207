import type { Config } from '../config.js';
import type { Log } from '../logger.js';
import { createCatalogEngine } from './catalog/catalog-engine.js';
import type { Engine } from './engine.js';

/**
 * The engine the configuration asks for; config.ts has already checked that it can be built. The
 * OpenAI engine, with the openai and AWS SDKs behind it, is loaded only when configured, so a
 * catalogue-only container never pays for them at cold start.
 */
export const createEngine = async (config: Config, logger: Log): Promise<Engine> => {
  if (config.engine === 'catalog') return createCatalogEngine();
  const [{ createOpenAIEngine }, { keyFromEnvironment, keyFromSecretsManager }] = await Promise.all([
    import('./openai/openai-engine.js'),
    import('./openai/api-key.js'),
  ]);
  const { apiKey, secretId, secretMaxAgeSeconds, model, baseURL } = config.openai;
  // A key in the environment wins: that is how a developer runs against OpenAI locally.
  const key = apiKey ? keyFromEnvironment(apiKey) : keyFromSecretsManager(secretId as string, secretMaxAgeSeconds);
  return createOpenAIEngine({ apiKey: key, model, baseURL, logger });
};
