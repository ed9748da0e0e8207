/**
 * Orders a category's providers by how well they do the job the reading asks for, under the
 * constraints it states. Pure and deterministic: equal scores fall back to popularity, then to the
 * catalogue's own order. The same judgement re-ranks a model's picks in shape().
 */

import {
  type CapabilityFacts,
  CONSTRAINT_FACTS,
  type ConstraintFacts,
  capabilitiesOf,
  type IndexedProvider,
  providersIn,
} from '../catalog/catalog.js';
import type { ConstraintId, ProviderFacts, ProviderTraits, TraitTest } from '../catalog/types.js';
import type { CategoryId } from '../category-ids.js';
import { byMakerOf, jobsFor, marketsStated, namedAt, type Reading } from './reading.js';

const KEYWORD_WEIGHT = 2.5;
const MOBILE_BONUS = 4;
/**
 * A product named only through its maker ("we use Stripe" for Stripe Billing) ranks after the one the
 * text names itself, and before any named later in the text.
 */
const BY_MAKER_ONLY = 0.25;
/** Per unit of similarity of the nearest labelled examples that pick the provider (reading.picks). */
const NEIGHBOUR_PICK_WEIGHT = 25;

type Check = (traits: ProviderTraits) => boolean;

/**
 * Every yes-or-no trait and vendor the catalogue's tests ask about, as one bit each, given as
 * compileTest first meets it, and every market likewise in a word of its own: ranking runs the tests
 * for every provider of every category, so a provider's traits are read into bits once and each test
 * is a few mask operations. Every test is compiled at load (RULES), before any provider's traits are
 * read.
 */
const TRAIT_BITS = new Map<string, number>();
const MARKET_BITS = new Map<string, number>();
const MAX_BITS = 31;

const bitFor = (bits: Map<string, number>, name: string): number => {
  let bit = bits.get(name);
  if (bit === undefined) {
    if (bits.size === MAX_BITS) throw new Error(`trait tests ask about more than ${MAX_BITS} traits or markets`);
    bit = 1 << bits.size;
    bits.set(name, bit);
  }
  return bit;
};

/** A provider's traits and markets as bits, kept on the traits themselves once read (a look-up table would cost more than the tests). */
const BITS = Symbol('trait bits');
const MARKET_BITS_OF = Symbol('market bits');
type WithBits = ProviderTraits & { [BITS]?: number; [MARKET_BITS_OF]?: number };
const bitsOf = (t: WithBits): number => {
  let bits = t[BITS];
  if (bits === undefined) {
    bits = TRAIT_BITS.get(`vendor:${t.vendor}`) ?? 0;
    for (const [name, bit] of TRAIT_BITS) if (t[name as keyof ProviderTraits] === true) bits |= bit;
    t[BITS] = bits;
  }
  return bits;
};
const marketBitsOf = (t: WithBits): number => {
  let bits = t[MARKET_BITS_OF];
  if (bits === undefined) {
    bits = 0;
    for (const market of t.markets ?? []) bits |= MARKET_BITS.get(market) ?? 0;
    t[MARKET_BITS_OF] = bits;
  }
  return bits;
};

/** A test as a function: every field given must hold; a missing optional trait is false. */
const compileTest = (test: TraitTest): Check => {
  let set = 0;
  let clear = 0;
  let vendors = 0;
  let markets = 0;
  for (const [trait, wanted] of Object.entries(test)) {
    if (trait === 'vendor') for (const vendor of wanted as readonly string[]) vendors |= bitFor(TRAIT_BITS, `vendor:${vendor}`);
    else if (trait === 'markets') for (const market of wanted as readonly string[]) markets |= bitFor(MARKET_BITS, market);
    else if (wanted === true) set |= bitFor(TRAIT_BITS, trait);
    else clear |= bitFor(TRAIT_BITS, trait);
  }
  const askVendor = test.vendor !== undefined;
  const askMarket = test.markets !== undefined;
  return (t) => {
    const bits = bitsOf(t);
    return (
      (bits & set) === set &&
      (bits & clear) === 0 &&
      (!askVendor || (bits & vendors) !== 0) &&
      (!askMarket || (marketBitsOf(t) & markets) !== 0)
    );
  };
};

