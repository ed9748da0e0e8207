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
}

/** One learned piece of evidence: a pattern and what it adds to a category's log-odds. */
export type LearnedWeight = [pattern: string, category: CategoryId, weight: number];

export interface LearnedEvidence {
  /** Each category's log-odds before any evidence. */
  bias: Partial<Record<CategoryId, number>>;
  weights: LearnedWeight[];
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

export const learnEvidence = (examples: readonly LabelledExample[]): LearnedEvidence => {
  // Features by index, kept only when seen in enough examples.
  const counts = new Map<string, number>();
  const featureSets = examples.map((e) => featuresOf(e.description));
  for (const set of featureSets) for (const f of set) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = [...counts].filter(([, n]) => n >= MIN_EXAMPLES).map(([f]) => f);
  const index = new Map(vocabulary.map((f, i) => [f, i]));
  const rows = featureSets.map((set) => [...set].flatMap((f) => (index.has(f) ? [index.get(f) as number] : [])));

  const bias: LearnedEvidence['bias'] = {};
  const weights: LearnedWeight[] = [];
  for (const category of CATEGORY_IDS) {
    // Positive: the category is needed; negative: it would be wrong; merely acceptable: left out.
    const labelled = examples.flatMap((e, i) => {
      const needed = e.must.some((g) => g.split('|').includes(category));
      const acceptable = e.ok.includes(category);
      if (needed) return [{ row: rows[i] as number[], y: 1 }];
      return acceptable ? [] : [{ row: rows[i] as number[], y: 0 }];
    });
    const positives = labelled.filter((l) => l.y === 1).length;
    if (positives < MIN_EXAMPLES) continue;
    const w = new Float64Array(vocabulary.length);
    const g2 = new Float64Array(vocabulary.length).fill(1e-8);
    let b = Math.log(positives / (labelled.length - positives + 1));
    let b2 = 1e-8;
    for (let epoch = 0; epoch < EPOCHS; epoch++) {
      // A fixed, interleaved order: deterministic, and no long runs of one label.
      for (let k = 0; k < labelled.length; k++) {
        const { row, y } = labelled[(k * 7919) % labelled.length] as { row: number[]; y: number };
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
    bias[category] = round(b);
    for (const [f, i] of index) {
      const weight = round(w[i] as number);
      if (Math.abs(weight) >= MIN_WEIGHT) weights.push([f, category, weight]);
    }
  }
  return { bias, weights };
};
