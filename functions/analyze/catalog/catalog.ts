/**
 * The catalogue as the running function uses it, loaded from the tables compile.ts made at build
 * time: every pattern (category and capability signals, vetoes, provider keywords and names,
 * archetypes, constraints, language cues) in one PhraseIndex, so reading a description is a single scan
 * and a cold start compiles nothing. Provider entries (descriptions, traits …) are decoded a category at
 * a time, when the category is first ranked.
 */
import type { CategoryId } from '../category-ids.js';
import type { ArchetypeFacts, CapabilityFacts, CompiledCatalog, CompiledOwner, ConstraintFacts, Cue } from './compile.js';
import { COMPILED_CATALOG, COMPILED_ENTRIES } from './compiled-catalog.js';
import { compactName, PhraseIndex } from './text.js';
import type { ConstraintId, ProviderFacts } from './types.js';

export type { ArchetypeFacts, CapabilityFacts, ConstraintFacts, Cue };
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

/** What a pattern stands for, with providers, archetypes and constraints resolved to the objects themselves. */
export type Owner =
  | { kind: 'signal'; category: CategoryId; weight: number }
  | { kind: 'capability'; category: CategoryId; capability: string }
  | { kind: 'veto'; category: CategoryId }
  | { kind: 'keyword'; provider: IndexedProvider }
  | { kind: 'mention'; provider: IndexedProvider; needsCapital: boolean }
  | { kind: 'archetype'; archetype: ArchetypeFacts }
  | { kind: 'constraint'; constraint: ConstraintFacts; strength: 'require' | 'prefer' }
  | { kind: 'cue'; cue: Cue }
  | { kind: 'learned'; category: CategoryId; weight: number };

const load = (compiled: CompiledCatalog) => {
  const byCategory = new Map<CategoryId, IndexedProvider[]>();
  const indexed = compiled.providers.map(([id, category]) => {
    let list = byCategory.get(category);
    if (!list) {
      list = [];
      byCategory.set(category, list);
    }
    const provider = new IndexedProvider(id, category, list.length);
    list.push(provider);
    return provider;
  });
  const constraints = new Map(compiled.constraints.map((c) => [c.id, c]));
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
      case 'archetype':
        return { kind: 'archetype', archetype: compiled.archetypes[owner.archetype] as ArchetypeFacts };
      case 'constraint':
        return { kind: 'constraint', constraint: constraints.get(owner.constraint) as ConstraintFacts, strength: owner.strength };
      default:
        return owner;
    }
  };
  let byName: Map<string, IndexedProvider[]> | undefined;
  const named = (name: string): readonly IndexedProvider[] => {
    byName ??= new Map(
      compiled.names.split(';').map((entry) => {
        const [key = '', ids = ''] = entry.split('=');
        return [key, ids.split(',').map((id) => indexed[Number(id)] as IndexedProvider)];
      }),
    );
    return byName.get(name) ?? [];
  };
  return { index: new PhraseIndex(compiled.phrases, compiled.owners, resolve), byCategory, named, constraints };
};

const catalog = load(COMPILED_CATALOG);

export const phraseIndex = catalog.index;

export const providersIn = (category: CategoryId): readonly IndexedProvider[] => catalog.byCategory.get(category) ?? [];

/** The jobs a category's providers do; the default one is marked. */
export const capabilitiesOf = (category: CategoryId): readonly CapabilityFacts[] => COMPILED_CATALOG.capabilities[category] ?? [];

/** Every constraint the catalogue knows, in the order they apply. */
export const CONSTRAINT_FACTS: readonly ConstraintFacts[] = COMPILED_CATALOG.constraints;

export const constraintFacts = (id: ConstraintId): ConstraintFacts | undefined => catalog.constraints.get(id);

/** Needs that come together: once the description itself shows a need, the related ones gain score. */
export const RELATED = COMPILED_CATALOG.relatedNeeds;

/** Each category's log-odds before any learned evidence. */
export const LEARNED_BIAS = COMPILED_CATALOG.learnedBias;

/** Catalogue entries known by this name or alias, in any category. */
export const providersNamed = (name: string): readonly IndexedProvider[] => catalog.named(compactName(name));

/** Changes whenever the catalogue or its patterns change: part of cache keys and of what the logs say answered. */
export const catalogVersion = (): string => COMPILED_CATALOG.version;
