/**
 * Evidence learned from labelled example descriptions (data/examples/*.jsonl), at build time: for
 * each category, how much each word and word stem says the project needs it. This is what
 * the hand-written signals cannot reach: the thousand everyday ways of implying a need ("tenants" →
 * sign-in, "podcast" → storage, "summarise" → a language model). One logistic regression per category
 * over those features, trained deterministically; only weights that matter are kept, as patterns the
 * phrase index matches like any other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { CATEGORY_IDS, type CategoryId } from '../category-ids.js';
import { CJK, tokenize, weakPhraseKey } from './text.js';
import { STRONG_SIGNAL } from './types.js';

export interface LabelledExample {
  description: string;
  /** Categories the project needs; "a|b" groups count for both. */
  must: readonly string[];
  /** Categories that would be reasonable: neither a positive nor a negative example. */
  ok: readonly string[];
  /** Provider checks: per category, the providers of the right kind for rank 1. */
  first?: Readonly<Record<string, readonly string[]>>;
  /** Provider checks: per category, providers of the wrong kind, or that break a stated constraint. */
  avoid?: Readonly<Record<string, readonly string[]>>;
}

/** One learned piece of evidence: a pattern and what it adds to a category's log-odds. */
export type LearnedWeight = [pattern: string, category: CategoryId, weight: number];

/** One learned piece of evidence for a job inside a category, against the category's other jobs. */
export type LearnedJobWeight = [pattern: string, category: CategoryId, job: string, weight: number];

export interface LearnedEvidence {
  /** Each category's log-odds before any evidence. */
  bias: Partial<Record<CategoryId, number>>;
  weights: LearnedWeight[];
  /** Each job's log-odds, within its category, before any evidence. */
  jobBias: Partial<Record<CategoryId, Record<string, number>>>;
  jobWeights: LearnedJobWeight[];
}

const EPOCHS = 40;
const LEARNING_RATE = 0.3;
const L2 = 1e-4;
/** A feature must appear in this many examples to be learned at all. */
const MIN_EXAMPLES = 3;
/** Weights smaller than this are dropped: they would cost load time and say little. */
const MIN_WEIGHT = 0.35;
/** Weights are kept to this precision, so equal weights share one owner in the compiled index. */
const STEP = 0.25;

const PLAIN_WORD = /^[a-z0-9]+$/;
const CJK_TOKEN = new RegExp(`^[${CJK}]{1,2}$`, 'v');
/** A long word's stem is a feature too: "summarise" and "summaries" share "summa*". */
const STEM_LENGTH = 5;
const stemOf = (word: string) => `${word.slice(0, STEM_LENGTH)}*`;

/**
 * The features of a text, as patterns the phrase index matches: each plain word or pair of Chinese or
 * Japanese characters, and the stem of each long plain word ("summa*"). Words of other scripts are
 * left out. (Word pairs were features once: with thousands of examples they made the index a tenth
 * larger and the reading no better.)
 */
export const featuresOf = (text: string): Set<string> => {
  const features = new Set<string>();
  for (const { word } of tokenize(text)) {
    const plain = PLAIN_WORD.test(word);
    if (!plain && !CJK_TOKEN.test(word)) continue;
    features.add(word);
    if (plain && word.length > STEM_LENGTH + 1) features.add(stemOf(word));
  }
  return features;
};

/** The stem pattern that matches a word at run time, if it had one ("bakery" → "baker*"): words of five plain letters or more. */
const stemMatching = (word: string): string | undefined =>
  word.length >= STEM_LENGTH && PLAIN_WORD.test(word) ? stemOf(word) : undefined;

/** Reads every *.jsonl file of a folder as labelled examples. */
export const readExamples = (dir: URL): LabelledExample[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) =>
      readFileSync(new URL(f, dir), 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as LabelledExample),
    );

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const round = (x: number) => Math.round(x / STEP) * STEP;

interface Sample {
  row: readonly number[];
  y: 0 | 1;
}

