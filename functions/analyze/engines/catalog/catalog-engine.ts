/**
 * The embedded engine: no network, no account. Decides which categories a project needs from its
 * description, orders them by importance and ranks each category's providers.
 */
import { CATEGORY_IDS, type CategoryId } from '../../category-ids.js';
import type { Engine, EngineRequest, RawCategory, RawRecommendation } from '../engine.js';
import type { Grounding } from '../openai/prompt.js';
import { catalogVersion } from './catalog.js';
import { type CategoryNeed, type Profile, readProfile } from './profile.js';
import { rankProviders } from './rank.js';

/** Score a category needs to be recommended: one strong signal, or two hints. */
const SELECTION_THRESHOLD = 2;
/** What a description with no recognisable need gets: the backbone of a web application. */
const FALLBACK: readonly CategoryId[] = ['frontend', 'backend', 'database', 'hosting'];
const TAXONOMY_ORDER = new Map<CategoryId, number>(CATEGORY_IDS.map((id, i) => [id, i]));

/** Small descriptions get small stacks: a landing page is not a platform. */
const maxCategoriesFor = (wordCount: number): number =>
  wordCount <= 6 ? 3 : wordCount <= 10 ? 4 : wordCount <= 20 ? 7 : wordCount <= 35 ? 9 : 10;

const quoteList = (evidence: readonly string[]): string =>
  evidence
    .slice(0, 3)
    .map((e) => `“${e}”`)
    .join(', ');

const reasonFor = (need: CategoryNeed | undefined, notes: readonly string[]): string => {
  let why = 'A general web application usually needs it';
  if (need && need.evidence.length > 0) why = `The description mentions ${quoteList(need.evidence)}`;
  else if (need && need.impliedBy.length > 0) why = `Usually needed with ${need.impliedBy.slice(0, 3).join(', ')}`;
  return notes.length > 0 ? `${why}; ranked for ${notes.join(', ')}.` : `${why}.`;
};

/**
 * Which categories, most important first. Selection is by total score; within the selection, what the
 * description itself talks about comes before what its shape merely implies.
 */
const chooseCategories = (profile: Profile): CategoryId[] => {
  const byScore = ([a, x]: [CategoryId, CategoryNeed], [b, y]: [CategoryId, CategoryNeed]) =>
    y.score - x.score || y.direct - x.direct || (TAXONOMY_ORDER.get(a) ?? 0) - (TAXONOMY_ORDER.get(b) ?? 0);
  const selected = [...profile.needs.entries()]
    .filter(([, need]) => need.score >= SELECTION_THRESHOLD)
    .sort(byScore)
    .slice(0, maxCategoriesFor(profile.wordCount));
  if (selected.length === 0) return [...FALLBACK];
  const stated = ([, need]: [CategoryId, CategoryNeed]) => (need.direct >= SELECTION_THRESHOLD ? 0 : 1);
  return selected.sort((x, y) => stated(x) - stated(y) || byScore(x, y)).map(([id]) => id);
};

export const recommendFromCatalog = (description: string, providersPerCategory: number): RawRecommendation => {
  const profile = readProfile(description);
  const categories: RawCategory[] = chooseCategories(profile).map((id) => {
    const { providers, notes } = rankProviders(id, profile);
    return {
      id,
      reason: reasonFor(profile.needs.get(id), notes),
      providers: providers.slice(0, providersPerCategory).map(({ entry }) => ({
        name: entry.name,
        description: entry.description,
        bestUseCases: entry.bestUseCases,
        website: entry.website,
      })),
    };
  });
  return { categories };
};

export const createCatalogEngine = (): Engine => ({
  name: 'catalog',
  get version() {
    return `catalog-${catalogVersion()}`;
  },
  recommend: async ({ description, providersPerCategory }: EngineRequest) =>
    recommendFromCatalog(description, providersPerCategory),
});

/** How many catalogue candidates the model is offered per likely category. */
const GROUNDING_CANDIDATES = 5;
/** Categories just under the selection threshold are offered too: the model may judge them better. */
const GROUNDING_EXTRA_CATEGORIES = 3;

/**
 * The catalogue's view of a description, offered to the model to ground its answer: the likely
 * categories and, for each, the providers the catalogue would rank first.
 */
export const groundingFor = (description: string): Grounding[] => {
  const profile = readProfile(description);
  const chosen = chooseCategories(profile);
  const runnersUp = [...profile.needs.entries()]
    .filter(([id, need]) => !chosen.includes(id) && need.score >= 1)
    .sort(([, x], [, y]) => y.score - x.score)
    .slice(0, GROUNDING_EXTRA_CATEGORIES)
    .map(([id]) => id);
  return [...chosen, ...runnersUp].map((id) => ({
    category: id,
    candidates: rankProviders(id, profile)
      .providers.slice(0, GROUNDING_CANDIDATES)
      .map((p) => p.entry.name),
  }));
};
