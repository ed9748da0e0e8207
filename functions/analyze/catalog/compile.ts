/**
 * Compiles the catalogue (data/: categories, archetypes, constraints, language cues) into the plain
 * tables the engine loads at cold start. Run by `npm run generate`, which checks the data
 * against the catalogue schema first; a test fails when the compiled file is out of date with the data.
 * Building the phrase index from tens of thousands of patterns at every cold start would cost tens of
 * milliseconds; reading the result costs a fraction of that.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { CategoryId } from '../category-ids.js';
import { ARCHETYPES, RELATED_NEEDS } from './data/archetypes.js';
import { CONSTRAINTS } from './data/constraints.js';
import { CATALOG_DATA } from './data/index.js';
import { FALSE_FRIENDS, JOINERS, LANGUAGE } from './data/language.js';
import {
  type LabelledExample,
  type LearnedEvidence,
  learnEvidence,
  type NeighbourTable,
  neighbourTable,
  type PicksOf,
  readExamples,
} from './learn.js';
import { pack } from './packed.js';
import { problemsIn } from './schema.js';
import { compactName, compilePhrases, isValidPattern, nameToPattern, type PhraseTables } from './text.js';
import {
  type Archetype,
  type Capability,
  type CategoryData,
  type ConstraintData,
  type ConstraintId,
  type FalseFriend,
  type LanguageCues,
  type ProviderFacts,
  STRONG_SIGNAL,
  WEAK_SIGNAL,
  type WordSet,
  type Writing,
} from './types.js';

export type Cue = keyof LanguageCues;

/** What a word set (WordSet) states or shows: a constraint, or a category's job. */
type WordSetTarget = { constraint: ConstraintId; strength: 'require' | 'prefer' } | { category: CategoryId; capability: string };

/** An owner of a pattern, with providers, archetypes and constraints referred to by position or id, so it is JSON. */
export type CompiledOwner =
  | { kind: 'signal'; category: CategoryId; weight: number }
  | { kind: 'capability'; category: CategoryId; capability: string }
  | { kind: 'veto'; category: CategoryId }
  | { kind: 'keyword'; provider: number }
  | { kind: 'mention'; provider: number; written?: Exclude<Writing, 'any'> }
  | { kind: 'archetype'; archetype: number }
  | { kind: 'constraint'; constraint: ConstraintId; strength: 'require' | 'prefer'; reluctant?: true }
  /**
   * One part of a word set (WordSet), by the set's unique `key`, that states a constraint or shows a
   * capability.
   */
  | ({ kind: 'together'; key: string; part: number; parts: number; within?: number; ordered?: true } & WordSetTarget)
  | { kind: 'cue'; cue: Cue }
  | { kind: 'learned'; category: CategoryId; weight: number }
  | { kind: 'learnedJob'; category: CategoryId; job: string; weight: number }
  /** A word's postings among the labelled examples (NeighbourTable), by the word's position in its features. */
  | { kind: 'posting'; at: number };

/** What the engine needs of a capability, an archetype or a constraint: everything but its patterns. */
export type CapabilityFacts = Omit<Capability, 'signals' | 'together'>;
export type ArchetypeFacts = Omit<Archetype, 'patterns'>;
export type ConstraintFacts = Omit<ConstraintData, 'require' | 'prefer' | 'reluctant' | 'together'>;

/** The small part of the compiled catalogue, read whole at cold start (the packed file's header). */
export interface CatalogHeader {
  /** Hash of everything compiled, entries included: part of cache keys and of what the logs say answered. */
  version: string;
  /** Every provider's id and category, in the order of the published taxonomy, then of each category's data. */
  providers: [id: string, category: CategoryId][];
  capabilities: Partial<Record<CategoryId, CapabilityFacts[]>>;
  archetypes: ArchetypeFacts[];
  constraints: ConstraintFacts[];
  /** Words that join a list of names (data/language.ts JOINERS): looked up by word, not matched as phrases. */
  joiners: readonly string[];
  /** Words that mean something else in a text of one language (data/language.ts FALSE_FRIENDS). */
  falseFriends: readonly FalseFriend[];
  relatedNeeds: typeof RELATED_NEEDS;
  /** Extra score a category needs before it is chosen (CategoryData.selectionMargin). */
  selectionMargins: Partial<Record<CategoryId, number>>;
  /** Each category's log-odds before any learned evidence (see learn.ts). */
  learnedBias: LearnedEvidence['bias'];
  /** Each job's log-odds within its category before any learned evidence. */
  learnedJobBias: LearnedEvidence['jobBias'];
  /** Phrases that say too little on their own (learnWeakPhrases), as weakPhraseKey keys. */
  weakPhrases: readonly string[];
  /**
   * Owner numbers from this one on are word postings, not in CompiledCatalog.owners: owner n is the
   * posting of feature n - postingOwners (thousands of owners of one shape need not be stored).
   */
  postingOwners: number;
}

