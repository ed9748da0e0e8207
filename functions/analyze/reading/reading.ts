/**
 * The catalogue's reading of a description: what the project needs (categories, the job wanted in
 * each, how each need was found) and the constraints it states, with their polarity. Both engines
 * use it: the catalogue engine answers from it, the model is grounded in it. Deterministic, no network.
 */

import {
  type ArchetypeFacts,
  type CapabilityFacts,
  CONSTRAINT_FACTS,
  type ConstraintFacts,
  capabilitiesOf,
  constraintFacts,
  FALSE_FRIENDS,
  type IndexedProvider,
  JOINERS,
  LEARNED_BIAS,
  LEARNED_JOBS,
  type Marker,
  marketsOf,
  type Owner,
  type PhraseMeaning,
  PROVIDER_COUNT,
  phraseIndex,
  providersIn,
  providersNamed,
  RELATED,
  saysLittleAlone,
  selectionMarginOf,
} from '../catalog/catalog.js';
import {
  compactName,
  type PhraseHit,
  type PhraseKey,
  scriptOf,
  type Token,
  tokenize,
  wordCountOf,
  wordsIn,
  wordsOf,
  writtenInCapitals,
} from '../catalog/text.js';
import { type ConstraintId, type FalseFriend, type Script, STRONG_SIGNAL, type Vendor, WEAK_SIGNAL } from '../catalog/types.js';

const SCRIPT_NAMES: Record<Script, string> = {
  han: 'Chinese',
  hant: 'Traditional Chinese',
  kana: 'Japanese',
  hangul: 'Korean',
  turkish: 'Turkish',
  polish: 'Polish',
};

import { CATEGORY_IDS, type CategoryId } from '../category-ids.js';
import { type Neighbour, Neighbourhood } from './neighbours.js';

export interface Job {
  /** Evidence weight: each phrase of the text that asks for the job counts 2, an archetype that implies it 1. */
  score: number;
  /** Phrases of the description that ask for the job, as written. */
  evidence: string[];
  /** Archetypes that imply it. */
  impliedBy: string[];
}

export interface Need {
  score: number;
  /** Score from the description's own words, as opposed to what its archetypes imply. */
  direct: number;
  /** Phrases of the description that point at the category, as written. */
  evidence: string[];
  /** Archetypes and other needs that imply the category ("marketplace", "payments"). */
  impliedBy: string[];
  /** The jobs asked for inside the category, by capability id. */
  jobs: Map<string, Job>;
  /** What the learned reading of the whole text says of the category, as log-odds (0 where it has no model). */
  learnedOdds: number;
  /** The share of the nearest labelled examples' similarity that needs the category; unset when none is near. */
  neighbourShare?: number;
}

export interface StatedConstraint {
  strength: 'require' | 'prefer';
  /** The phrase that stated it, as written. */
  evidence: string;
  /** The tokens of that phrase, [from, to): a product named inside it ("managed Postgres") is what it qualifies. */
  span?: readonly [from: number, to: number];
}

export interface Maker {
  at: number;
  vendor: Vendor;
}

export interface Reading {
  wordCount: number;
  needs: Map<CategoryId, Need>;
  /** Providers the description names as in use or wanted, by catalogue id, with the position of their first mention. */
  mentioned: Map<string, number>;
  /** Providers the description says the team is leaving ("moving away from Heroku"). */
  replacing: Set<string>;
  /**
   * The names of the products named, lower-cased, with the position of their first mention and their
   * vendor: a maker's other products count as named too ("we use Supabase" names Supabase Auth).
   */
  makers: Map<string, Maker>;
  /** The names of the products the team is leaving, with their vendors: their makers' other products go too. */
  leaving: Map<string, Vendor>;
  /** Constraints the team is leaving ("moving off AWS"): their services go too (ConstraintData.services). */
  leftConstraints: Set<ConstraintId>;
  /** Keyword hits per provider, by IndexedProvider.index. */
  keywordHits: Uint16Array;
  /**
   * How strongly the nearest labelled examples pick each provider (summed similarity; those that say
   * to avoid it subtract theirs), by IndexedProvider.index.
   */
  picks: Map<number, number>;
  /** The labelled examples nearest the description, most similar first (see neighbours.ts). */
  neighbours: Neighbour[];
  /**
   * Categories the text says it does not want ("no payments", "we don't need a CMS"): nothing implied
   * brings them back, only the text asking for them elsewhere.
   */
  unwanted: Set<CategoryId>;
  constraints: Map<ConstraintId, StatedConstraint>;
  archetypes: Set<string>;
  /** The categories the project needs, most important first: stated needs, then implied ones. */
  categories: CategoryId[];
}

/** Score a category needs to be recommended: one strong signal, or two hints. */
export const SELECTION_THRESHOLD = 2;
/** No answer lists more categories than this. */
export const MAX_CATEGORIES = 10;
/** How many words may sit between a negation and what it negates. */
const NEGATION_WINDOW = 2;
/** How many words may sit between "moving away from" and the product left. */
const REPLACING_WINDOW = 3;
/** What a description with no recognisable need gets: the backbone of a web application. */
const FALLBACK: readonly CategoryId[] = ['frontend', 'backend', 'database', 'hosting'];
/**
 * Across our labelled descriptions a database is required in ~60% and acceptable in ~95%: one more
 * hint of stored data (a user, an order, a booking) is then enough to include it.
 */
const DATABASE_PRIOR = WEAK_SIGNAL;
/** Requests only about tooling keep no data of their own unless the text says so. */
const TOOLING: ReadonlySet<CategoryId> = new Set(['cicd', 'infrastructure', 'monitoring', 'testing', 'flags', 'security']);

/**
 * An implied need this sure (more than two stated phrases' worth of evidence) is kept even where a
 * short text leaves no room for implied needs: a nine-word gym membership app still gets its phone app.
 */
const CONFIDENT_IMPLIED = 5;
/** Small descriptions get small stacks of implied needs: a landing page is not a platform. */
const impliedRoomFor = (wordCount: number): number =>
  wordCount <= 6 ? 3 : wordCount <= 10 ? 4 : wordCount <= 20 ? 7 : wordCount <= 35 ? 9 : MAX_CATEGORIES;

type Hit = PhraseHit<PhraseMeaning>;
/** Where words sit: a hit, or the run of words a word set covers. */
type Span = Pick<Hit, 'from' | 'to'>;

/** What a cue does to the words that follow it, as bits per token. */
const NEGATED = 1;
const REJECTED = 2;
const REPLACED = 4;
const THEIRS = 8;
/** A negation or rejection cue starts at this token: a phrase starting here carries its own polarity. */
const OWN_NEGATION = 16;
/** Right after "moving away from": a constraint stated here is one the team is leaving. */
const REPLACED_NEAR = 32;
/** Just before "is getting pricey", "alternative": a product named here is on its way out. */
const REPLACED_BEFORE = 64;

