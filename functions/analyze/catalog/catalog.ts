/**
 * The catalogue as the running function uses it, loaded from the tables compile.ts made at build
 * time: every pattern (category and capability signals, vetoes, provider keywords and names,
 * archetypes, constraints, language cues) in one PhraseIndex, so reading a description is a single scan
 * and a cold start compiles nothing. Provider entries (descriptions, traits …) are decoded a category at
 * a time, when the category is first ranked.
 */

import { CATEGORY_IDS, type CategoryId } from '../category-ids.js';
import type { ArchetypeFacts, CapabilityFacts, CatalogHeader, CompiledOwner, ConstraintFacts, Cue } from './compile.js';
import type { NeighbourExample } from './learn.js';
import { bytesOfFile, CATALOG_FILE, type Unpacked, unpack } from './packed.js';
import { compactName, PhraseIndex, tokenize, weakPhraseKey } from './text.js';
import type { ConstraintId, ProviderFacts, Writing } from './types.js';

export type { ArchetypeFacts, CapabilityFacts, ConstraintFacts, Cue, NeighbourExample };
export { compactName };

const packed: Unpacked<CatalogHeader> = unpack(bytesOfFile(CATALOG_FILE));

const COMPILED = packed.header;

const decoded = new Map<CategoryId, readonly ProviderFacts[]>();

/**
 * An entry with every field in one order, present or not: entries (and their traits) then share one
 * hidden class, so the code that ranks them stays specialised instead of being thrown away and
 * recompiled each time a differently shaped entry comes by (a slow request now and then). A test
 * checks that no field is left behind.
 */
const entryInOneShape = (e: ProviderFacts): ProviderFacts => ({
  id: e.id,
  name: e.name,
  website: e.website,
  description: e.description,
  bestUseCases: e.bestUseCases,
  capabilities: e.capabilities,
  popularity: e.popularity,
  partOf: e.partOf,
  runs: e.runs,
  traits: {
    openSource: e.traits.openSource,
    selfHostable: e.traits.selfHostable,
    managed: e.traits.managed,
    library: e.traits.library,
    vendor: e.traits.vendor,
    euResidency: e.traits.euResidency,
    euCompany: e.traits.euCompany,
    freeTier: e.traits.freeTier,
    platforms: e.traits.platforms,
    enterpriseSso: e.traits.enterpriseSso,
    hipaa: e.traits.hipaa,
    markets: e.traits.markets,
  },
});

const entriesIn = (category: CategoryId): readonly ProviderFacts[] => {
  let entries = decoded.get(category);
  if (!entries) {
    entries = (JSON.parse(packed.entries(category) ?? '[]') as ProviderFacts[]).map(entryInOneShape);
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
    /** Position in the whole catalogue: per-provider counts live in arrays by it. */
    readonly index: number,
  ) {}

  private decodedEntry: ProviderFacts | undefined;

  /** Decoded with its category, on first use; ranking reads it for every provider it weighs. */
  get entry(): ProviderFacts {
    this.decodedEntry ??= entriesIn(this.category)[this.position] as ProviderFacts;
    return this.decodedEntry;
  }

  private lowerCaseName: string | undefined;

  /** The provider's name in lower case, for comparing with the names a text mentions. */
  get lowerName(): string {
    this.lowerCaseName ??= this.entry.name.toLowerCase();
    return this.lowerCaseName;
  }

  private possibleMakers: readonly string[] | undefined;

  /**
   * The names its maker could go by: what it is part of, and each run of whole words its name starts
   * or ends with ("supabase" and "auth" for "Supabase Auth"). Ranking looks these up among the makers
   * a text names, rather than trying every named maker on every provider.
   */
  get makerNames(): readonly string[] {
    if (!this.possibleMakers) {
      const name = this.lowerName;
      const names = this.entry.partOf ? [this.entry.partOf] : [];
      for (let at = name.indexOf(' '); at !== -1; at = name.indexOf(' ', at + 1))
        names.push(name.slice(0, at), name.slice(at + 1));
      this.possibleMakers = names;
    }
    return this.possibleMakers;
  }
}