/**
 * One logistic regression (AdaGrad, L2), in a fixed interleaved order: deterministic, with no long
 * runs of one label. Returns the bias and the weight of every feature.
 */
const trainLogistic = (samples: readonly Sample[], features: number): { bias: number; weights: Float64Array } => {
  const w = new Float64Array(features);
  const g2 = new Float64Array(features).fill(1e-8);
  const positives = samples.filter((s) => s.y === 1).length;
  let b = Math.log((positives + 1) / (samples.length - positives + 1));
  let b2 = 1e-8;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let k = 0; k < samples.length; k++) {
      const { row, y } = samples[(k * 7919) % samples.length] as Sample;
      let z = b;
      for (const f of row) z += w[f] as number;
      const err = sigmoid(z) - y;
      for (const f of row) {
        const grad = err + L2 * (w[f] as number);
        g2[f] = (g2[f] as number) + grad * grad;
        w[f] = (w[f] as number) - (LEARNING_RATE * grad) / Math.sqrt(g2[f] as number);
      }
      b2 += err * err;
      b -= (LEARNING_RATE * err) / Math.sqrt(b2);
    }
  }
  return { bias: b, weights: w };
};

/**
 * The job a labelled example asks for in a category, when its `first` check names the providers of
 * the right kind: their most common main job in the catalogue.
 */
type JobOf = (category: CategoryId, firstNames: readonly string[]) => string | undefined;

export const learnEvidence = (examples: readonly LabelledExample[], jobOf?: JobOf): LearnedEvidence => {
  // Features by index, kept only when seen in enough examples.
  const counts = new Map<string, number>();
  const featureSets = examples.map((e) => featuresOf(e.description));
  for (const set of featureSets) for (const f of set) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = [...counts].filter(([, n]) => n >= MIN_EXAMPLES).map(([f]) => f);
  const index = new Map(vocabulary.map((f, i) => [f, i]));
  const rows = featureSets.map((set) => [...set].flatMap((f) => (index.has(f) ? [index.get(f) as number] : [])));
  const keep = (weights: Float64Array, add: (pattern: string, weight: number) => void) => {
    for (const [f, i] of index) {
      const weight = round(weights[i] as number);
      if (Math.abs(weight) >= MIN_WEIGHT) add(f, weight);
    }
  };

  const bias: LearnedEvidence['bias'] = {};
  const weights: LearnedWeight[] = [];
  const jobBias: LearnedEvidence['jobBias'] = {};
  const jobWeights: LearnedJobWeight[] = [];
  for (const category of CATEGORY_IDS) {
    // Positive: the category is needed; negative: it would be wrong; merely acceptable: left out.
    const samples = examples.flatMap((e, i): Sample[] => {
      const needed = e.must.some((g) => g.split('|').includes(category));
      if (needed) return [{ row: rows[i] as number[], y: 1 }];
      return e.ok.includes(category) ? [] : [{ row: rows[i] as number[], y: 0 }];
    });
    if (samples.filter((s) => s.y === 1).length < MIN_EXAMPLES) continue;
    const model = trainLogistic(samples, vocabulary.length);
    bias[category] = round(model.bias);
    keep(model.weights, (pattern, weight) => weights.push([pattern, category, weight]));

    // The job wanted, from the examples whose provider checks say which kind of provider is right.
    if (!jobOf) continue;
    const jobs = examples.flatMap((e, i) => {
      const names = e.first?.[category];
      const job = names ? jobOf(category, names) : undefined;
      return job ? [{ row: rows[i] as number[], job }] : [];
    });
    for (const job of new Set(jobs.map((j) => j.job))) {
      const jobSamples = jobs.map(({ row, job: other }): Sample => ({ row, y: other === job ? 1 : 0 }));
      if (jobSamples.filter((s) => s.y === 1).length < MIN_EXAMPLES || jobSamples.every((s) => s.y === 1)) continue;
      const jobModel = trainLogistic(jobSamples, vocabulary.length);
      const biases = jobBias[category] ?? {};
      biases[job] = round(jobModel.bias);
      jobBias[category] = biases;
      keep(jobModel.weights, (pattern, weight) => jobWeights.push([pattern, category, job, weight]));
    }
  }
  return { bias, weights, jobBias, jobWeights };
};

