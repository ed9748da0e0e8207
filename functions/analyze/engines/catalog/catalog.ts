/**
 * The catalogue as the engine uses it, loaded from the tables compile.ts made at build time: every
 * pattern (category signals, provider keywords and aliases, app shapes, constraints) in one
 * PhraseIndex, so reading a description is a single scan and a cold start compiles nothing. Provider
 * entries (descriptions, traits …) are decoded a category at a time, when the category is first ranked.
 */
import type { CategoryId } from '../../category-ids.js';
import type { CompiledCatalog, CompiledOwner } from './compile.js';
import { COMPILED_CATALOG, COMPILED_ENTRIES } from './compiled-catalog.js';
import { APP_SHAPES, type AppShape, type Constraint } from './lexicon.js';
import { compactName, PhraseIndex } from './text.js';
import type { ProviderFacts } from './types.js';

export { compactName };

const decoded = new Map<CategoryId, readonly ProviderFacts[]>();

const entriesIn = (category: CategoryId): readonly ProviderFacts[] => {
  let entries = decoded.get(category);
  if (!entries) {
    entries = JSON.parse(COMPILED_ENTRIES[category]) as ProviderFacts[];
    decoded.set(category, entries);
  }
  return entries;
};

export class IndexedProvider {
  constructor(
    readonly id: string,
    readonly category: CategoryId,
    /** Position within its category's entries. */
    private readonly position: number,
  ) {}

  get entry(): ProviderFacts {
    return entriesIn(this.category)[this.position] as ProviderFacts;
  }
}

/** What a pattern stands for, with providers and shapes resolved to the objects themselves. */
export type Owner =
  | { kind: 'signal'; category: CategoryId; weight: number }
  | { kind: 'keyword'; provider: IndexedProvider }
  | { kind: 'mention'; provider: IndexedProvider; needsCapital: boolean }
  | { kind: 'shape'; shape: AppShape }
  | { kind: 'constraint'; constraint: Constraint; strength: 'require' | 'prefer' };

const load = ({ providers, owners, phrases, names }: CompiledCatalog) => {
  const byCategory = new Map<CategoryId, IndexedProvider[]>();
  const indexed = providers.map(([id, category]) => {
    let list = byCategory.get(category);
    if (!list) {
      list = [];
      byCategory.set(category, list);
    }
    const provider = new IndexedProvider(id, category, list.length);
    list.push(provider);
    return provider;
  });
  const shapes = new Map(APP_SHAPES.map((shape) => [shape.name, shape]));
  const resolve = (owner: CompiledOwner): Owner => {
    switch (owner.kind) {
      case 'keyword':
        return { kind: 'keyword', provider: indexed[owner.provider] as IndexedProvider };
      case 'mention':
        return {
          kind: 'mention',
          provider: indexed[owner.provider] as IndexedProvider,
          needsCapital: owner.needsCapital === true,
        };
      case 'shape': {
        const shape = shapes.get(owner.shape);
        if (!shape) throw new Error(`compiled-catalog.ts names an unknown app shape "${owner.shape}": recompile it.`);
        return { kind: 'shape', shape };
      }
      default:
        return owner;
    }
  };
  let byName: Map<string, IndexedProvider[]> | undefined;
  const named = (name: string): readonly IndexedProvider[] => {
    byName ??= new Map(
      names.split(';').map((entry) => {
        const [key = '', ids = ''] = entry.split('=');
        return [key, ids.split(',').map((id) => indexed[Number(id)] as IndexedProvider)];
      }),
    );
    return byName.get(name) ?? [];
  };
  return { index: new PhraseIndex(phrases, owners, resolve), byCategory, named };
};

const catalog = load(COMPILED_CATALOG);

export const phraseIndex = catalog.index;

export const providersIn = (category: CategoryId): readonly IndexedProvider[] => catalog.byCategory.get(category) ?? [];

/** Catalogue entries known by this name or alias, in any category. */
export const providersNamed = (name: string): readonly IndexedProvider[] => catalog.named(compactName(name));

/** Changes whenever the catalogue or its patterns change: part of cache keys and of what the logs say answered. */
export const catalogVersion = (): string => COMPILED_CATALOG.version;