/** What a pattern stands for, with providers, archetypes and constraints resolved to the objects themselves. */
export type Owner =
  | { kind: 'signal'; category: CategoryId; weight: number }
  | { kind: 'capability'; category: CategoryId; capability: string }
  /** Every provider the phrase is a keyword of, merged: common words are keywords of dozens. */
  | { kind: 'keywords'; providers: readonly IndexedProvider[] }
  | { kind: 'mention'; provider: IndexedProvider; written: Writing }
  | { kind: 'archetype'; archetype: ArchetypeFacts }
  | { kind: 'constraint'; constraint: ConstraintFacts; strength: 'require' | 'prefer'; reluctant: boolean };

/**
 * A cue or a veto, which change how the words around them read, or a word of a word set (a
 * constraint's or a job's), which counts wherever it stands (negated or not, counted before or not).
 */
export type Marker =
  | { kind: 'cue'; cue: Cue }
  | { kind: 'veto'; category: CategoryId }
  | ({ kind: 'together'; key: string; part: number; parts: number; within?: number; ordered?: true } & (
      | { constraint: ConstraintFacts; strength: 'require' | 'prefer' }
      | { category: CategoryId; capability: string }
    ));

/**
 * What the labelled examples taught about a word or phrase: log-odds per category and per job, and the
 * examples that use it (for the nearest of them, reading/neighbours.ts).
 */
export interface Learned {
  categories: LearnedWeights;
  jobs: LearnedJobWeights;
  postings: Postings | undefined;
}

/**
 * What a phrase stands for, resolved once, when it first matches: its markers (which a reading takes
 * before anything else), its owners, and what the examples taught about it, kept apart so a hit of a
 * common word costs a step or two.
 */
export interface PhraseMeaning {
  markers: readonly Marker[];
  owners: readonly Owner[];
  learned: Learned | undefined;
}

/** A phrase's learned weights for jobs, by position in LEARNED_JOBS (none: empty arrays). */
export interface LearnedJobWeights {
  jobs: Uint16Array;
  weights: Float64Array;
}

/** A phrase's learned weights, one per category it says something about: merged so a hit adds them in one pass. */
export interface LearnedWeights {
  /** Positions in CATEGORY_IDS. */
  categories: Uint8Array;
  weights: Float64Array;
}

const CATEGORY_INDEX = new Map(CATEGORY_IDS.map((id, i) => [id, i]));

/** Every job with learned evidence, with its log-odds before any: [category, job, bias]. */
export const LEARNED_JOBS: readonly (readonly [CategoryId, string, number])[] = Object.entries(COMPILED.learnedJobBias).flatMap(
  ([category, jobs]) => Object.entries(jobs ?? {}).map(([job, bias]) => [category as CategoryId, job, bias] as const),
);
const JOB_INDEX = new Map(LEARNED_JOBS.map(([category, job], i) => [`${category}/${job}`, i]));