/**
 * One labelled example as a neighbour (reading/neighbours.ts): how long its feature vector is, and what
 * it says a project like it needs.
 */
export interface NeighbourExample {
  /** Length of the example's feature vector: a similarity divides by it. */
  norm: number;
  /** The categories it needs, by position in CATEGORY_IDS. */
  needs: number[];
  /** Per category with a `first` check: the job the right providers do, and those providers by catalogue position. */
  picks: [category: number, job: string | null, providers: number[]][];
  /**
   * Per category with an `avoid` check, the providers it names, by catalogue position, and the markets
   * the avoid holds for: those its right providers serve, when they serve markets of their own; none
   * when it holds everywhere.
   */
  avoids: [markets: string[], providers: number[]][];
}

export interface NeighbourTable {
  /** The word features kept, sorted: each is a pattern the phrase index matches. */
  features: string[];
  /** Per feature, its weight (inverse document frequency) and the examples that have it: "weight;example,example…". */
  postings: string[];
  examples: NeighbourExample[];
}

/**
 * The providers of a category that a provider check names, by catalogue position, the job most of them
 * do, and the markets they serve when most of them serve markets of their own (none otherwise).
 */
export type PicksOf = (
  category: CategoryId,
  names: readonly string[],
) => { job: string | undefined; providers: number[]; markets: string[] };

/** A word in more than this share of the examples tells them apart too little to be worth its postings. */
const NEIGHBOUR_MAX_SHARE = 0.05;

/**
 * The labelled examples as neighbours that vote. Features are words and stems (featuresOf), seen in at
 * least MIN_EXAMPLES examples.
 */
export const neighbourTable = (examples: readonly LabelledExample[], picksOf: PicksOf): NeighbourTable => {
  // Postings are decoded into 16-bit positions (catalog.ts).
  if (examples.length > 0xffff) throw new Error(`${examples.length} labelled examples: at most 65,535 fit the postings`);
  const featureSets = examples.map((e) => featuresOf(e.description));
  // A stem is a prefix pattern at run time, matching shorter words too ("baker*" matches "bakery"): an
  // example has every stem its words would match, so its own text finds it with a similarity of one.
  const stems = new Set(featureSets.flatMap((set) => [...set].filter((f) => f.endsWith('*'))));
  for (const set of featureSets)
    for (const word of [...set]) {
      const stem = stemMatching(word);
      if (stem && stems.has(stem)) set.add(stem);
    }
  const holders = new Map<string, number[]>();
  featureSets.forEach((set, i) => {
    for (const f of set) {
      const list = holders.get(f);
      if (list) list.push(i);
      else holders.set(f, [i]);
    }
  });
  const weights = new Map<string, number>();
  const features: string[] = [];
  const postings: string[] = [];
  for (const [feature, list] of [...holders].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (list.length < MIN_EXAMPLES || list.length > NEIGHBOUR_MAX_SHARE * examples.length) continue;
    const weight = Number(Math.log((examples.length + 1) / (list.length + 1)).toFixed(3));
    weights.set(feature, weight);
    features.push(feature);
    postings.push(`${weight};${list.join(',')}`);
  }
  const categoryIndex = new Map(CATEGORY_IDS.map((id, i) => [id, i]));
  return {
    features,
    postings,
    examples: examples.map((e, i) => {
      let squares = 0;
      for (const f of featureSets[i] as Set<string>) squares += (weights.get(f) ?? 0) ** 2;
      const needs = [...new Set(e.must.flatMap((g) => g.split('|')))].flatMap((id) => {
        const at = categoryIndex.get(id as CategoryId);
        return at === undefined ? [] : [at];
      });
      const picks = Object.entries(e.first ?? {}).flatMap(([category, names]): NeighbourExample['picks'] => {
        const at = categoryIndex.get(category as CategoryId);
        if (at === undefined) return [];
        const { job, providers } = picksOf(category as CategoryId, names);
        return job || providers.length > 0 ? [[at, job ?? null, providers]] : [];
      });
      // An example whose right providers serve markets of their own ("cards and mobile money in Nigeria")
      // avoids those that do the same job only because they do not serve those markets: that avoid
      // counts for a text that states one of them, and says nothing of the providers elsewhere. An avoid
      // of a provider doing another job (conferencing for recorded lessons) holds everywhere.
      const avoids = Object.entries(e.avoid ?? {}).flatMap(([category, names]): NeighbourExample['avoids'] => {
        if (!categoryIndex.has(category as CategoryId)) return [];
        const right = picksOf(category as CategoryId, e.first?.[category] ?? []);
        const everywhere: number[] = [];
        const inMarkets: number[] = [];
        for (const name of names) {
          const avoided = picksOf(category as CategoryId, [name]);
          const forMarket = right.markets.length > 0 && avoided.job !== undefined && avoided.job === right.job;
          (forMarket ? inMarkets : everywhere).push(...avoided.providers);
        }
        const kept: NeighbourExample['avoids'] = [];
        if (everywhere.length > 0) kept.push([[], everywhere]);
        if (inMarkets.length > 0) kept.push([right.markets, inMarkets]);
        return kept;
      });
      return { norm: Number(Math.sqrt(squares).toFixed(3)), needs, picks, avoids };
    }),
  };
};

