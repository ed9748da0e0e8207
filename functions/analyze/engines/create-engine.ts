import type { Config } from '../config.js';
import type { Log } from '../logger.js';
import { createCatalogEngine } from './catalog/catalog-engine.js';
import type { Engine } from './engine.js';
import { type ApiKeySource, keyFromEnvironment, keyFromSecretsManager } from './openai/api-key.js';
import { createOpenAIEngine } from './openai/openai-engine.js';

/** The engine the configuration asks for; config.ts has already checked that it can be built. */
export const createEngine = (config: Config, logger: Log): Engine => {
  if (config.engine === 'catalog') return createCatalogEngine();
  const { apiKey, secretId, secretMaxAgeSeconds, model, baseURL } = config.openai;
  // A key in the environment wins: that is how a developer runs against OpenAI locally.
  const key: ApiKeySource = apiKey ? keyFromEnvironment(apiKey) : keyFromSecretsManager(secretId as string, secretMaxAgeSeconds);
  return createOpenAIEngine({ apiKey: key, model, baseURL, logger });
};