/**
 * Where negation, rejection, absence and replacement cues sit, marked on the tokens they reach (the
 * next few words of the same clause), so judging a hit is one look-up whatever the text's length.
 */
class Cues {
  private readonly marks: Uint8Array;
  private readonly absentClauses = new Set<number>();
  /** The text speaks of a product that exists already. */
  existingProduct = false;

  /** Words that negate nothing in this text's language ("no" in Portuguese): looked for on first need. */
  private notNegating: ReadonlySet<string> | undefined;
  /** Negation and rejection cues by the token they start at. */
  private readonly negationAt = new Map<number, Hit>();
  /** Where the last replacing cue ends: a destination word inside it ends no reach. */
  private replacingEnd = 0;
  /** Tokens where a phrase starts that looks like a negation and is none ("non-profit"). */
  private readonly notNegationAt = new Set<number>();

  constructor(private readonly tokens: readonly Token[]) {
    this.marks = new Uint8Array(tokens.length);
  }

  add(hit: Hit, cue: string): void {
    if (cue === 'notNegations') {
      this.cancelNegationAt(hit);
      return;
    }
    if (cue === 'rejectedBefore') {
      this.markBefore(hit, REJECTED, NEGATION_WINDOW);
      return;
    }
    if (cue === 'negations' || cue === 'rejections') {
      if (this.notNegationAt.has(hit.from) || this.isFalseFriend(hit)) return;
      this.marks[hit.from] = (this.marks[hit.from] as number) | OWN_NEGATION;
      this.negationAt.set(hit.from, hit);
    }
    if (cue === 'negations') this.mark(hit, NEGATED, NEGATION_WINDOW);
    else if (cue === 'rejections') this.mark(hit, REJECTED, NEGATION_WINDOW);
    else if (cue === 'replacedBefore') this.markBefore(hit, REPLACED_BEFORE, REPLACING_WINDOW);
    // "must never leave our own servers", "nothing may leave the EU": a leaving that is negated is
    // staying, and what follows it is affirmed.
    else if (cue === 'replacing') {
      if (this.has(hit, NEGATED | REJECTED)) this.unmark(hit, NEGATED | REJECTED, NEGATION_WINDOW);
      else {
        this.mark(hit, REPLACED, REPLACING_WINDOW);
        this.mark(hit, REPLACED_NEAR, 1);
        this.replacingEnd = hit.to;
      }
    } else if (cue === 'destinations') {
      // "off Heroku onto Render": what follows is where the move goes. The "zu" of "Alternative zu" is
      // part of its cue.
      if (hit.from >= this.replacingEnd) this.unmark(hit, REPLACED | REPLACED_NEAR, REPLACING_WINDOW);
    } else if (cue === 'theirs') this.mark(hit, THEIRS, NEGATION_WINDOW);
    else if (cue === 'existing') this.existingProduct = true;
    else this.absentClauses.add((this.tokens[hit.from] as Token).clause);
  }

  /** "non-profit donations": the "non" read first negates nothing after all. */
  private cancelNegationAt(phrase: Hit): void {
    this.notNegationAt.add(phrase.from);
    const cue = this.negationAt.get(phrase.from);
    if (cue) this.unmark(cue, NEGATED | REJECTED, NEGATION_WINDOW);
  }

  /** A one-word negation that means something else in the language the text is written in. */
  private isFalseFriend(hit: Hit): boolean {
    if (hit.to - hit.from !== 1) return false;
    const { word } = this.tokens[hit.from] as Token;
    if (!FALSE_NEGATION_WORDS.has(word)) return false;
    this.notNegating ??= falseFriendsIn(this.tokens, 'words');
    return this.notNegating.has(word);
  }

  /** The last token a cue reaches: those starting within `window` words after it, in its clause. */
  private lastReached(cue: Hit, window: number): number {
    const clause = (this.tokens[cue.from] as Token).clause;
    let k = cue.to;
    for (let words = 0; k < this.tokens.length && words <= window; k++) {
      const token = this.tokens[k] as Token;
      if (token.clause !== clause) break;
      words += wordsOf(token);
    }
    return k - 1;
  }

  /** Marks the tokens a cue reaches. */
  private mark(cue: Hit, bit: number, window: number): void {
    for (let k = cue.to, last = this.lastReached(cue, window); k <= last; k++) this.marks[k] = (this.marks[k] as number) | bit;
  }

  /** Clears marks from the tokens a cue reaches. */
  private unmark(cue: Hit, bits: number, window: number): void {
    for (let k = cue.to, last = this.lastReached(cue, window); k <= last; k++) this.marks[k] = (this.marks[k] as number) & ~bits;
  }

  /** Marks the tokens a cue reaches backwards: the `window` words before it, in its clause. */
  private markBefore(cue: Hit, bit: number, window: number): void {
    for (let k = this.firstReachedBefore(cue, window); k < cue.from; k++) this.marks[k] = (this.marks[k] as number) | bit;
  }

  /** The first token a cue reaches backwards: the `window` words before it, in its clause (lastReached's mirror). */
  private firstReachedBefore(cue: Hit, window: number): number {
    const clause = (this.tokens[cue.from] as Token).clause;
    let k = cue.from - 1;
    for (let words = 0; k >= 0; k--) {
      const token = this.tokens[k] as Token;
      words += wordsOf(token);
      if (token.clause !== clause || words > window) break;
    }
    return k + 1;
  }

  private has(hit: Span, bit: number): boolean {
    return ((this.marks[hit.from] as number) & bit) !== 0;
  }

  /**
   * Whether the words of a hit are negated: "no payments", "we don't need a CMS". A plain negation in a
   * clause that says the thing is missing today ("we have no search yet") states a need instead. A
   * phrase that starts with its own negation ("no cloud" in "no account, no cloud") is read as written.
   */
  negates(hit: Span): boolean {
    if (this.has(hit, OWN_NEGATION)) return false;
    if (this.has(hit, REJECTED)) return true;
    return this.has(hit, NEGATED) && !this.absentClauses.has((this.tokens[hit.from] as Token).clause);
  }

  /**
   * Whether a name continues a list whose previous name ended at `end`: right after it, or after one
   * joining word ("no Google Analytics or Firebase").
   */
  continuesList(hit: Hit, end: number): boolean {
    if (end < 1 || (this.tokens[hit.from] as Token).clause !== (this.tokens[end - 1] as Token).clause) return false;
    return hit.from === end || (hit.from === end + 1 && JOINERS.has((this.tokens[end] as Token).word));
  }

  /** "moving away from X", "instead of X", "X is getting pricey": the product X is on its way out. */
  replaces(hit: Hit): boolean {
    return this.has(hit, REPLACED | REPLACED_BEFORE);
  }