/** A constraint with its tests compiled once: ranking runs them for every provider of every category. */
interface Rule {
  facts: ConstraintFacts;
  /** Breaks the constraint. */
  exclude: Check | undefined;
  /**
   * Its ranking tests as a preference: it rules nothing out, but ranks what it would rule out last,
   * the worst breaches after the milder ones (ConstraintData.exclude lists them worst first): a team
   * that mentions its GCP credits wants Cloud Storage first, neutral choices next, an independent
   * service after them and another cloud's storage last.
   */
  asPreference: readonly Check[];
  /** Ranking tests, most wanted first; none for a constraint that only excludes. */
  rankFirst: readonly Check[];
  /** The first of them with the test it was compiled from: what the constraint wants most. */
  wantsMost: { test: TraitTest; check: Check } | undefined;
  /** Those that apply only when it binds, after rankFirst, each with the test it was compiled from. */
  whenBinding: readonly { test: TraitTest; check: Check }[];
  /** The services it stands for (ConstraintData.services). */
  services: Check | undefined;
}

/** Breaks any of the tests. */
const anyOf = (checks: readonly Check[]): Check | undefined =>
  checks.length === 0 ? undefined : checks.length === 1 ? checks[0] : (traits) => checks.some((check) => check(traits));

const breachesOf = (exclude: ConstraintFacts['exclude']): Check[] =>
  exclude === undefined ? [] : Array.isArray(exclude) ? exclude.map(compileTest) : [compileTest(exclude as TraitTest)];

/** Breaks none of these tests. */
const breaksNoneOf =
  (breaches: readonly Check[]): Check =>
  (traits) =>
    !breaches.some((breach) => breach(traits));

const RULES: ReadonlyMap<ConstraintId, Rule> = new Map(
  CONSTRAINT_FACTS.map((facts) => {
    const breaches = breachesOf(facts.exclude);
    const rankFirst = (facts.rankFirst ?? []).map(compileTest);
    const mostWanted = facts.rankFirst?.[0];
    const rule: Rule = {
      facts,
      exclude: anyOf(breaches),
      asPreference: [...rankFirst, ...breaches.map((_, k) => breaksNoneOf(breaches.slice(0, breaches.length - k)))],
      rankFirst,
      wantsMost: mostWanted && { test: mostWanted, check: rankFirst[0] as Check },
      whenBinding: (facts.thenWhenBinding ?? []).map((test) => ({ test, check: compileTest(test) })),
      services: facts.services && compileTest(facts.services),
    };
    return [facts.id, rule];
  }),
);

/** Whether the constraint orders this category's providers (ConstraintData.ranksIn). */
const ordersIn = (facts: ConstraintFacts, category: CategoryId): boolean => facts.ranksIn?.includes(category) ?? true;

/** Position of the first test passed, or the number of tests when none is: lower ranks first. */
const tierOf = (traits: ProviderTraits, tests: readonly Check[]): number => {
  for (let k = 0; k < tests.length; k++) if ((tests[k] as Check)(traits)) return k;
  return tests.length;
};

/** Position of the first wanted job the provider does, or the number of jobs when it does none. */
const jobTierOf = (entry: ProviderFacts, jobs: readonly CapabilityFacts[]): number => {
  // Loops rather than findIndex and includes: ranking asks this of every provider of every category chosen.
  for (let k = 0; k < jobs.length; k++) if (entry.capabilities.includes((jobs[k] as CapabilityFacts).id)) return k;
  return jobs.length;
};

/** Whether the provider's main job is one its products are connected to through others (Capability.reachedThrough). */
const isReachedThrough = (p: IndexedProvider, category: CategoryId): boolean => {
  const main = p.entry.capabilities[0];
  for (const job of capabilitiesOf(category)) if (job.id === main) return job.reachedThrough === true;
  return false;
};

/** 0 when the job it does is what the provider is best known for (listed first), 1 when it is a side line. */
const sideLineOf = (entry: ProviderFacts, job: CapabilityFacts | undefined): number =>
  job && entry.capabilities[0] !== job.id ? 1 : 0;

