import { describe, expect, it } from '@jest/globals';
import { compileCatalog } from '../../functions/analyze/catalog/compile.js';
import { COMPILED_CATALOG, COMPILED_ENTRIES } from '../../functions/analyze/catalog/compiled-catalog.js';
import { compilePhrases, PhraseIndex, type PhraseKey, tokenize } from '../../functions/analyze/catalog/text.js';

describe('the compiled catalogue the engine loads', () => {
  it('is up to date with data/*.ts and the lexicon (else: npm run compile:catalog)', () => {
    const fresh = compileCatalog();
    expect(COMPILED_CATALOG.version).toBe(fresh.catalog.version);
    expect(COMPILED_CATALOG).toEqual(fresh.catalog);
    expect(COMPILED_ENTRIES).toEqual(fresh.entries);
  });
});

describe('PhraseIndex over compiled phrases', () => {
  const owners = ['pay', 'paid', 'follow-walk', 'map', 'payments-prefix', 'also-map'];
  const index = new PhraseIndex(
    compilePhrases([
      ['pay', 0],
      ['get paid', 1],
      ['follow _ walk', 2],
      ['map', 3],
      ['payment*', 4],
      ['map', 5],
    ]),
    owners,
    (owner) => owner.toUpperCase(),
  );
  const hits = (text: string) => {
    const found: string[] = [];
    index.scan(tokenize(text), (hit) => found.push(`${hit.owners.join('+')}@${hit.from}-${hit.to}`));
    return found;
  };

  it('finds exact words, phrases, prefixes and one-word gaps, in text order, with every owner', () => {
    expect(hits('Walkers get paid weekly; owners follow the walk on a Map. Payments by card.')).toEqual([
      'PAID@1-3',
      'FOLLOW-WALK@5-8',
      'MAP+ALSO-MAP@10-11',
      'PAYMENTS-PREFIX@11-12',
    ]);
  });

  it('gives a phrase the same id wherever it matches, and skips what the caller no longer wants', () => {
    const ids: PhraseKey[] = [];
    const index2 = new PhraseIndex(compilePhrases([['map', 0]]), ['map'], (o) => o);
    index2.scan(
      tokenize('map, map and map'),
      (hit) => ids.push(hit.phrase),
      (id) => ids.length < 2 || id !== ids[0],
    );
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
  });

  it('treats words that name object properties as ordinary words', () => {
    expect(hits('constructor __proto__ toString hasOwnProperty valueOf')).toEqual([]);
  });
});