export interface CompiledCatalog {
  header: CatalogHeader;
  phrases: PhraseTables;
  /** What the phrases stand for, by owner number: read a phrase at a time, when it first matches. */
  owners: CompiledOwner[];
  /**
   * Providers by compacted name or alias (see compactName), as `name=position,position` joined by ";":
   * only the model's answers are looked up by name, so this is decoded on first use.
   */
  names: string;
  entries: CompiledEntries;
  /** The labelled examples as neighbours that vote: words are phrases, postings decoded a word at a time, examples on first use. */
  neighbours: NeighbourTable;
}

/** Each category's provider entries, in the order of `providers`, as the JSON of a ProviderFacts[]. */
export type CompiledEntries = Record<CategoryId, string>;

export interface CatalogSource {
  categories: readonly CategoryData[];
  /** Labelled example descriptions the evidence weights are learned from. */
  examples: readonly LabelledExample[];
  /** What reading the examples taught about phrases that show too little alone (WEAK_PHRASES_FILE). */
  weakPhrases: readonly string[];
  archetypes: readonly Archetype[];
  constraints: readonly ConstraintData[];
  language: LanguageCues;
  /** Words that join a list of products (data/language.ts). */
  joiners: readonly string[];
  falseFriends: readonly FalseFriend[];
  relatedNeeds: typeof RELATED_NEEDS;
}

/**
 * Written by `npm run generate` after it has read the examples with the freshly compiled catalogue
 * (learnWeakPhrases needs the whole reading, so it cannot run inside the compile), and compiled in.
 */
export const WEAK_PHRASES_FILE = new URL('./compiled/weak-phrases.json', import.meta.url);

const readWeakPhrases = (): string[] => JSON.parse(readFileSync(WEAK_PHRASES_FILE, 'utf8')) as string[];

export const CATALOG_SOURCE: CatalogSource = {
  categories: CATALOG_DATA,
  examples: readExamples(new URL('./data/examples/', import.meta.url)),
  weakPhrases: readWeakPhrases(),
  archetypes: ARCHETYPES,
  constraints: CONSTRAINTS,
  language: LANGUAGE,
  joiners: JOINERS,
  falseFriends: FALSE_FRIENDS,
  relatedNeeds: RELATED_NEEDS,
};

/**
 * The providers an example's provider check names in a category, by catalogue position, and the job
 * it asks for: the main job most of them are known for, and the markets they serve when most of them
 * serve markets of their own. Names compare as the published scorer compares them.
 */
const picksIn =
  (categories: readonly CategoryData[], positionOf: ReadonlyMap<string, number>): PicksOf =>
  (category, names) => {
    const providers = categories.find((c) => c.id === category)?.providers ?? [];
    const votes = new Map<string, number>();
    const found = new Set<number>();
    let local = 0;
    const markets = new Set<string>();
    for (const name of names) {
      const wanted = compactName(name);
      const match = providers.find((p) => {
        const own = compactName(p.name);
        return own === wanted || (Math.min(own.length, wanted.length) >= 5 && (own.includes(wanted) || wanted.includes(own)));
      });
      if (!match) continue;
      const position = positionOf.get(match.id) as number;
      // A provider named twice ("Stripe", "Stripe Checkout" → one entry) counts once towards the markets' share.
      if (match.traits.markets && !found.has(position)) {
        local += 1;
        for (const market of match.traits.markets) markets.add(market);
      }
      found.add(position);
      const job = match.capabilities[0];
      if (job) votes.set(job, (votes.get(job) ?? 0) + 1);
    }
    const [best] = [...votes].sort((a, b) => b[1] - a[1]);
    return { job: best?.[0], providers: [...found], markets: local > found.size / 2 ? [...markets] : [] };
  };

