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

export interface Neighbour {
  example: NeighbourExample;
  /** Cosine similarity, 0 to 1. */
  similarity: number;
}

/** Dot products per example, shared: readings are synchronous, and `nearest()` clears them. */
let dots = new Float64Array(0);

/** The words of one description, added as the reading finds them (each once), then its nearest examples. */
export class Neighbourhood {
  private readonly examples = neighbourExamples();
  private squares = 0;

  constructor() {
    if (dots.length !== this.examples.length) dots = new Float64Array(this.examples.length);
  }

  add({ weight, examples }: Postings): void {
    const w2 = weight * weight;
    this.squares += w2;
    // The hot loop of a long description (ten thousand postings): nothing but the sum.
    for (let k = 0; k < examples.length; k++) {
      const at = examples[k] as number;
      dots[at] = (dots[at] as number) + w2;
    }
  }

  /** The nearest examples, most similar first; none when the text shares no word with any. */
  nearest(): Neighbour[] {
    const nearest: Neighbour[] = [];
    if (this.squares === 0) return nearest;
    const length = Math.sqrt(this.squares);
    for (let at = 0; at < dots.length; at++) {
      const dot = dots[at] as number;
      if (dot === 0) continue;
      const example = this.examples[at] as NeighbourExample;
      const similarity = dot / (length * example.norm);
      if (nearest.length < NEAREST || similarity > (nearest.at(-1) as Neighbour).similarity) {
        nearest.push({ example, similarity });
        nearest.sort((a, b) => b.similarity - a.similarity);
        if (nearest.length > NEAREST) nearest.pop();
      }
    }
    dots.fill(0);
    return nearest;
  }
}