  /**
   * "moving away from AWS", "migrating from our own servers": a constraint named right after the cue is
   * one the team is leaving ("an alternative to X that we can host ourselves" still states self-hosting).
   */
  leavesConstraint(hit: Hit): boolean {
    return this.has(hit, REPLACED_NEAR);
  }

  /** "their Okta", "like Calendly": X is someone else's, or a comparison. */
  belongsToOthers(hit: Hit): boolean {
    return this.has(hit, THEIRS);
  }
}

/** A word of a word set (WordSet) that states a constraint or shows a job. */
type WordSetWord = Extract<Marker, { kind: 'together' }>;

/** Word sets (a constraint's or a job's `together`): per set and clause, where each of its parts turned up. */
class WordSets {
  private readonly seen = new Map<string, { set: WordSetWord; hits: { from: number; to: number; part: number }[] }>();

  constructor(private readonly tokens: readonly Token[]) {}

  add(hit: Hit, set: WordSetWord): void {
    const key = `${set.key}/${(this.tokens[hit.from] as Token).clause}`;
    const found = this.seen.get(key) ?? { set, hits: [] };
    found.hits.push({ from: hit.from, to: hit.to, part: set.part });
    this.seen.set(key, found);
  }

  /**
   * The sets with every part in one clause (and within their span of words), each with the shortest run
   * of words that holds them all: what the reason quotes.
   */
  complete(): { set: WordSetWord; from: number; to: number }[] {
    const done: { set: WordSetWord; from: number; to: number }[] = [];
    for (const { set, hits } of this.seen.values()) {
      const all = (1 << set.parts) - 1;
      let best: { from: number; to: number } | undefined;
      // Hits arrive in text order: from each, the first words that complete the set.
      for (const first of hits) {
        let parts = 0;
        for (const h of hits) {
          if (h.from < first.from) continue;
          // The last part counts only after the first ("the data stay in Germany", not "Germany … data").
          if (set.ordered && h.part === set.parts - 1 && (parts & 1) === 0) continue;
          parts |= 1 << h.part;
          if (parts !== all) continue;
          const to = Math.max(h.to, first.to);
          if (
            // Words, not tokens: a token is at most a word, so only a longer run needs counting.
            (set.within === undefined || to - first.from <= set.within || wordsIn(this.tokens, first.from, to) <= set.within) &&
            (!best || to - first.from < best.to - best.from)
          )
            best = { from: first.from, to };
          break;
        }
      }
      if (best) done.push({ set, ...best });
    }
    return done;
  }
}

/**
 * A set of phrases (by PhraseKey) per reading, emptied by moving to a new mark rather than cleared:
 * a long description matches thousands of phrases, and an object Set per reading cost more than the
 * matching. Readings are synchronous, so one set of arrays serves them all.
 */
class PhraseMarks {
  private marks = new Uint32Array(4_096);
  private mark = 0;

  /** A new, empty set; the previous one is no longer valid. */
  next(): { has(phrase: PhraseKey): boolean; add(phrase: PhraseKey): void } {
    this.mark += 1;
    if (this.mark === 0xffffffff) {
      this.marks.fill(0);
      this.mark = 1;
    }
    const mark = this.mark;
    return {
      has: (phrase) => phrase < this.marks.length && this.marks[phrase] === mark,
      add: (phrase) => {
        if (phrase >= this.marks.length) {
          const grown = new Uint32Array(Math.max(phrase + 1, this.marks.length * 2));
          grown.set(this.marks);
          this.marks = grown;
        }
        this.marks[phrase] = mark;
      },
    };
  }
}
const countedMarks = new PhraseMarks();
const mentionOnlyMarks = new PhraseMarks();
const neighbourWordMarks = new PhraseMarks();

const NO_WORDS: ReadonlySet<string> = new Set();
const FALSE_NEGATION_WORDS: ReadonlySet<string> = new Set(FALSE_FRIENDS.flatMap((f) => f.words));
const FALSE_SIGNAL_WORDS: ReadonlySet<string> = new Set(FALSE_FRIENDS.flatMap((f) => f.signals ?? []));
/** Each false friends' marker word, with the entry it marks. */
const FALSE_FRIEND_MARKERS = new Map(FALSE_FRIENDS.flatMap((f) => f.markers.map((m) => [m, f] as const)));

/** The words of one kind (negations, signals) that mean something else here, in the language the text is written in. */
const falseFriendsIn = (tokens: readonly Token[], kind: 'words' | 'signals'): ReadonlySet<string> => {
  let seen: Map<FalseFriend, Set<string>> | undefined;
  for (const { word } of tokens) {
    const entry = FALSE_FRIEND_MARKERS.get(word);
    if (!entry) continue;
    seen ??= new Map();
    const markers = seen.get(entry) ?? new Set<string>();
    markers.add(word);
    seen.set(entry, markers);
  }
  if (!seen) return NO_WORDS;
  const words = new Set<string>();
  for (const [entry, markers] of seen) if (markers.size >= entry.atLeast) for (const w of entry[kind] ?? []) words.add(w);
  return words;
};

/** The hits that are one word which signals nothing in the language of the text (Italian "ai"). */
const falseSignalsIn = (tokens: readonly Token[]): ((hit: Hit) => boolean) => {
  if (!tokens.some(({ word }) => FALSE_SIGNAL_WORDS.has(word))) return () => false;
  const words = falseFriendsIn(tokens, 'signals');
  return (hit) => hit.to - hit.from === 1 && words.has((tokens[hit.from] as Token).word);
};

const implications = new WeakMap<ArchetypeFacts, [CategoryId, number][]>();
/** An archetype's implied needs as a list, made once. */
const impliedBy = (archetype: ArchetypeFacts): [CategoryId, number][] => {
  let list = implications.get(archetype);
  if (!list) {
    list = Object.entries(archetype.implies) as [CategoryId, number][];
    implications.set(archetype, list);
  }
  return list;
};

/** Evidence is quoted once however often the text repeats it. */
const addEvidence = (evidence: string[], quote: string): void => {
  if (!evidence.includes(quote)) evidence.push(quote);
};

const newNeed = (): Need => ({ score: 0, direct: 0, evidence: [], impliedBy: [], jobs: new Map(), learnedOdds: 0 });

/** A need's job by capability id, added when the need has no evidence for it yet. */
const jobOf = (need: Need, capability: string): Job => {
  let job = need.jobs.get(capability);
  if (!job) {
    job = { score: 0, evidence: [], impliedBy: [] };
    need.jobs.set(capability, job);
  }
  return job;
};