interface StatedRules {
  /** The constraints the reading makes binding, in the order the catalogue applies them. */
  binding: Rule[];
  /**
   * The ranking tests of the binding ones, then of those stated as a preference: they order providers
   * but rule none out. Each with its constraint, which may order only some categories.
   */
  ordering: { facts: ConstraintFacts; tests: readonly Check[] }[];
  /** What each stated constraint wants first (its first ranking test): a named product failing one yields to a service that runs it. */
  wantedFirst: readonly Check[];
  /** The markets the constraints ask for (those their first ranking test names). */
  markets: ReadonlySet<string>;
  /** The services of the cloud the team is on, bound or only preferred (ConstraintData.services). */
  teamsCloud: readonly Check[];
  /** The services of the constraints the team is leaving ("moving off AWS"): left out with them. */
  leftServices: readonly Check[];
}

/** Each reading's rules, sorted out once: every category it ranks asks for them. */
const rulesStated = new WeakMap<Reading, StatedRules>();

/** Two trait tests that ask for opposite values of one yes-or-no trait ({ managed: false } and { managed: true }). */
const contradicts = (a: TraitTest, b: TraitTest): boolean =>
  Object.entries(a).some(([trait, wanted]) => {
    const other = b[trait as keyof TraitTest];
    return typeof wanted === 'boolean' && typeof other === 'boolean' && wanted !== other;
  });

/** The services the constraints stand for (ConstraintData.services). */
const servicesOf = (ids: Iterable<ConstraintId>): Check[] => [...ids].flatMap((id) => RULES.get(id)?.services ?? []);

const rulesOf = (reading: Reading): StatedRules => {
  let rules = rulesStated.get(reading);
  if (!rules) {
    const stated = (strength: 'require' | 'prefer') =>
      [...RULES.values()].filter((rule) => reading.constraints.get(rule.facts.id)?.strength === strength);
    const binding = stated('require');
    const preferred = stated('prefer').filter((rule) => rule.rankFirst.length > 0);
    // What a binding constraint asks next gives way to what the text states outright: a team locked to
    // AWS that wants its Postgres managed wants no self-run Postgres before a hosted one.
    const wantedMost = [...binding, ...preferred].flatMap((rule) => rule.wantsMost ?? []);
    const whenBinding = (rule: Rule) => [
      ...rule.rankFirst,
      ...rule.whenBinding.filter(({ test }) => !wantedMost.some((w) => contradicts(test, w.test))).map(({ check }) => check),
    ];
    rules = {
      binding,
      ordering: [
        ...binding.map((rule) => ({ facts: rule.facts, tests: whenBinding(rule) })),
        ...preferred.map((rule) => ({ facts: rule.facts, tests: rule.asPreference })),
      ],
      wantedFirst: wantedMost.map(({ check }) => check),
      markets: marketsStated(reading),
      teamsCloud: servicesOf(reading.constraints.keys()),
      leftServices: servicesOf(reading.leftConstraints),
    };
    rulesStated.set(reading, rules);
  }
  return rules;
};

/** 1 for a market's local provider when the text states none of its markets: a poorer choice than any that serves everyone. */
const servesElsewhere = (traits: ProviderTraits, markets: ReadonlySet<string>): number => {
  if (!traits.markets) return 0;
  for (const market of traits.markets) if (markets.has(market)) return 0;
  return 1;
};

/** Whether the provider is one of these services (a cloud's own, as constraints name them). */
const isAnyOf = (services: readonly Check[], p: IndexedProvider): boolean => {
  for (const isOf of services) if (isOf(p.entry.traits)) return true;
  return false;
};

/**
 * How the reading judges the providers of a category: whether a binding constraint rules one out, and
 * a sort key (lower first) from the job it does and the constraints it honours.
 */
export interface Judgement {
  excludes(entry: ProviderFacts): boolean;
  keyOf(entry: ProviderFacts): number[];
}

/** Where a judgement's key holds the provider's job tier (0: it does the main job asked). */
const JOB_TIER = 1;

