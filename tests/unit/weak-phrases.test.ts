/**
 * Phrases the labelled examples found to say little alone (learnWeakPhrases): how they are learned,
 * and that the list compiled into the catalogue is the one the examples teach. This file switches its
 * own reader to read every phrase at its written strength, as bin/generate.ts does when it learns them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { readEveryPhraseAsWritten } from '../../functions/analyze/catalog/catalog.js';
import { CATALOG_SOURCE, WEAK_PHRASES_FILE } from '../../functions/analyze/catalog/compile.js';
import { type LabelledExample, learnWeakPhrases, type ShownNeed } from '../../functions/analyze/catalog/learn.js';
import type { CategoryId } from '../../functions/analyze/category-ids.js';
import { readDescription } from '../../functions/analyze/reading/reading.js';

const example = (description: string, must: string[], ok: string[] = []): LabelledExample => ({ description, must, ok });

/** A stand-in reading: each description shows the categories listed for it, with the quotes given. */
const shown =
  (readings: Record<string, [CategoryId, ShownNeed][]>) =>
  (description: string): [CategoryId, ShownNeed][] =>
    readings[description] ?? [];
const alone = (quote: string): ShownNeed => ({ direct: 2, evidence: [quote] });

describe('learning which phrases say little alone', () => {
  it('weakens a phrase that mostly stood alone for a category the project did not need', () => {
    const examples = [
      example('alerts when checkout is slow', ['monitoring']),
      example('tests for our checkout', ['testing']),
      example('a shop with a checkout', ['ecommerce'], ['payments']),
      ...Array.from({ length: 8 }, (_, n) => example(`pay ${n}`, ['payments'])),
    ];
    const readings = Object.fromEntries([
      ...['alerts when checkout is slow', 'tests for our checkout', 'a shop with a checkout'].map((d) => [
        d,
        [['payments', alone('Checkout')]],
      ]),
      ...Array.from({ length: 8 }, (_, n) => [`pay ${n}`, [['payments', alone('pay')]]]),
    ]);
    // "checkout" was wrong alone two times in three; "pay" never (while the usual rate is 2 in 11).
    expect(learnWeakPhrases(examples, shown(readings))).toEqual(['payments\tcheckout']);
  });

  it('judges a phrase only where it stood alone, at its full strength, at least twice', () => {
    const examples = [
      example('one', ['monitoring']),
      example('two', ['monitoring']),
      example('three', ['monitoring']),
      example('four', ['monitoring']),
    ];
    const readings = {
      // Backed by another phrase: the pair says something, whatever "checkout" alone says.
      one: [['payments', { direct: 4, evidence: ['checkout', 'card'] }]],
      two: [['payments', { direct: 4, evidence: ['checkout', 'card'] }]],
      // A hint already (a weak phrase of its own), and a phrase seen alone once only.
      three: [['payments', { direct: 1, evidence: ['fee'] }]],
      four: [
        ['payments', { direct: 1, evidence: ['fee'] }],
        ['payments', alone('refund')],
      ],
    } as Record<string, [CategoryId, ShownNeed][]>;
    expect(learnWeakPhrases(examples, shown(readings))).toEqual([]);
  });
});

describe('the weak phrases compiled into the catalogue', () => {
  it('are what the labelled examples teach (else: npm run generate)', () => {
    readEveryPhraseAsWritten();
    const learned = learnWeakPhrases(CATALOG_SOURCE.examples, (text) => readDescription(text).needs);
    expect(learned).toEqual(JSON.parse(readFileSync(WEAK_PHRASES_FILE, 'utf8')));
    expect(CATALOG_SOURCE.weakPhrases).toEqual(learned);
  });
});