export const readDescription = (description: string): Reading => {
  const tokens = tokenize(description);
  const reading: Reading = {
    wordCount: wordCountOf(tokens),
    needs: new Map(),
    mentioned: new Map(),
    replacing: new Set(),
    makers: new Map(),
    leaving: new Map(),
    leftConstraints: new Set(),
    keywordHits: new Uint16Array(PROVIDER_COUNT),
    picks: new Map(),
    neighbours: [],
    unwanted: new Set(),
    constraints: new Map(),
    archetypes: new Set(),
    categories: [],
  };
  const quote = (hit: Span) => description.slice((tokens[hit.from] as Token).start, (tokens[hit.to - 1] as Token).end);
  const need = (category: CategoryId): Need => {
    let found = reading.needs.get(category);
    if (!found) {
      found = newNeed();
      reading.needs.set(category, found);
    }
    return found;
  };

  // First every hit, then the cues and vetoes that change how the others read: an absence marker
  // ("yet") can come after what it qualifies. Every word the text shares with the labelled examples
  // counts towards the nearest of them, once, negated or not: it says what the project is about.
  const hits: Hit[] = [];
  const signalsNothing = falseSignalsIn(tokens);
  phraseIndex.scan(tokens, (hit) => {
    if (!signalsNothing(hit)) hits.push(hit);
  });
  const cues = new Cues(tokens);
  const wordSets = new WordSets(tokens);
  /** Per category, the tokens a veto covers: its signals there mean something else. */
  const vetoed = new Map<CategoryId, Set<number>>();
  /** The tokens any veto covers: most hits touch none, and need no look-up per category. */
  const underVeto = new Uint8Array(tokens.length);
  const neighbourhood = new Neighbourhood();
  const wordsSeen = neighbourWordMarks.next();
  for (const hit of hits) {
    const { markers, learned } = hit.meaning;
    for (const marker of markers) {
      if (marker.kind === 'cue') cues.add(hit, marker.cue);
      else if (marker.kind === 'together') wordSets.add(hit, marker);
      else {
        const covered = vetoed.get(marker.category) ?? new Set<number>();
        for (let k = hit.from; k < hit.to; k++) {
          covered.add(k);
          underVeto[k] = 1;
        }
        vetoed.set(marker.category, covered);
      }
    }
    if (learned?.postings && !wordsSeen.has(hit.phrase)) {
      wordsSeen.add(hit.phrase);
      neighbourhood.add(learned.postings);
    }
  }
  const touchesVeto = (hit: Span): boolean => {
    for (let k = hit.from; k < hit.to; k++) if (underVeto[k] === 1) return true;
    return false;
  };
  /** Whether a veto of the category covers the hit; asked only of hits that touch a veto. */
  const vetoedFor = (category: CategoryId, hit: Span): boolean => {
    const covered = vetoed.get(category);
    if (!covered) return false;
    for (let k = hit.from; k < hit.to; k++) if (covered.has(k)) return true;
    return false;
  };
  const isVetoed = (category: CategoryId, hit: Span): boolean => touchesVeto(hit) && vetoedFor(category, hit);

  /**
   * Per category, the spans its signals cover and the weight each gave, as flat [from, to, weight]
   * triples: a category has few signals, so a scan of them costs less than a map per token.
   */
  const signalSpans = new Map<CategoryId, number[]>();
  /** A signal of a category: overlapping patterns of one category are one piece of evidence. */
  const signal = (category: CategoryId, strength: number, hit: Span): void => {
    let spans = signalSpans.get(category);
    if (!spans) {
      spans = [];
      signalSpans.set(category, spans);
    }
    let already = 0;
    for (let k = 0; k < spans.length; k += 3)
      if ((spans[k] as number) < hit.to && hit.from < (spans[k + 1] as number))
        already = Math.max(already, spans[k + 2] as number);
    if (strength <= already) return;
    const weak = strength === STRONG_SIGNAL && saysLittleAlone(category, (tokens[hit.from] as Token).word, () => quote(hit));
    const weight = weak ? WEAK_SIGNAL : strength;
    if (weight <= already) return;
    spans.push(hit.from, hit.to, weight);
    const n = need(category);
    n.score += weight - already;
    n.direct += weight - already;
    addEvidence(n.evidence, quote(hit));
  };
  const stateConstraint = (facts: ConstraintFacts | undefined, strength: 'require' | 'prefer', text: string, hit?: Hit): void => {
    if (!facts || reading.constraints.get(facts.id)?.strength === 'require') return;
    reading.constraints.set(facts.id, { strength, evidence: text, ...(hit && { span: [hit.from, hit.to] as const }) });
  };

  /** Per category, the job phrase reaching furthest so far. */
  const longestJobPhrase = new Map<CategoryId, { from: number; to: number }>();
  /** Per job, the spans its patterns have already matched, as flat [from, to] pairs. */
  const jobSpans = new Map<object, number[]>();

  /** A phrase of a category's job: a strong signal of the category, and evidence for the job. */
  const jobSignal = (category: CategoryId, capability: string, hit: Span): void => {
    signal(category, STRONG_SIGNAL, hit);
    // A job's phrase inside a longer phrase of the category's jobs ("chat" in "team chat") is part of it.
    const longest = longestJobPhrase.get(category);
    if (longest && longest.from <= hit.from && hit.to <= longest.to && longest.to - longest.from > hit.to - hit.from) return;
    if (!longest || hit.to > longest.to) longestJobPhrase.set(category, { from: hit.from, to: hit.to });
    const job = jobOf(need(category), capability);
    // Overlapping patterns of one job ("on a map", "where each courier is on a map") are one piece of evidence.
    let spans = jobSpans.get(job);
    if (!spans) {
      spans = [];
      jobSpans.set(job, spans);
    }
    let overlaps = false;
    for (let k = 0; k < spans.length && !overlaps; k += 2)
      overlaps = (spans[k] as number) < hit.to && hit.from < (spans[k + 1] as number);
    spans.push(hit.from, hit.to);
    if (overlaps) return;
    job.score += STRONG_SIGNAL;
    addEvidence(job.evidence, quote(hit));
  };

  /** Each pattern counts once, at its first occurrence that is not negated. */
  const counted = countedMarks.next();
  /** Patterns counted except for a common-word name seen only in lower case so far. */
  const countedButMention = mentionOnlyMarks.next();
  /** Mentions grouped by where they sit: one name listed under several categories is weaker evidence for each. */
  const mentionsAt = new Map<string, MentionGroup>();
  const archetypeHits = new Set<ArchetypeFacts>();
  /** Learned log-odds per category, by position in CATEGORY_IDS. */
  const learnedSum = new Float64Array(CATEGORY_IDS.length);
  /** Learned log-odds per job, by position in LEARNED_JOBS. */
  const jobSum = new Float64Array(LEARNED_JOBS.length);

  /**
   * A common-word name written in lower case ("render") is no mention; a later "Render" may still be. A
   * name that is a word unless written in capitals ("LINE") counts only so.
   */
  const isMention = (owner: Owner, hit: Hit): owner is Extract<Owner, { kind: 'mention' }> => {
    if (owner.kind !== 'mention') return false;
    const first = tokens[hit.from] as Token;
    if (owner.written === 'capitalised') return first.capitalised && hit.from !== 0;
    if (owner.written === 'capitals') return writtenInCapitals(description, first);
    return true;
  };
  /** A market's phrase that names a product ("their M-Pesa wallets"): the customers' product says where they are. */
  const namesCustomersProduct = (constraint: ConstraintFacts, hit: Hit): boolean =>
    marketsOf(constraint.id).length > 0 && hit.meaning.owners.some((o) => isMention(o, hit));
  /** The team is leaving the product, or turns it down: it and its maker's other products are left out. */
  const leave = (provider: IndexedProvider): void => {
    reading.replacing.add(provider.id);
    reading.leaving.set(provider.lowerName, provider.entry.traits.vendor);
  };
  /** Where the last product turned down ends: a list of them goes on from there. */
  let rejectedListEnd = -2;
  /** The last constraint phrase read, and how: a phrase inside it reads the same way. */
  let longer: { end: number; negated: boolean; cancelled: boolean; opposite?: ConstraintId } = {
    end: 0,
    negated: false,
    cancelled: false,
  };
  for (const hit of hits) {
    if (counted.has(hit.phrase)) {
      // Named again as a product the team is leaving ("on Heroku since 2014 … moving away from Heroku").
      if (cues.replaces(hit) || cues.negates(hit))
        for (const owner of hit.meaning.owners) if (isMention(owner, hit) && !cues.belongsToOthers(hit)) leave(owner.provider);
      continue;
    }
    // "no Google Analytics or Firebase": what follows a product turned down, in the same list, is turned down too.
    const negated = cues.negates(hit) || cues.continuesList(hit, rejectedListEnd);
    let countedHere = true;
    // A constraint phrase inside a longer one already read ("own servers" in "nothing may leave our own
    // servers") is part of it, and reads as it did.
    const inLonger = hit.from < longer.end;
    const mentionsOnly = countedButMention.has(hit.phrase);
    for (const owner of hit.meaning.owners) {
      if (mentionsOnly && owner.kind !== 'mention') continue;
      // A negated job ("nothing relational about it", "no live classes") is not a negated category:
      // the project may need it for another job.
      if (negated && owner.kind === 'signal') reading.unwanted.add(owner.category);
      if (negated && owner.kind !== 'constraint' && owner.kind !== 'mention') continue;
      switch (owner.kind) {
        case 'signal':
          if (!isVetoed(owner.category, hit)) signal(owner.category, owner.weight, hit);
          break;
        case 'capability':
          if (!isVetoed(owner.category, hit)) jobSignal(owner.category, owner.capability, hit);
          break;
        case 'keywords':
          for (const { index } of owner.providers) reading.keywordHits[index] = (reading.keywordHits[index] as number) + 1;
          break;
        case 'mention': {
          if (!isMention(owner, hit)) {
            countedHere = false;
            break;
          }
          if (cues.belongsToOthers(hit)) break;
          const maker = owner.provider.lowerName;
          // A product turned down ("no Firebase", "nada de Google Analytics ni Firebase") is left out
          // like one being replaced, and says nothing about what the project needs.
          if (negated || cues.replaces(hit)) {
            leave(owner.provider);
            if (negated) {
              rejectedListEnd = hit.to;
              break;
            }
          } else if (!reading.mentioned.has(owner.provider.id)) {
            reading.mentioned.set(owner.provider.id, hit.from);
            if (!reading.makers.has(maker))
              reading.makers.set(maker, { at: hit.from, vendor: owner.provider.entry.traits.vendor });
          }
          const at = `${hit.from}-${hit.to}`;
          const group = mentionsAt.get(at) ?? {
            from: hit.from,
            to: hit.to,
            quote: quote(hit),
            providers: [],
            replaced: cues.replaces(hit),
          };
          group.providers.push(owner.provider);
          mentionsAt.set(at, group);
          break;
        }
        case 'archetype':
          archetypeHits.add(owner.archetype);
          break;
        case 'constraint': {
          // A cloud someone else uses, or one the team is leaving, binds nothing. A product the
          // customers use still says where they are: "transfers to their M-Pesa wallets" states the market.
          if (inLonger) {
            // The opposite constraint's phrase wholly inside it ("eigenen Server" in "keine eigenen
            // Server") is part of what the longer phrase says, not a constraint of its own.
            if (hit.to <= longer.end && owner.constraint.id === longer.opposite) break;
            longer.end = Math.max(longer.end, hit.to);
          } else {
            const othersOwn = cues.belongsToOthers(hit) && !namesCustomersProduct(owner.constraint, hit);
            const left = !othersOwn && cues.leavesConstraint(hit);
            // A reluctant phrase agrees with its negation ("nothing may leave our server room"): the
            // shorter phrases inside it ("our server room") are not negated by it either.
            longer = {
              end: hit.to,
              negated: negated && !owner.reluctant,
              cancelled: othersOwn || left,
              opposite: owner.constraint.whenNegated,
            };
            if (left) reading.leftConstraints.add(owner.constraint.id);
          }
          if (longer.cancelled) break;
          // "avoid running our own servers" states the opposite constraint; other negations cancel it.
          if (!longer.negated || owner.reluctant) stateConstraint(owner.constraint, owner.strength, quote(hit), hit);
          else if (owner.constraint.whenNegated)
            stateConstraint(constraintFacts(owner.constraint.whenNegated), owner.strength, quote(hit), hit);
          break;
        }
      }
    }
    if (negated) continue;
    const { learned } = hit.meaning;
    if (learned && !mentionsOnly) {
      const { categories, weights } = learned.categories;
      const vetoedHere = touchesVeto(hit);
      for (let k = 0; k < categories.length; k++) {
        const at = categories[k] as number;
        // A veto says the words mean something else here ("Rails app" is no phone app): what the examples
        // taught about them for that category does not count either.
        if (vetoedHere && vetoedFor(CATEGORY_IDS[at] as CategoryId, hit)) continue;
        learnedSum[at] = (learnedSum[at] as number) + (weights[k] as number);
      }
      const { jobs, weights: jobWeights } = learned.jobs;
      for (let k = 0; k < jobs.length; k++) {
        const at = jobs[k] as number;
        jobSum[at] = (jobSum[at] as number) + (jobWeights[k] as number);
      }
    }
    if (countedHere) counted.add(hit.phrase);
    else countedButMention.add(hit.phrase);
  }

  // Word sets, now that every cue is known: a job's set reads like its signals, unless negated.
  for (const { set, ...span } of wordSets.complete()) {
    if ('constraint' in set) stateConstraint(set.constraint, set.strength, quote(span));
    else if (!cues.negates(span) && !isVetoed(set.category, span)) jobSignal(set.category, set.capability, span);
  }

  // A text written in Chinese, Japanese or Korean is most likely for that market, unless it states the
  // market it is for ("买家主要在东南亚": a Shenzhen team selling in Indonesia).
  const script = scriptOf(description);
  if (script && marketsStated(reading).size === 0)
    for (const facts of CONSTRAINT_FACTS)
      if (facts.writtenIn === script) stateConstraint(facts, 'prefer', `written in ${SCRIPT_NAMES[script]}`);

  weighLearnedEvidence(learnedSum, reading.needs, need);
  weighLearnedJobs(jobSum, reading.needs);

  for (const category of new Set([...mentionsAt.values()].flatMap(({ providers }) => providers.map((p) => p.category))))
    readCustomersOwn(category, mentionsAt, tokens, reading, need);

  // Naming a product is a hint, not a need: "a dashboard over our Shopify sales" needs no new shop.
  const mentionedCategories = new Set<string>();
  const namedCategories = new Set<CategoryId>();
  // A product the team wants to replace ("a self-hosted alternative to Intercom") states its job as a
  // need, when the name is of one kind of product only.
  for (const { quote: text, providers, replaced } of mentionsAt.values()) {
    const categories = new Set(providers.map((p) => p.category));
    const weight = replaced && categories.size === 1 ? STRONG_SIGNAL : WEAK_SIGNAL;
    for (const category of categories) {
      namedCategories.add(category);
      // A product named twice, or under two spellings, is still one piece of evidence.
      const key = `${category}|${text.toLowerCase()}`;
      if (mentionedCategories.has(key)) continue;
      mentionedCategories.add(key);
      const n = need(category);
      n.score += weight;
      n.direct += weight;
      addEvidence(n.evidence, text);
    }
  }

  for (const archetype of archetypeHits) reading.archetypes.add(archetype.name);
  for (const archetype of archetypeHits) {
    if (
      archetype.unless?.some((other) => reading.archetypes.has(other)) ||
      archetype.unlessNamed?.some((c) => namedCategories.has(c))
    ) {
      reading.archetypes.delete(archetype.name);
      continue;
    }
    for (const [category, weight] of impliedBy(archetype)) {
      const n = need(category);
      n.score += cues.existingProduct ? weight * EXISTING_PRODUCT_DAMPING : weight;
      if (!n.impliedBy.includes(archetype.name)) n.impliedBy.push(archetype.name);
    }
    for (const [category, capability] of Object.entries(archetype.capabilities ?? {}) as [CategoryId, string][]) {
      const job = jobOf(need(category), capability);
      job.score += WEAK_SIGNAL;
      job.impliedBy.push(archetype.name);
    }
  }

  // Related needs, from what the description itself asks for (not from its archetypes, so nothing cascades).
  const shown = [...reading.needs.entries()].filter(([, n]) => n.direct >= STRONG_SIGNAL).map(([id]) => id);
  for (const category of shown) {
    for (const [related, weight] of Object.entries(RELATED[category] ?? {}) as [CategoryId, number][]) {
      const n = need(related);
      n.score += weight;
      n.impliedBy.push(category);
    }
  }

  // Nearly every product keeps data of its own; a request only about tooling (pipelines, clusters,
  // monitoring, tests, flags, security) does not, unless the text says so.
  const aboutProduct = shown.some((id) => !TOOLING.has(id)) || reading.archetypes.size > 0 || shown.length === 0;
  if (aboutProduct) {
    const n = need('database');
    n.score += DATABASE_PRIOR;
    if (!n.impliedBy.includes('most products')) n.impliedBy.push('most products');
  }
  reading.neighbours = neighbourhood.nearest();
  weighNeighbours(reading.neighbours, reading, need);
  reading.categories = chooseCategories(reading);
  return reading;
};

