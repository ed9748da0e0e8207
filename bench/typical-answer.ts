/**
 * A typical model answer: six categories of three providers, in the model output schema, with the
 * catalogue's own wording (names, sentences, use cases, sites) so its size is realistic.
 */
import type { CategoryId } from '../functions/analyze/contract.js';
import { recommendFromCatalog } from '../functions/analyze/engines/catalog/catalog-engine.js';
import type { ModelOutput } from '../functions/analyze/engines/openai/prompt.js';
import { TYPICAL_DESCRIPTION } from './descriptions.js';

export const TYPICAL_CATEGORIES = 6;
export const TYPICAL_PROVIDERS = 3;

export const typicalModelAnswer = (): ModelOutput => {
  const raw = recommendFromCatalog(TYPICAL_DESCRIPTION, TYPICAL_PROVIDERS);
  if (raw.categories.length < TYPICAL_CATEGORIES) {
    throw new Error(`The typical description yields ${raw.categories.length} categories, fewer than ${TYPICAL_CATEGORIES}.`);
  }
  return {
    categories: raw.categories.slice(0, TYPICAL_CATEGORIES).map((category) => ({
      id: category.id as CategoryId,
      reason: category.reason ?? '',
      providers: category.providers.slice(0, TYPICAL_PROVIDERS).map((p) => ({
        name: p.name,
        description: p.description ?? '',
        bestUseCases: [...(p.bestUseCases ?? [])],
        website: p.website ?? '',
      })),
    })),
  };
};
