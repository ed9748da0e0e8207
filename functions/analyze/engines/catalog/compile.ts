/**
 * Compiles the catalogue (data/*.ts and the lexicon's shape and constraint patterns) into the plain
 * tables the engine loads at cold start. Run by `npm run compile:catalog`, which writes
 * compiled-catalog.ts; a test fails when that file is out of date with the data. Building the phrase
 * index from ten thousand patterns at every cold start cost 15-20 ms; JSON.parse of the result costs
 * a fraction of that.
 */
import { createHash } from 'node:crypto';
import type { CategoryId } from '../../category-ids.js';
import { CATALOG_DATA } from './data/index.js';
import { APP_SHAPES, CONSTRAINT_PATTERNS, type Constraint } from './lexicon.js';
import { compactName, compilePhrases, nameToPattern, type PhraseTables } from './text.js';
import { type CategoryData, type ProviderFacts, STRONG_SIGNAL, WEAK_SIGNAL } from './types.js';

/** An owner of a pattern with providers and shapes referred to by position and name, so it is JSON. */
export type CompiledOwner =
  | { kind: 'signal'; category: CategoryId; weight: number }
  | { kind: 'keyword'; provider: number }
  | { kind: 'mention'; provider: number; needsCapital?: true }
  | { kind: 'shape'; shape: string }
  | { kind: 'constraint'; constraint: Constraint; strength: 'require' | 'prefer' };

export interface CompiledCatalog {
  /** Hash of everything below and of the entries: part of cache keys and of what the logs say answered. */
  version: string;
  /** Every provider's id and category, in the order of the published taxonomy, then of each category's data. */
  providers: [id: string, category: CategoryId][];
  owners: CompiledOwner[];
  phrases: PhraseTables;
  /**
   * Providers by compacted name or alias (see compactName), as `name=position,position` joined by ";":
   * only the model's answers are looked up by name, so this is decoded on first use.
   */
  names: string;
}

/** Each category's provider entries, in the order of `providers`, as the JSON of a ProviderFacts[]. */
export type CompiledEntries = Record<CategoryId, string>;

export const compileCatalog = (
  data: readonly CategoryData[] = CATALOG_DATA,
): { catalog: CompiledCatalog; entries: CompiledEntries } => {
  const providers: CompiledCatalog['providers'] = [];
  const entries = {} as Record<CategoryId, ProviderFacts[]>;
  const owners: CompiledOwner[] = [];
  const patterns: [string, number][] = [];
  const names = new Map<string, number[]>();
  const owner = (o: CompiledOwner): number => owners.push(o) - 1;
  const addName = (name: string, provider: number): void => {
    const key = compactName(name);
    const named = names.get(key);
    if (!named) names.set(key, [provider]);
    else if (named.at(-1) !== provider) named.push(provider);
  };

  for (const category of data) {
    const strong = owner({ kind: 'signal', category: category.id, weight: STRONG_SIGNAL });
    const weak = owner({ kind: 'signal', category: category.id, weight: WEAK_SIGNAL });
    for (const pattern of category.signals.strong) patterns.push([pattern, strong]);
    for (const pattern of category.signals.weak) patterns.push([pattern, weak]);
    entries[category.id] = [];
    for (const { keywords, aliases, nameIsCommonWord, ...entry } of category.providers) {
      entries[category.id].push(entry);
      const provider = providers.push([entry.id, category.id]) - 1;
      const keyword = owner({ kind: 'keyword', provider });
      const mention = owner({ kind: 'mention', provider });
      for (const pattern of keywords) patterns.push([pattern, keyword]);
      const namePattern = nameToPattern(entry.name);
      if (namePattern)
        patterns.push([namePattern, nameIsCommonWord ? owner({ kind: 'mention', provider, needsCapital: true }) : mention]);
      addName(entry.name, provider);
      for (const alias of aliases) {
        patterns.push([alias, mention]);
        if (!alias.includes('*') && !alias.includes('_')) addName(alias, provider);
      }
    }
  }
  for (const shape of APP_SHAPES) {
    const shaped = owner({ kind: 'shape', shape: shape.name });
    for (const pattern of shape.patterns) patterns.push([pattern, shaped]);
  }
  for (const [constraint, { require, prefer }] of Object.entries(CONSTRAINT_PATTERNS) as [
    Constraint,
    (typeof CONSTRAINT_PATTERNS)[Constraint],
  ][]) {
    const required = owner({ kind: 'constraint', constraint, strength: 'require' });
    const preferred = owner({ kind: 'constraint', constraint, strength: 'prefer' });
    for (const pattern of require) patterns.push([pattern, required]);
    for (const pattern of prefer) patterns.push([pattern, preferred]);
  }

  const content = {
    providers,
    owners,
    phrases: compilePhrases(patterns),
    names: [...names].map(([name, ids]) => `${name}=${ids.join(',')}`).join(';'),
  };
  const entriesJson = Object.fromEntries(
    Object.entries(entries).map(([id, list]) => [id, JSON.stringify(list)]),
  ) as CompiledEntries;
  const version = createHash('sha256')
    .update(JSON.stringify([content, entriesJson]))
    .digest('hex')
    .slice(0, 12);
  return { catalog: { version, ...content }, entries: entriesJson };
};
