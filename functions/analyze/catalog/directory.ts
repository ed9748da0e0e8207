import type { CategoryId } from '../category-ids.js';
import { providersNamed } from './catalog.js';
import type { ProviderFacts } from './types.js';

/**
 * The catalogue as the source of truth for a provider a model named: the entry in the same category
 * first, then the same product listed under another category.
 */
export const findCatalogProvider = (name: string, category?: CategoryId): ProviderFacts | undefined => {
  const found = providersNamed(name);
  return (found.find((p) => p.category === category) ?? found[0])?.entry;
};