const load = (compiled: CatalogHeader) => {
  const byCategory = new Map<CategoryId, IndexedProvider[]>();
  const indexed = compiled.providers.map(([id, category], index) => {
    let list = byCategory.get(category);
    if (!list) {
      list = [];
      byCategory.set(category, list);
    }
    const provider = new IndexedProvider(id, category, list.length, index);
    list.push(provider);
    return provider;
  });
  const constraints = new Map(compiled.constraints.map((c) => [c.id, c]));
  const resolveOne = (owner: CompiledOwner): Owner | Marker => {
    switch (owner.kind) {
      case 'mention':
        return {
          kind: 'mention',
          provider: indexed[owner.provider] as IndexedProvider,
          written: owner.written ?? 'any',
        };
      case 'archetype':
        return { kind: 'archetype', archetype: compiled.archetypes[owner.archetype] as ArchetypeFacts };
      case 'constraint':
        return {
          kind: 'constraint',
          constraint: constraints.get(owner.constraint) as ConstraintFacts,
          strength: owner.strength,
          reluctant: owner.reluctant === true,
        };
      case 'together':
        return 'constraint' in owner ? { ...owner, constraint: constraints.get(owner.constraint) as ConstraintFacts } : owner;
      case 'keyword':
      case 'posting':
      case 'learned':
      case 'learnedJob':
        throw new Error(`${owner.kind} owners are merged per phrase`);
      default:
        return owner;
    }
  };
  /**
   * A phrase's meaning: its keywords merged into one owner, and what the examples taught about it
   * (weights for categories and jobs, postings) into one record, so a hit costs a few steps however
   * many providers and examples the words suit.
   */
  const resolve = (owners: readonly CompiledOwner[]): PhraseMeaning => {
    const keywords: IndexedProvider[] = [];
    const learned: Extract<CompiledOwner, { kind: 'learned' }>[] = [];
    const jobs: Extract<CompiledOwner, { kind: 'learnedJob' }>[] = [];
    const meaning: { markers: Marker[]; owners: Owner[]; learned: Learned | undefined } = {
      markers: [],
      owners: [],
      learned: undefined,
    };
    let posting: Extract<CompiledOwner, { kind: 'posting' }> | undefined;
    for (const o of owners) {
      if (o.kind === 'posting') posting = o;
      else if (o.kind === 'keyword') keywords.push(indexed[o.provider] as IndexedProvider);
      else if (o.kind === 'learned') learned.push(o);
      else if (o.kind === 'learnedJob') jobs.push(o);
      else {
        const resolved = resolveOne(o);
        if (resolved.kind === 'cue' || resolved.kind === 'veto' || resolved.kind === 'together') meaning.markers.push(resolved);
        else meaning.owners.push(resolved);
      }
    }
    if (keywords.length > 0) meaning.owners.push({ kind: 'keywords', providers: keywords });
    const known = jobs.filter((o) => JOB_INDEX.has(`${o.category}/${o.job}`));
    if (learned.length > 0 || known.length > 0 || posting)
      meaning.learned = {
        categories: {
          categories: Uint8Array.from(learned, (o) => CATEGORY_INDEX.get(o.category) ?? 0),
          weights: Float64Array.from(learned, (o) => o.weight),
        },
        jobs: {
          jobs: Uint16Array.from(known, (o) => JOB_INDEX.get(`${o.category}/${o.job}`) ?? 0),
          weights: Float64Array.from(known, (o) => o.weight),
        },
        postings: posting && postingsAt(posting.at),
      };
    return meaning;
  };
  let byName: Map<string, IndexedProvider[]> | undefined;
  const named = (name: string): readonly IndexedProvider[] => {
    byName ??= new Map(
      packed
        .names()
        .split(';')
        .map((entry) => {
          const [key = '', ids = ''] = entry.split('=');
          return [key, ids.split(',').map((id) => indexed[Number(id)] as IndexedProvider)];
        }),
    );
    return byName.get(name) ?? [];
  };
  // Owners are decoded one at a time, when a phrase of theirs first matches: most never are.
  let ownerLines: string[] | undefined;
  const owners: CompiledOwner[] = [];
  const ownerAt = (owner: number): CompiledOwner => {
    if (owner >= compiled.postingOwners) return { kind: 'posting', at: owner - compiled.postingOwners };
    let decoded = owners[owner];
    if (!decoded) {
      ownerLines ??= packed.owners();
      decoded = JSON.parse(ownerLines[owner] as string) as CompiledOwner;
      owners[owner] = decoded;
    }
    return decoded;
  };
  return { index: new PhraseIndex(packed.phrases, ownerAt, resolve), byCategory, named, constraints };
};

const catalog = load(COMPILED);

export const phraseIndex = catalog.index;