/** The markets the reading's constraints ask for (those their first ranking test names). */
export const marketsStated = (reading: Reading): Set<string> => new Set([...reading.constraints.keys()].flatMap(marketsOf));

/** How the nearest labelled examples' votes are quoted: never as what the text said. */
const LIKE_THIS = 'projects like this';
/**
 * The nearest examples' share (by similarity) that needs a category, above this, adds to its score;
 * below it, takes away. A category a quarter of similar projects need is worth a look.
 */
const NEIGHBOUR_NEED_SHARE = 0.25;
/** So that all of them needing a category counts like two stated needs, and none of them a little against it. */
const NEIGHBOUR_NEED_WEIGHT = 6;
/** A job the nearest examples ask for counts by their similarity: a close example about like a stated phrase. */
const NEIGHBOUR_JOB_WEIGHT = 5;
/** The share of the nearest examples' similarity that must ask for a job before it counts at all. */
const NEIGHBOUR_JOB_SHARE = 0.5;

/** The nearest labelled examples vote for categories, for the job in each, and for providers (see rank.ts). */
const weighNeighbours = (nearest: readonly Neighbour[], reading: Reading, need: (category: CategoryId) => Need): void => {
  let total = 0;
  for (const { similarity } of nearest) total += similarity;
  if (total === 0) return;
  const shares = new Float64Array(CATEGORY_IDS.length);
  for (const { example, similarity } of nearest)
    for (const at of example.needs) shares[at] = (shares[at] as number) + similarity / total;
  CATEGORY_IDS.forEach((category, at) => {
    const share = shares[at] as number;
    const known = reading.needs.get(category);
    if (known) known.neighbourShare = share;
    const points = NEIGHBOUR_NEED_WEIGHT * (share - NEIGHBOUR_NEED_SHARE);
    if ((points <= 0 && !known) || (points > 0 && reading.unwanted.has(category))) return;
    const n = need(category);
    n.score += points;
    n.neighbourShare = share;
    if (points > 0 && !n.impliedBy.includes(LIKE_THIS)) n.impliedBy.push(LIKE_THIS);
  });
  // A job counts when neighbours holding half the similarity ask for it: one odd neighbour must not
  // turn a restaurant's database into an offline one.
  const jobVotes = new Map<CategoryId, Map<string, number>>();
  const statedMarkets = marketsStated(reading);
  for (const { example, similarity } of nearest) {
    for (const [at, job, providers] of example.picks) {
      const category = CATEGORY_IDS[at] as CategoryId;
      if (job && reading.needs.has(category)) {
        const votes = jobVotes.get(category) ?? new Map<string, number>();
        votes.set(job, (votes.get(job) ?? 0) + similarity);
        jobVotes.set(category, votes);
      }
      for (const p of providers) reading.picks.set(p, (reading.picks.get(p) ?? 0) + similarity);
    }
    for (const [markets, avoided] of example.avoids) {
      if (markets.length > 0 && !markets.some((market) => statedMarkets.has(market))) continue;
      for (const p of avoided) reading.picks.set(p, (reading.picks.get(p) ?? 0) - similarity);
    }
  }
  for (const [category, votes] of jobVotes)
    for (const [job, weight] of votes) {
      if (weight <= NEIGHBOUR_JOB_SHARE * total) continue;
      const found = jobOf(need(category), job);
      found.score += NEIGHBOUR_JOB_WEIGHT * weight;
      if (!found.impliedBy.includes(LIKE_THIS)) found.impliedBy.push(LIKE_THIS);
    }
};

