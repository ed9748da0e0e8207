/**
 * The catalogue compiled once at module load: every pattern (category signals, provider keywords and
 * aliases, app shapes, constraints) in one PhraseIndex, so reading a description is a single scan.
 */
import { createHash } from 'node:crypto';
import type { CategoryId } from '../../category-ids.js';
import { CATALOG_DATA } from './data/index.js';
import { APP_SHAPES, type AppShape, CONSTRAINT_PATTERNS, type Constraint } from './lexicon.js';
import { foldText, PhraseIndex } from './text.js';
import type { CatalogProvider, CategoryData } from './types.js';

export interface IndexedProvider {
  entry: CatalogProvider;
  category: CategoryId;
}

export type Owner =
  | { kind: 'signal'; category: CategoryId; weight: number }
  | { kind: 'keyword'; provider: IndexedProvider }
  | { kind: 'mention'; provider: IndexedProvider; needsCapital: boolean }
  | { kind: 'shape'; shape: AppShape }
  | { kind: 'constraint'; constraint: Constraint; strength: 'require' | 'prefer' };

export const STRONG_SIGNAL = 2;
export const WEAK_SIGNAL = 1;

/** Lower-case letters and digits only: how names are compared ("Next.js" and "nextjs" are one name). */
export const compactName = (name: string): string =>
  foldText(name)
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');

/** A product name as a pattern: "Next.js" → "next js", "Auth0" → "auth0". */
const nameToPattern = (name: string): string =>
  foldText(name)
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Adds `name` → `provider` to the name directory, once per provider and name. */
const addName = (byName: Map<string, IndexedProvider[]>, name: string, provider: IndexedProvider): void => {
  const key = compactName(name);
  const named = byName.get(key);
  if (!named) byName.set(key, [provider]);
  else if (named.at(-1) !== provider) named.push(provider);
};

// One owner object per provider and role, shared by all its patterns: this runs at every cold start.
const build = (data: readonly CategoryData[]) => {
  const index = new PhraseIndex<Owner>();
  const byCategory = new Map<CategoryId, IndexedProvider[]>();
  const byName = new Map<string, IndexedProvider[]>();

  for (const category of data) {
    const strong: Owner = { kind: 'signal', category: category.id, weight: STRONG_SIGNAL };
    const weak: Owner = { kind: 'signal', category: category.id, weight: WEAK_SIGNAL };
    for (const pattern of category.signals.strong) index.add(pattern, strong);
    for (const pattern of category.signals.weak) index.add(pattern, weak);
    const providers: IndexedProvider[] = [];
    for (const entry of category.providers) {
      const provider: IndexedProvider = { entry, category: category.id };
      providers.push(provider);
      const keyword: Owner = { kind: 'keyword', provider };
      const mention: Owner = { kind: 'mention', provider, needsCapital: false };
      for (const pattern of entry.keywords) index.add(pattern, keyword);
      const namePattern = nameToPattern(entry.name);
      if (namePattern)
        index.add(namePattern, entry.nameIsCommonWord ? { kind: 'mention', provider, needsCapital: true } : mention);
      addName(byName, entry.name, provider);
      for (const alias of entry.aliases) {
        index.add(alias, mention);
        if (!alias.includes('*') && !alias.includes('_')) addName(byName, alias, provider);
      }
    }
    byCategory.set(category.id, providers);
  }
  for (const shape of APP_SHAPES) {
    const owner: Owner = { kind: 'shape', shape };
    for (const pattern of shape.patterns) index.add(pattern, owner);
  }
  for (const [constraint, { require, prefer }] of Object.entries(CONSTRAINT_PATTERNS) as [
    Constraint,
    (typeof CONSTRAINT_PATTERNS)[Constraint],
  ][]) {
    const required: Owner = { kind: 'constraint', constraint, strength: 'require' };
    const preferred: Owner = { kind: 'constraint', constraint, strength: 'prefer' };
    for (const pattern of require) index.add(pattern, required);
    for (const pattern of prefer) index.add(pattern, preferred);
  }
  return { index, byCategory, byName };
};

const compiled = build(CATALOG_DATA);

export const phraseIndex = compiled.index;

export const providersIn = (category: CategoryId): readonly IndexedProvider[] => compiled.byCategory.get(category) ?? [];

/** Catalogue entries known by this name or alias, in any category. */
export const providersNamed = (name: string): readonly IndexedProvider[] => compiled.byName.get(compactName(name)) ?? [];

let version: string | undefined;
/**
 * Changes whenever the data changes: part of cache keys and of what the logs say answered. Worked out
 * on first use rather than at cold start: hashing the whole catalogue costs a few milliseconds.
 */
export const catalogVersion = (): string => {
  version ??= createHash('sha256').update(JSON.stringify(CATALOG_DATA)).digest('hex').slice(0, 12);
  return version;
};
