/**
 * A typical model answer: six categories of three providers, in the model output schema. Grounded
 * answers name catalogue candidates and leave their facts null; `spelledOut` writes every fact out
 * (the catalogue's own wording), the size of an answer that names no catalogue provider.
 */
import type { CategoryId } from '../functions/analyze/contract.js';
import { recommendFromCatalog } from '../functions/analyze/engines/catalog/catalog-engine.js';
import type { ModelOutput } from '../functions/analyze/engines/openai/model-output.js';
import { TYPICAL_DESCRIPTION } from './descriptions.js';

export const TYPICAL_CATEGORIES = 6;
export const TYPICAL_PROVIDERS = 3;

export const typicalModelAnswer = ({ spelledOut = false } = {}): ModelOutput => {
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
        description: spelledOut ? (p.description ?? '') : null,
        bestUseCases: spelledOut ? [...(p.bestUseCases ?? [])] : null,
        website: spelledOut ? (p.website ?? '') : null,
      })),
    })),
  };
};