/** A product that exists already has most of what its kind implies: its implied needs count half. */
const EXISTING_PRODUCT_DAMPING = 0.5;
/**
 * Learned log-odds become score shifted by one, so that an even chance (log-odds 0) counts like a weak
 * hint and a confident reading nearly like a stated need, and never more than two stated needs. The
 * learned reading is never quoted as what the text said: it stays "what the description implies".
 */
const LEARNED_SHIFT = 1;
const LEARNED_MAX = 2 * STRONG_SIGNAL;

const weighLearnedEvidence = (sums: Float64Array, needs: Map<CategoryId, Need>, need: (category: CategoryId) => Need): void => {
  CATEGORY_IDS.forEach((category, at) => {
    const bias = LEARNED_BIAS[category];
    if (bias === undefined) return;
    const odds = bias + (sums[at] as number);
    const points = Math.min(LEARNED_MAX, odds + LEARNED_SHIFT);
    if (points > 0) {
      const n = need(category);
      n.score += points;
      if (!n.impliedBy.includes('what the description implies')) n.impliedBy.push('what the description implies');
    }
    const known = needs.get(category);
    if (known) known.learnedOdds = odds;
  });
};

/**
 * A job's learned log-odds count only past 3 (about 95% sure): a non-default job is rarer, and its
 * model learned from fewer examples, than a category.
 */
