import type { Config } from '../config.js';
import type { Log } from '../logger.js';
import { createCatalogEngine } from './catalog/catalog-engine.js';
import type { Engine } from './engine.js';

/** The engine the configuration asks for. */
export const createEngine = (config: Config, _logger: Log): Engine => {
  switch (config.engine) {
    case 'catalog':
      return createCatalogEngine();
    case 'openai':
      throw new Error('The OpenAI engine is not built yet.');
  }
};
