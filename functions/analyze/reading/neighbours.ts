/**
 * The labelled examples nearest a description, and what they say: the needs, jobs and providers that
 * projects worded like it were labelled with. This reaches what phrases and per-word weights cannot: a
 * description is judged as a whole against ones people labelled ("the temperature of every ripening
 * cellar over three years" sits among time-series projects, whose right database is a time-series one).
 *
 * Similarity is the cosine of word vectors weighted by inverse document frequency (catalog/learn.ts
 * builds the postings; the words are phrases of the catalogue's index, so the reading's one scan finds
 * them); each of the nearest examples votes with its similarity.
 */

import { type NeighbourExample, neighbourExamples, type Postings } from '../catalog/catalog.js';

/** How many examples vote. Fewer let one odd example decide; more bring in loosely related ones. */
const NEAREST = 5;
/**
 * Only a description's first distinct words this many find its neighbours: they say what the project
 * is (labelled descriptions rarely have more), and a 5,000-character brief would otherwise pay for
 * every word it adds.
 */
const WORDS_COMPARED = 60;

export interface Neighbour {
  example: NeighbourExample;
  /** Cosine similarity, 0 to 1. */
  similarity: number;
}

/** Dot products per example, shared: readings are synchronous, and `nearest()` clears what it used. */
let dots = new Float64Array(0);
/** One over each example's length, so ranking them is a multiplication. */
let inverseNorms = new Float64Array(0);
/**
 * The examples a reading has touched, in the first `touchedCount` places, shared like `dots`: a long
 * text touches thousands, and a growing array per reading was a tenth of what a reading allocates.
 */
let touched = new Uint16Array(0);
let touchedCount = 0;

/** The words of one description, added as the reading finds them (each once), then its nearest examples. */
export class Neighbourhood {
  private readonly examples = neighbourExamples();
  private squares = 0;
  private words = 0;

  constructor() {
    if (dots.length !== this.examples.length) {
      dots = new Float64Array(this.examples.length);
      inverseNorms = Float64Array.from(this.examples, (e) => (e.norm > 0 ? 1 / e.norm : 0));
      touched = new Uint16Array(this.examples.length);
    }
    touchedCount = 0;
  }

  add({ weight, examples }: Postings): void {
    if (++this.words > WORDS_COMPARED) return;
    const w2 = weight * weight;
    // A word of no weight touches nothing (and so never lists an example twice).
    if (!(w2 > 0)) return;
    this.squares += w2;
    for (let k = 0; k < examples.length; k++) {
      const at = examples[k] as number;
      if (dots[at] === 0) touched[touchedCount++] = at;
      dots[at] = (dots[at] as number) + w2;
    }
  }

  /** The nearest examples, most similar first; none when the text shares no word with any. */
  nearest(): Neighbour[] {
    // The best NEAREST by dot product over example length, kept sorted in two small arrays.
    const best = new Float64Array(NEAREST);
    const bestAt = new Int32Array(NEAREST).fill(-1);
    for (let t = 0; t < touchedCount; t++) {
      const at = touched[t] as number;
      const score = (dots[at] as number) * (inverseNorms[at] as number);
      dots[at] = 0;
      if (score <= (best[NEAREST - 1] as number)) continue;
      let k = NEAREST - 1;
      for (; k > 0 && score > (best[k - 1] as number); k--) {
        best[k] = best[k - 1] as number;
        bestAt[k] = bestAt[k - 1] as number;
      }
      best[k] = score;
      bestAt[k] = at;
    }
    touchedCount = 0;
    const length = Math.sqrt(this.squares);
    const nearest: Neighbour[] = [];
    for (let k = 0; k < NEAREST && (bestAt[k] as number) >= 0; k++)
      nearest.push({ example: this.examples[bestAt[k] as number] as NeighbourExample, similarity: (best[k] as number) / length });
    return nearest;
  }
}
