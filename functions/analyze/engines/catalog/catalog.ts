/**
 * The catalogue compiled once at module load: every pattern (category signals, provider keywords and
 * aliases, app shapes, constraints) in one PhraseIndex, so reading a description is a single scan.
 */
import { createHash } from 'node:crypto';
import type { CategoryId } from '../../category-ids.js';
import { CATALOG_DATA } from './data/index.js';
import { APP_SHAPES, type AppShape, CONSTRAINT_PATTERNS, type Constraint } from './lexicon.js';
import { PhraseIndex } from './text.js';
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
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');

/** A product name as a pattern: "Next.js" → "next js", "Auth0" → "auth0". */
const nameToPattern = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const build = (data: readonly CategoryData[]) => {
  const index = new PhraseIndex<Owner>();
  const byCategory = new Map<CategoryId, IndexedProvider[]>();
  const byName = new Map<string, IndexedProvider[]>();

  for (const category of data) {
    for (const pattern of category.signals.strong)
      index.add(pattern, { kind: 'signal', category: category.id, weight: STRONG_SIGNAL });
    for (const pattern of category.signals.weak)
      index.add(pattern, { kind: 'signal', category: category.id, weight: WEAK_SIGNAL });
    const providers: IndexedProvider[] = [];
    for (const entry of category.providers) {
      const provider: IndexedProvider = { entry, category: category.id };
      providers.push(provider);
      for (const keyword of entry.keywords) index.add(keyword, { kind: 'keyword', provider });
      const namePattern = nameToPattern(entry.name);
      if (namePattern) index.add(namePattern, { kind: 'mention', provider, needsCapital: entry.nameIsCommonWord === true });
      for (const alias of entry.aliases) index.add(alias, { kind: 'mention', provider, needsCapital: false });
      for (const key of new Set([entry.name, ...entry.aliases.filter((a) => !/[*_]/.test(a))].map(compactName))) {
        byName.set(key, [...(byName.get(key) ?? []), provider]);
      }
    }
    byCategory.set(category.id, providers);
  }
  for (const shape of APP_SHAPES) for (const pattern of shape.patterns) index.add(pattern, { kind: 'shape', shape });
  for (const [constraint, { require, prefer }] of Object.entries(CONSTRAINT_PATTERNS) as [
    Constraint,
    (typeof CONSTRAINT_PATTERNS)[Constraint],
  ][]) {
    for (const pattern of require) index.add(pattern, { kind: 'constraint', constraint, strength: 'require' });
    for (const pattern of prefer) index.add(pattern, { kind: 'constraint', constraint, strength: 'prefer' });
  }
  return { index, byCategory, byName };
};

const compiled = build(CATALOG_DATA);

export const phraseIndex = compiled.index;

export const providersIn = (category: CategoryId): readonly IndexedProvider[] => compiled.byCategory.get(category) ?? [];

/** Catalogue entries known by this name or alias, in any category. */
export const providersNamed = (name: string): readonly IndexedProvider[] => compiled.byName.get(compactName(name)) ?? [];

/** Changes whenever the data changes: part of cache keys and of what the logs say answered. */
export const CATALOG_VERSION = createHash('sha256').update(JSON.stringify(CATALOG_DATA)).digest('hex').slice(0, 12);