/** How many providers the catalogue has (IndexedProvider.index runs below it). */
export const PROVIDER_COUNT = COMPILED.providers.length;

export const providersIn = (category: CategoryId): readonly IndexedProvider[] => catalog.byCategory.get(category) ?? [];

/** The jobs a category's providers do; the default one is marked. */
export const capabilitiesOf = (category: CategoryId): readonly CapabilityFacts[] => COMPILED.capabilities[category] ?? [];

/** Every constraint the catalogue knows, in the order they apply. */
export const CONSTRAINT_FACTS: readonly ConstraintFacts[] = COMPILED.constraints;

export const constraintFacts = (id: ConstraintId): ConstraintFacts | undefined => catalog.constraints.get(id);

/** The markets a constraint is about: those its first ranking test names (none for a constraint that is no market). */
export const marketsOf = (id: ConstraintId): readonly string[] => constraintFacts(id)?.rankFirst?.[0]?.markets ?? [];

/** Needs that come together: once the description itself shows a need, the related ones gain score. */
export const RELATED = COMPILED.relatedNeeds;

/** Words that join a list of names: "or", "nor", "oder", "ni". */
export const JOINERS: ReadonlySet<string> = new Set(COMPILED.joiners);

/** Words that mean something else in a text of one language: Portuguese "no" ("in the"), Italian "ai" ("to the"). */
export const FALSE_FRIENDS = COMPILED.falseFriends;

/** Extra score the category needs before it is chosen; 0 for most. */
export const selectionMarginOf = (category: CategoryId): number => COMPILED.selectionMargins[category] ?? 0;

/** Each category's log-odds before any learned evidence. */
export const LEARNED_BIAS = COMPILED.learnedBias;

let weakPhrases: ReadonlySet<string> = new Set(COMPILED.weakPhrases);
/** The first words of the weak phrases, as the reading tokenises them: most hits start with none of them. */
let weakFirstWords: ReadonlySet<string> = new Set(
  COMPILED.weakPhrases.map((key) => tokenize(key.slice(key.indexOf('\t') + 1))[0]?.word ?? ''),
);

/**
 * Whether the examples taught that this phrase, alone, shows its category too seldom to state it
 * (learnWeakPhrases). `firstWord` is the hit's first token: it rules out most hits before the quote is
 * taken and folded.
 */
export const saysLittleAlone = (category: CategoryId, firstWord: string, quote: () => string): boolean =>
  weakFirstWords.has(firstWord) && weakPhrases.has(weakPhraseKey(category, quote()));

/**
 * From now on, read every phrase at its written strength: how the weak phrases are learned (by
 * bin/generate.ts, and checked by a test), so that what is learned never depends on the last list.
 */
export const readEveryPhraseAsWritten = (): void => {
  weakPhrases = new Set();
  weakFirstWords = new Set();
};

/** Catalogue entries known by this name or alias, in any category. */
export const providersNamed = (name: string): readonly IndexedProvider[] => catalog.named(compactName(name));

/** Changes whenever the catalogue or its patterns change: part of cache keys and of what the logs say answered. */
export const catalogVersion = (): string => COMPILED.version;

/** A word's weight as neighbour evidence and the labelled examples that have it (by position: fewer than 65,536). */
export interface Postings {
  weight: number;
  examples: Uint16Array;
}

/** A word's postings, decoded when a phrase of it first matches (and then kept with the phrase). */
const postingsAt = (at: number): Postings => {
  const [weight = '0', list = ''] = (packed.postings(at) ?? '').split(';');
  return { weight: Number(weight), examples: list ? Uint16Array.from(list.split(','), Number) : new Uint16Array(0) };
};

let examples: readonly NeighbourExample[] | undefined;
/** The labelled examples as neighbours, decoded on first use. */
export const neighbourExamples = (): readonly NeighbourExample[] => {
  examples ??= JSON.parse(packed.examples()) as NeighbourExample[];
  return examples;
};
