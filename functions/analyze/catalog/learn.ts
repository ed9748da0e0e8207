/**
 * Evidence learned from labelled example descriptions (data/examples/*.jsonl), at build time: for
 * each category, how much each word, word pair and word stem says the project needs it. This is what
 * the hand-written signals cannot reach: the thousand everyday ways of implying a need ("tenants" →
 * sign-in, "podcast" → storage, "summarise" → a language model). One logistic regression per category
 * over those features, trained deterministically; only weights that matter are kept, as patterns the
 * phrase index matches like any other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { CATEGORY_IDS, type CategoryId } from '../category-ids.js';
import { tokenize } from './text.js';

export interface LabelledExample {
  description: string;
  /** Categories the project needs; "a|b" groups count for both. */
  must: readonly string[];
  /** Categories that would be reasonable: neither a positive nor a negative example. */
  ok: readonly string[];
  /** Provider checks: per category, the providers of the right kind for rank 1. */
  first?: Readonly<Record<string, readonly string[]>>;
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
const MIN_EXAMPLES = 2;
/** Weights smaller than this are dropped: they would cost load time and say little. */
const MIN_WEIGHT = 0.35;
/** Weights are kept to this precision, so equal weights share one owner in the compiled index. */
const STEP = 0.25;
const STEM_LENGTH = 5;

const CJK_PAIR = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー]{1,2}$/u;
const PLAIN_WORD = /^[a-z0-9]+$/;

/** The features of a text, as patterns: words, word pairs, and stems of long words ("summa*"). */
export const featuresOf = (text: string): Set<string> => {
  const words = tokenize(text).map((t) => t.word);
  const features = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const plain = PLAIN_WORD.test(word);
    if (!plain && !CJK_PAIR.test(word)) continue;
    features.add(word);
    if (plain && word.length > STEM_LENGTH + 1) features.add(`${word.slice(0, STEM_LENGTH)}*`);
    const next = words[i + 1];
    if (next !== undefined && (PLAIN_WORD.test(next) || CJK_PAIR.test(next)) && plain === PLAIN_WORD.test(next))
      features.add(`${word} ${next}`);
  }
  return features;
};

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
export type JobOf = (category: CategoryId, firstNames: readonly string[]) => string | undefined;

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