export const judge = (category: CategoryId, reading: Reading): Judgement => {
  const jobs = jobsFor(category, reading);
  const { binding, ordering: stated, markets } = rulesOf(reading);
  const ordering = stated.filter(({ facts }) => ordersIn(facts, category));
  return {
    excludes: (entry) => binding.some((rule) => rule.exclude?.(entry.traits) === true),
    // Providers for a market the text does not state last (they cannot take these customers' money, or
    // message them), then the job, then the constraints, binding before preferred (a cloud's own search
    // service before an independent one, even if search is its side line; a constraint that holds only
    // for a product's main job, like a free tier, counts nothing for a side line), then providers best
    // known for the job.
    keyOf: (entry) => {
      const tier = jobTierOf(entry, jobs);
      const sideLine = sideLineOf(entry, jobs[tier]);
      const key = [servesElsewhere(entry.traits, markets), tier]; // tier at JOB_TIER
      for (const { facts, tests } of ordering)
        key.push(sideLine === 1 && facts.mainJobOnly ? tests.length : tierOf(entry.traits, tests));
      key.push(sideLine);
      return key;
    },
  };
};

/** Orders two judgements' keys: lower first. */
export const compareKeys = (a: readonly number[], b: readonly number[]): number => {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return 0;
};

export interface RankedCategory {
  providers: IndexedProvider[];
  /** The job the ranking served first, when the text asked for one or the category has several. */
  job: CapabilityFacts | undefined;
  /** Constraints the ranking honoured, or could not honour, in words for the category's reason. */
  notes: string[];
}

/** Whether a constraint stated around the provider's name ("managed Postgres") asks for what it is not. */
const failsQualifier = (p: IndexedProvider, at: number, reading: Reading): boolean => {
  for (const [id, { span }] of reading.constraints) {
    if (!span || at < span[0] || at >= span[1]) continue;
    const wanted = RULES.get(id)?.rankFirst[0];
    if (wanted && !wanted(p.entry.traits)) return true;
  }
  return false;
};

/**
 * Whether a named product leading its category is only the cloud the team is on: named through its
 * maker ("we're an AWS shop" for Amazon SQS), or as the very words that state the cloud ("AWS only"
 * for the AWS umbrella).
 */
const standsForItsCloud = (p: IndexedProvider, namedItself: boolean, reading: Reading): boolean => {
  const { vendor } = p.entry.traits;
  const cloud = vendor === 'independent' ? undefined : reading.constraints.get(vendor);
  if (!cloud) return false;
  if (!namedItself) return true;
  const at = reading.mentioned.get(p.id);
  return cloud.span !== undefined && at !== undefined && at >= cloud.span[0] && at < cloud.span[1];
};