const LEARNED_JOB_THRESHOLD = 3;

/** Learned evidence for a job counts like the text asking for it, in proportion to its confidence. */
const weighLearnedJobs = (sums: Float64Array, needs: Map<CategoryId, Need>): void => {
  LEARNED_JOBS.forEach(([category, job, bias], at) => {
    const n = needs.get(category);
    if (!n) return;
    const points = bias + (sums[at] as number) - LEARNED_JOB_THRESHOLD;
    if (points <= 0) return;
    jobOf(n, job).score += points;
  });
};

/**
 * Learned log-odds below this (about one chance in three thousand) doubt a need that one phrase states:
 * the rest of the text reads like projects that do not need the category.
 */
const DOUBTING_ODDS = -8;

/**
 * Whether the text states the need. One phrase is enough, unless it names no job of the category and
 * both the learned reading of the whole text and all of the nearest labelled projects say the project
 * does not need it: "the price actually paid to the farmer", "they're invoiced monthly out of SAP",
 * "HR is paying for it". Such a phrase is read as a hint, kept only as an implied need would be.
 */
const isStated = (need: Need): boolean =>
  need.direct >= SELECTION_THRESHOLD &&
  (need.direct > STRONG_SIGNAL ||
    need.learnedOdds >= DOUBTING_ODDS ||
    need.neighbourShare !== 0 ||
    [...need.jobs.values()].some((job) => job.evidence.length > 0));

/**
 * Which categories, most important first. Every need the description states is kept (up to the
 * answer's limit); implied needs fill the room a description of its length leaves, and a confident
 * one is kept past it.
 */
const chooseCategories = (reading: Reading): CategoryId[] => {
  const order = new Map([...reading.needs.keys()].map((id, i) => [id, i]));
  const byScore = ([a, x]: [CategoryId, Need], [b, y]: [CategoryId, Need]) =>
    y.score - x.score || y.direct - x.direct || (order.get(a) ?? 0) - (order.get(b) ?? 0);
  const statedIds = new Set([...reading.needs].filter(([, need]) => isStated(need)).map(([id]) => id));
  const selected = [...reading.needs.entries()]
    // A stated need is always in; a merely implied one must clear its category's margin too, and is
    // never one the text says it does not want.
    .filter(
      ([id, need]) =>
        statedIds.has(id) || (!reading.unwanted.has(id) && need.score >= SELECTION_THRESHOLD + selectionMarginOf(id)),
    )
    .sort(byScore);
  if (selected.length === 0) return [...FALLBACK];
  const stated = selected.filter(([id]) => statedIds.has(id)).slice(0, MAX_CATEGORIES);
  const implied = selected.filter(([id]) => !statedIds.has(id));
  const room = Math.max(0, Math.min(MAX_CATEGORIES, impliedRoomFor(reading.wordCount)) - stated.length);
  const confident = implied.slice(room).filter(([, need]) => need.score >= CONFIDENT_IMPLIED);
  const chosen = [...stated, ...implied.slice(0, room), ...confident];
  return chosen.slice(0, Math.max(stated.length, MAX_CATEGORIES)).map(([id]) => id);
};

const SPACE = 32;
/** "supabase auth" starts with the word "supabase"; compared in place, as ranking asks it of every provider. */
const startsWithWord = (name: string, word: string): boolean =>
  name.length > word.length && name.charCodeAt(word.length) === SPACE && name.startsWith(word);
const endsWithWord = (name: string, word: string): boolean =>
  name.length > word.length && name.charCodeAt(name.length - word.length - 1) === SPACE && name.endsWith(word);

/**
 * Whether a product is the maker's: its data says so (Cloud Firestore is Firebase's), or its name does
 * ("Supabase Auth", "Cloud Storage for Firebase"). A product "for" a maker of another vendor is only
 * made for it: "AlloyDB for PostgreSQL" is Google's; so is a cloud's own edition of it: "Azure OpenAI"
 * runs in the team's Azure, not at OpenAI.
 */
const isMadeBy = (p: IndexedProvider, maker: string, vendor: Vendor): boolean => {
  if (p.entry.partOf === maker) return true;
  const name = p.lowerName;
  if (maker.length < 3) return false;
  if (startsWithWord(name, maker)) return true;
  if (!endsWithWord(name, maker)) return false;
  const sameVendor = vendor !== 'independent' && p.entry.traits.vendor === vendor;
  const cloudEdition = p.entry.traits.vendor !== 'independent' && !sameVendor;
  return sameVendor || (!cloudEdition && !name.endsWith(` for ${maker}`));
};

/** Whether the provider is one of these makers' products. */
export const byMakerOf = (p: IndexedProvider, makers: ReadonlyMap<string, Vendor>): boolean => {
  if (makers.size === 0) return false;
  for (const maker of p.makerNames) {
    const vendor = makers.get(maker);
    if (vendor !== undefined && isMadeBy(p, maker, vendor)) return true;
  }
  return false;
};

/** Where the text first names the provider, or its maker; undefined when it does not. */
export const namedAt = (p: IndexedProvider, reading: Reading): number | undefined => {
  const at = reading.mentioned.get(p.id);
  if (at !== undefined || reading.makers.size === 0) return at;
  let first: number | undefined;
  for (const name of p.makerNames) {
    const maker = reading.makers.get(name);
    if (maker && (first === undefined || maker.at < first) && isMadeBy(p, name, maker.vendor)) first = maker.at;
  }
  return first;
};