/** What a reading of a description says the text itself shows of one category: its weight and the words quoted. */
export interface ShownNeed {
  direct: number;
  evidence: readonly string[];
}

/** A phrase must have stood alone for its category in this many examples to be judged at all. */
const MIN_ALONE = 2;
/**
 * A phrase that stood alone for its category where the project did not need it this often (a share,
 * smoothed towards the rate over all phrases by SMOOTHING examples' worth) says too little on its own:
 * about twice the usual rate, which is one in five.
 */
const WEAK_FROM = 0.4;
const SMOOTHING = 2;

/**
 * The phrases that, read alone, too often show a category the project does not need. In the labelled
 * examples, read with every phrase at its written strength: where a strong phrase was the only words
 * showing its category, how often the category was neither needed nor acceptable. "checkout" alone is
 * mostly a shop's checkout being monitored or tested, "dashboards" a tool's dashboards, "accounts" and
 * "real-time" said in passing. Such a phrase counts as a hint (WEAK_SIGNAL): another word for the
 * category, or what the description implies, must back it.
 */
export const learnWeakPhrases = (
  examples: readonly LabelledExample[],
  read: (description: string) => Iterable<[CategoryId, ShownNeed]>,
): string[] => {
  const alone = new Map<string, { times: number; unneeded: number }>();
  let times = 0;
  let unneeded = 0;
  for (const example of examples) {
    const fitting = new Set([...example.must.flatMap((g) => g.split('|')), ...example.ok]);
    for (const [category, { direct, evidence }] of read(example.description)) {
      if (evidence.length !== 1 || direct !== STRONG_SIGNAL) continue;
      const key = weakPhraseKey(category, evidence[0] as string);
      const counts = alone.get(key) ?? { times: 0, unneeded: 0 };
      alone.set(key, counts);
      const wrong = fitting.has(category) ? 0 : 1;
      counts.times++;
      counts.unneeded += wrong;
      times++;
      unneeded += wrong;
    }
  }
  const usual = times === 0 ? 0 : unneeded / times;
  return [...alone]
    .filter(([, c]) => c.times >= MIN_ALONE && (c.unneeded + SMOOTHING * usual) / (c.times + SMOOTHING) >= WEAK_FROM)
    .map(([key]) => key)
    .sort();
};