/** The category's providers, best first: the first `limit` of them. */
export const rankProviders = (category: CategoryId, reading: Reading, limit = Number.POSITIVE_INFINITY): RankedCategory => {
  const jobs = jobsFor(category, reading);
  const mainJob = jobs[0];
  const judgement = judge(category, reading);
  const notes: string[] = [];
  const doesMainJob = (p: IndexedProvider) => !mainJob || p.entry.capabilities.includes(mainJob.id);

  const { binding, markets, wantedFirst, teamsCloud, leftServices } = rulesOf(reading);
  let candidates = providersIn(category).filter(
    (p) =>
      !reading.replacing.has(p.id) &&
      !byMakerOf(p, reading.leaving) &&
      (reading.mentioned.has(p.id) || !isAnyOf(leftServices, p)),
  );
  // A binding constraint leaves out the providers that break it, unless that would leave none for the
  // job asked for: then it gives way, and the reason says so. Providers the text names stay (not their
  // makers' other products: "we use Firebase" and HIPAA still rules out Firebase Authentication), and so
  // do the services of the team's own cloud where the constraint counts them as its own.
  for (const { facts, exclude } of binding) {
    if (!exclude) continue;
    const kept = candidates.filter(
      (p) => reading.mentioned.has(p.id) || !exclude(p.entry.traits) || (facts.teamsCloudIsOwn && isAnyOf(teamsCloud, p)),
    );
    if (kept.some(doesMainJob)) {
      if (kept.length < candidates.length) notes.push(facts.label);
      candidates = kept;
    } else {
      notes.push(`nothing here meets “${facts.label}”, so these are the closest`);
    }
  }
  for (const { facts } of binding) {
    if (facts.rankFirst && !facts.exclude && ordersIn(facts, category)) notes.push(facts.label);
  }

  // A provider that does none of the jobs asked, or serves only a market the text does not state, ranks
  // after every one that does (unless named): with enough of those, it need not be judged at all
  // (categories hold up to ~80 providers).
  const doers = candidates.filter(
    (p) =>
      jobTierOf(p.entry, jobs) < jobs.length &&
      (servesElsewhere(p.entry.traits, markets) === 0 || namedAt(p, reading) !== undefined),
  );
  if (doers.length >= limit) candidates = doers;

  const mobile = reading.archetypes.has('mobile app') || reading.archetypes.has('app');
  const score = (p: IndexedProvider): number => {
    const { traits, popularity } = p.entry;
    let s = popularity + KEYWORD_WEIGHT * (reading.keywordHits[p.index] ?? 0);
    if (mobile && traits.platforms.includes('mobile')) s += MOBILE_BONUS;
    const pick = reading.picks.get(p.index) ?? 0;
    // A market's local provider that projects like this one picked was picked for their market, which
    // this text does not state: it gains nothing from them (and already ranks after those that serve
    // everyone: servesElsewhere).
    if (servesElsewhere(traits, markets) === 1) return s + Math.min(0, NEIGHBOUR_PICK_WEIGHT * pick);
    return s + NEIGHBOUR_PICK_WEIGHT * pick;
  };
  // Named providers first when they do a job the text asks for ("we already use Zendesk"), unless the
  // text qualifies the name with a constraint they fail ("managed Postgres" wants a managed service
  // that is Postgres) or they break a binding one ("fully managed … a Postgres database"); otherwise
  // they rank with the others that do the same job, before those not named.
  const ranked = candidates.map((p, order) => {
    const at = namedAt(p, reading);
    const key = judgement.keyOf(p.entry);
    const doesAskedJob = key[JOB_TIER] === 0;
    const first =
      at !== undefined && doesAskedJob && !failsQualifier(p, at, reading) && !judgement.excludes(p.entry)
        ? at + (reading.mentioned.has(p.id) ? 0 : BY_MAKER_ONLY)
        : Number.MAX_SAFE_INTEGER;
    return { p, order, at, first, doesAskedJob, named: at !== undefined ? 1 : 0, key, s: score(p) };
  });
  // Software named under a constraint it fails ("AWS only … Postgres") is wanted as a service that runs
  // it and honours the constraint (Amazon RDS): that service takes the name's place, the software next.
  const hosts = ranked.filter((host) => host.p.entry.runs && host.doesAskedJob);
  const wanted = hosts.length > 0 ? wantedFirst : [];
  for (const named of wanted.length > 0 ? ranked : []) {
    if (named.at === undefined) continue;
    const failed = wanted.filter((test) => !test(named.p.entry.traits));
    if (failed.length === 0) continue;
    for (const host of hosts)
      if (
        host.p.entry.runs?.includes(named.p.id) &&
        failed.every((test) => test(host.p.entry.traits)) &&
        !judgement.excludes(host.p.entry)
      )
        host.first = Math.min(host.first, named.at - 0.5);
  }
  ranked.sort(
    (a, b) =>
      a.first - b.first ||
      compareKeys(a.key, b.key) ||
      b.named - a.named ||
      b.s - a.s ||
      b.p.entry.popularity - a.p.entry.popularity ||
      a.order - b.order,
  );
  // A product the text names for the job asked ("we're already on Zendesk") is the recommendation:
  // listing its competitors after it would suggest a migration nobody asked for. So is its maker's
  // product when the text names only the maker ("the whole app is on Supabase": Supabase Auth). A
  // cloud the text is on ("we're an AWS shop") is a constraint instead: its services compete, with
  // open source too, unless the text names the service itself ("workflows on Step Functions"). A
  // product reached through others ("sign-in with FranceConnect") keeps them after it: they connect it.
  const named = ranked.filter((x) => x.first !== Number.MAX_SAFE_INTEGER);
  const direct = named.filter((x) => reading.mentioned.has(x.p.id));
  const chosen = direct.length > 0 ? direct : named;
  const lead = chosen[0];
  const standsAlone =
    lead !== undefined &&
    lead === ranked[0] &&
    !standsForItsCloud(lead.p, direct.length > 0, reading) &&
    !isReachedThrough(lead.p, category);
  const kept = standsAlone ? chosen : ranked;
  return { providers: kept.slice(0, limit).map((x) => x.p), job: mainJob, notes };
};