/**
 * The jobs wanted in a category, the main one first: those the text asks for, by evidence; with
 * none, the main job of a product the text names there ("we use Firebase": Firestore's document
 * store), else the category's default job. A binding constraint that a job is declared to serve
 * (Capability.servesUnder) puts it first when no job is asked in words. A job for small, single-device
 * use is never the one read from a description that states a large scale.
 */
export const jobsFor = (category: CategoryId, reading: Reading): CapabilityFacts[] => {
  let jobs = jobsRead.get(reading)?.get(category);
  if (!jobs) {
    jobs = readJobs(category, reading);
    const byCategory = jobsRead.get(reading) ?? new Map<CategoryId, CapabilityFacts[]>();
    byCategory.set(category, jobs);
    jobsRead.set(reading, byCategory);
  }
  return jobs;
};

/** Each reading's jobs per category, read once: ranking a category asks for them more than once. */
const jobsRead = new WeakMap<Reading, Map<CategoryId, CapabilityFacts[]>>();

/** Products named by the same words of the text (one name can be several products'), and where. */
interface MentionGroup extends Span {
  quote: string;
  providers: IndexedProvider[];
  /** The text is moving away from them. */
  replaced: boolean;
}

/** How far apart, in words, products named together may stand ("Okta, Azure AD, Google Workspace"). */
const LISTED_TOGETHER = 8;

/**
 * Competing products of one job named together that stand for the customers' own (Capability
 * .severalNamedMean): they leave the products in use, what their names said for their job goes to the
 * job they ask for, and a constraint their names stated goes.
 */
const readCustomersOwn = (
  category: CategoryId,
  mentionsAt: ReadonlyMap<string, MentionGroup>,
  tokens: readonly Token[],
  reading: Reading,
  need: (category: CategoryId) => Need,
): void => {
  for (const capability of capabilitiesOf(category)) {
    const asks = capability.severalNamedMean;
    if (!asks) continue;
    const listed = [...mentionsAt.values()].flatMap(({ from, to, quote, providers }) => {
      const provider = providers.find((p) => p.category === category && p.entry.capabilities[0] === capability.id);
      return provider ? [{ from, to, quote, provider }] : [];
    });
    if (new Set(listed.map((l) => l.provider.entry.traits.vendor + l.provider.makerNames[0])).size < 2) continue;
    const [first, ...rest] = listed;
    const last = rest.at(-1);
    if (!first || !last || last.from - first.from > LISTED_TOGETHER) continue;
    if ((tokens[first.from] as Token).clause !== (tokens[last.from] as Token).clause) continue;
    const n = need(category);
    const job = jobOf(n, capability.id);
    const quotes = new Set(listed.map((l) => l.quote.toLowerCase()));
    const said = job.evidence.filter((e) => quotes.has(e.toLowerCase()));
    job.evidence = job.evidence.filter((e) => !quotes.has(e.toLowerCase()));
    job.score -= STRONG_SIGNAL * said.length;
    const wanted = jobOf(n, asks);
    wanted.score += STRONG_SIGNAL;
    addEvidence(wanted.evidence, listed.map((l) => l.quote).join(', '));
    for (const { provider } of listed) {
      reading.mentioned.delete(provider.id);
      reading.makers.delete(provider.lowerName);
    }
    // "Azure AD" among them says nothing of the team's own cloud.
    for (const [id, { span }] of reading.constraints)
      if (span && span[0] >= first.from && span[1] <= last.to) reading.constraints.delete(id);
  }
};

/** Whether words of the text are a product's name ("MySQL"), not words about a job. */
const namesAProduct = (said: string): boolean => compactName(said) !== '' && providersNamed(said).length > 0;

const readJobs = (category: CategoryId, reading: Reading): CapabilityFacts[] => {
  const capabilities = capabilitiesOf(category);
  const largeScale = [...reading.constraints.keys()].some((id) => constraintFacts(id)?.rulesOutSmallScale);
  const jobs = reading.needs.get(category)?.jobs ?? new Map<string, Job>();
  // A job the text's own words ask for comes before one only implied (by its kind of product, or by
  // projects like it): "we need proper background jobs" is not a message bus because similar projects had one.
  // And a job asked in words comes before one shown only by naming a product in use ("we use MySQL,
  // but joins four levels deep are too slow": the graph is what is asked).
  const stated = (c: CapabilityFacts) => {
    const evidence = jobs.get(c.id)?.evidence ?? [];
    if (evidence.length === 0) return 0;
    return evidence.some((said) => !namesAProduct(said)) ? 2 : 1;
  };
  // Between jobs with equal scores, the one said in the most words: "abonnement mensuel sur iOS" is a
  // subscription sold in a phone app, more than "abonnement" alone is a subscription.
  const longestSaid = (c: CapabilityFacts) =>
    Math.max(0, ...(jobs.get(c.id)?.evidence ?? []).map((said) => said.split(' ').length));
  // Each job's order, worked out once: telling a product's name from other words is a look-up per quote.
  const ordered = capabilities
    .filter((c) => (jobs.get(c.id)?.score ?? 0) > 0 && !(largeScale && c.smallScaleOnly))
    .map((c) => {
      const said = stated(c);
      return { c, said, qualifying: c.qualifies && said ? 1 : 0, score: jobs.get(c.id)?.score ?? 0, longest: longestSaid(c) };
    })
    .sort((a, b) => b.said - a.said || b.qualifying - a.qualifying || b.score - a.score || b.longest - a.longest);
  const asked = ordered.map(({ c }) => c);
  const anyNamed = reading.mentioned.size > 0 || reading.makers.size > 0;
  const namedHere = () => (anyNamed ? providersIn(category).find((p) => namedAt(p, reading) !== undefined) : undefined);
  const bound =
    (ordered[0]?.said ?? 0) === 0 &&
    capabilities.find((c) => c.servesUnder?.some((id) => reading.constraints.get(id)?.strength === 'require'));
  // A team on a cloud, or naming a product of the category, runs it there: "self-hosted" is then no
  // call for a self-hosted platform.
  const onACloud = () => [...reading.constraints.keys()].some((id) => constraintFacts(id)?.services);
  if (bound && !onACloud() && !namedHere()) return [bound, ...asked.filter((c) => c !== bound)];
  if (asked.length > 0) return asked;
  const named = namedHere();
  const namedJob = named && capabilities.find((c) => c.id === named.entry.capabilities[0]);
  if (namedJob && !(largeScale && namedJob.smallScaleOnly)) return [namedJob];
  const fallback = capabilities.find((c) => c.default);
  return fallback ? [fallback] : [];
};
