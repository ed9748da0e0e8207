/**
 * The labelled examples nearest a description, and what they say: the needs, jobs and providers that
 * projects worded like it were labelled with. This reaches what phrases and per-word weights cannot: a
 * description is judged as a whole against ones people labelled ("sensor readings every second from 40
 * machines" sits near other time-series projects, whose right database is a time-series one).
 *
 * Similarity is the cosine of word vectors weighted by inverse document frequency (catalog/learn.ts
 * builds the postings); each of the nearest examples votes with its similarity.
 */

import { type NeighbourExample, neighbourExamples, type Postings, postingsOf } from '../catalog/catalog.js';
import { STEM_LENGTH, type Token } from '../catalog/text.js';

/** How many examples vote. Fewer let one odd example decide; more bring in loosely related ones. */
const NEAREST = 5;

export interface Neighbour {
  example: NeighbourExample;
  /** Cosine similarity, 0 to 1. */
  similarity: number;
}

/** Dot products per example, reused: readings are synchronous, and only the touched entries are reset. */
let dots = new Float64Array(0);
/** Each reading's words count once: the number of the reading that last saw each word's postings, by Postings.id. */
let seenIn = new Uint32Array(1_024);
let readings = 0;

/**
 * The labelled examples nearest the text, most similar first; none when it shares no word with any.
 * The text's features are those learnedFeatures(tokens, false) gives, found without building them:
 * the table holds only plain words, CJK pairs and plain words' stems, so any other token simply is not
 * found, and a stem is only looked up for a word long enough to have one.
 */
export const nearestExamples = (tokens: readonly Token[]): Neighbour[] => {
  const examples = neighbourExamples();
  if (dots.length !== examples.length) dots = new Float64Array(examples.length);
  readings = readings === 0xffffffff ? 1 : readings + 1;
  if (readings === 1) seenIn.fill(0);
  const reading = readings;
  const touched: number[] = [];
  let squares = 0;
  const add = (postings: Postings | undefined): void => {
    if (!postings) return;
    if (postings.id >= seenIn.length) {
      const grown = new Uint32Array(Math.max(postings.id + 1, seenIn.length * 2));
      grown.set(seenIn);
      seenIn = grown;
    }
    if (seenIn[postings.id] === reading) return;
    seenIn[postings.id] = reading;
    const w2 = postings.weight * postings.weight;
    squares += w2;
    for (const at of postings.examples) {
      if (dots[at] === 0) touched.push(at);
      dots[at] = (dots[at] as number) + w2;
    }
  };
  for (const { word } of tokens) {
    add(postingsOf(word));
    if (word.length > STEM_LENGTH + 1) add(postingsOf(`${word.slice(0, STEM_LENGTH)}*`));
  }
  const nearest: Neighbour[] = [];
  const length = Math.sqrt(squares);
  for (const at of touched) {
    const example = examples[at] as NeighbourExample;
    const similarity = (dots[at] as number) / (length * example.norm);
    dots[at] = 0;
    if (nearest.length < NEAREST || similarity > (nearest.at(-1) as Neighbour).similarity) {
      nearest.push({ example, similarity });
      nearest.sort((a, b) => b.similarity - a.similarity);
      if (nearest.length > NEAREST) nearest.pop();
    }
  }
  return nearest;
};