/** A keyword shared by more providers of one category than this is left out of ranking. */
const MAX_PROVIDERS_PER_KEYWORD = 3;

export const compileCatalog = (source: CatalogSource = CATALOG_SOURCE): CompiledCatalog => {
  const crossCategory = [
    ...source.archetypes.flatMap((a) => a.patterns.map((p) => [`archetype ${a.name}`, p])),
    ...source.constraints.flatMap((c) =>
      [...c.require, ...c.prefer, ...(c.reluctant ?? []), ...(c.together ?? []).flatMap((t) => t.parts.flat())].map((p) => [
        `constraint ${c.id}`,
        p,
      ]),
    ),
    ...Object.entries(source.language).flatMap(([cue, list]) => list.map((p: string) => [`cue ${cue}`, p])),
    ...source.joiners.map((p) => ['joiner', p]),
    ...source.falseFriends.flatMap((f) =>
      [...f.words, ...(f.signals ?? []), ...f.markers].map((p) => [`false friend ${f.language}`, p]),
    ),
  ];
  const problems = [
    ...source.categories.flatMap(problemsIn),
    ...crossCategory
      .filter(([, p]) => !isValidPattern(p as string))
      .map(([where, p]) => `${where}: "${p}" is not in the pattern syntax`),
  ];
  if (problems.length > 0) throw new Error(`The catalogue data has problems:\n${problems.join('\n')}`);

  const providers: CatalogHeader['providers'] = [];
  const capabilities: CatalogHeader['capabilities'] = {};
  const entries = {} as Record<CategoryId, ProviderFacts[]>;
  const owners: CompiledOwner[] = [];
  const patterns: [string, number][] = [];
  const names = new Map<string, number[]>();
  const owner = (o: CompiledOwner): number => owners.push(o) - 1;
  const addAll = (list: readonly string[], ownerIndex: number) => {
    for (const pattern of list) patterns.push([pattern, ownerIndex]);
  };
  const addName = (name: string, provider: number): void => {
    const key = compactName(name);
    const named = names.get(key);
    if (!named) names.set(key, [provider]);
    else if (named.at(-1) !== provider) named.push(provider);
  };
  /** Each word of a word set owns its part; `key` names whose sets they are, `target` what a set states or shows. */
  const addWordSets = <S extends WordSet>(key: string, sets: readonly S[], target: (set: S) => WordSetTarget): void => {
    for (const [group, set] of sets.entries()) {
      const { parts, within, ordered } = set;
      const shared = { kind: 'together', key: `${key}/${group}`, ...target(set), parts: parts.length } as const;
      for (const [part, words] of parts.entries())
        addAll(words, owner({ ...shared, part, ...(within && { within }), ...(ordered && { ordered }) }));
    }
  };

  for (const category of source.categories) {
    // A keyword most of a category's providers share ("free", "mobile", "api") tells them apart no
    // better than their traits do: only keywords that pick out a few providers are kept.
    const sharing = new Map<string, number>();
    for (const p of category.providers) for (const k of new Set(p.keywords)) sharing.set(k, (sharing.get(k) ?? 0) + 1);
    const distinctive = (keyword: string) => (sharing.get(keyword) ?? 0) <= MAX_PROVIDERS_PER_KEYWORD;
    addAll(category.signals.strong, owner({ kind: 'signal', category: category.id, weight: STRONG_SIGNAL }));
    addAll(category.signals.weak, owner({ kind: 'signal', category: category.id, weight: WEAK_SIGNAL }));
    capabilities[category.id] = category.capabilities.map(({ signals, together = [], ...facts }) => {
      addAll(signals, owner({ kind: 'capability', category: category.id, capability: facts.id }));
      addWordSets(`${category.id}/${facts.id}`, together, () => ({ category: category.id, capability: facts.id }));
      return facts;
    });
    if (category.vetoes) addAll(category.vetoes, owner({ kind: 'veto', category: category.id }));
    entries[category.id] = [];
    for (const { keywords, aliases, nameIsCommonWord, aliasesInCapitals = [], ...entry } of category.providers) {
      entries[category.id].push(entry);
      const provider = providers.push([entry.id, category.id]) - 1;
      const mention = owner({ kind: 'mention', provider });
      addAll(keywords.filter(distinctive), owner({ kind: 'keyword', provider }));
      const namePattern = nameToPattern(entry.name);
      if (namePattern)
        patterns.push([namePattern, nameIsCommonWord ? owner({ kind: 'mention', provider, written: 'capitalised' }) : mention]);
      for (const alias of aliasesInCapitals) patterns.push([alias, owner({ kind: 'mention', provider, written: 'capitals' })]);
      addName(entry.name, provider);
      for (const alias of aliases) {
        patterns.push([alias, mention]);
        if (!alias.includes('*') && !alias.includes('_')) addName(alias, provider);
      }
    }
  }
  const archetypes = source.archetypes.map(({ patterns: archetypePatterns, ...facts }, i) => {
    addAll(archetypePatterns, owner({ kind: 'archetype', archetype: i }));
    return facts;
  });
  const constraints = source.constraints.map(({ require, prefer, reluctant = [], together = [], ...facts }) => {
    addAll(require, owner({ kind: 'constraint', constraint: facts.id, strength: 'require' }));
    addAll(prefer, owner({ kind: 'constraint', constraint: facts.id, strength: 'prefer' }));
    addAll(reluctant, owner({ kind: 'constraint', constraint: facts.id, strength: 'require', reluctant: true }));
    addWordSets(facts.id, together, ({ strength }) => ({ constraint: facts.id, strength }));
    return facts;
  });
  for (const [cue, list] of Object.entries(source.language) as [Cue, readonly string[]][]) {
    addAll(list, owner({ kind: 'cue', cue }));
  }
  const picksOf = picksIn(source.categories, new Map(providers.map(([id], position) => [id, position])));
  const learned = learnEvidence(source.examples, (category, names) => picksOf(category, names).job);
  const neighbours = neighbourTable(source.examples, picksOf);
  // Equal weights share one owner, so the owner list stays short.
  const learnedOwners = new Map<string, number>();
  const shared = (o: CompiledOwner): number => {
    const key = JSON.stringify(o);
    let at = learnedOwners.get(key);
    if (at === undefined) {
      at = owner(o);
      learnedOwners.set(key, at);
    }
    return at;
  };
  for (const [pattern, category, weight] of learned.weights)
    patterns.push([pattern, shared({ kind: 'learned', category, weight })]);
  for (const [pattern, category, job, weight] of learned.jobWeights)
    patterns.push([pattern, shared({ kind: 'learnedJob', category, job, weight })]);
  const postingOwners = owners.length;
  for (const [at, feature] of neighbours.features.entries()) patterns.push([feature, postingOwners + at]);

  const content = {
    providers,
    capabilities,
    archetypes,
    constraints,
    joiners: source.joiners,
    falseFriends: source.falseFriends,
    relatedNeeds: source.relatedNeeds,
    selectionMargins: Object.fromEntries(
      source.categories.filter((c) => c.selectionMargin).map((c) => [c.id, c.selectionMargin as number]),
    ),
    learnedBias: learned.bias,
    learnedJobBias: learned.jobBias,
    weakPhrases: source.weakPhrases,
    postingOwners,
  };
  const phrases = compilePhrases(patterns);
  const nameIndex = [...names].map(([name, ids]) => `${name}=${ids.join(',')}`).join(';');
  const entriesJson = Object.fromEntries(
    Object.entries(entries).map(([id, list]) => [id, JSON.stringify(list)]),
  ) as CompiledEntries;
  const version = createHash('sha256')
    .update(JSON.stringify([content, owners, phrases, nameIndex, entriesJson, neighbours]))
    .digest('hex')
    .slice(0, 12);
  return { header: { version, ...content }, phrases, owners, names: nameIndex, entries: entriesJson, neighbours };
};

/** The compiled catalogue as the file the function reads (see packed.ts). */
export const packCatalog = ({ header, ...content }: CompiledCatalog): Buffer => pack(header, content);
