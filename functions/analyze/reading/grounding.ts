/**
 * The catalogue's reading as the model is given it: the likely categories, the job wanted in each
 * and the providers that fit it under the stated constraints, plus the constraints themselves, so
 * the model's answer starts from what the catalogue knows and honours what the description states.
 */

import { constraintFacts } from '../catalog/catalog.js';
import type { CategoryId } from '../category-ids.js';
import { rankProviders } from './rank.js';
import type { Reading } from './reading.js';

export interface GroundingCategory {
  category: CategoryId;
  /** The job wanted in the category, when the text asks for one: "PDF generation". */
  job?: string | undefined;
  /** Catalogue providers that do that job under the constraints, best first. */
  candidates: readonly string[];
}

export interface Grounding {
  categories: readonly GroundingCategory[];
  /** The constraints the description states, in words, with the phrase that stated each. */
  constraints: readonly string[];
}

/** How many catalogue candidates the model is offered per likely category. */
const CANDIDATES = 5;
/** Categories just under the selection threshold are offered too: the model may judge them better. */
const EXTRA_CATEGORIES = 3;

export const groundingFor = (reading: Reading): Grounding => {
  const chosen = reading.categories;
  const runnersUp = [...reading.needs.entries()]
    .filter(([id, need]) => !chosen.includes(id) && need.score >= 1)
    .sort(([, x], [, y]) => y.score - x.score)
    .slice(0, EXTRA_CATEGORIES)
    .map(([id]) => id);
  const categories = [...chosen, ...runnersUp].map((category) => {
    const { providers, job } = rankProviders(category, reading, CANDIDATES);
    const asked = (reading.needs.get(category)?.jobs.get(job?.id ?? '')?.score ?? 0) > 0;
    return { category, job: asked ? job?.name : undefined, candidates: providers.slice(0, CANDIDATES).map((p) => p.entry.name) };
  });
  const constraints = [...reading.constraints.entries()].map(([id, { strength, evidence }]) => {
    const label = constraintFacts(id)?.label ?? id;
    return `${label} (${strength === 'require' ? 'required' : 'preferred'}: “${evidence}”)`;
  });
  return { categories, constraints };
};
