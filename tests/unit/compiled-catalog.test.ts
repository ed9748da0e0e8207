import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { providersIn } from '../../functions/analyze/catalog/catalog.js';
import { compileCatalog, packCatalog } from '../../functions/analyze/catalog/compile.js';
import { bytesOfBuffer, bytesOfFile, CATALOG_FILE, pack, unpack } from '../../functions/analyze/catalog/packed.js';
import { compilePhrases, PhraseIndex, type PhraseKey, tablesSource, tokenize } from '../../functions/analyze/catalog/text.js';
import { CATEGORY_IDS } from '../../functions/analyze/category-ids.js';
import { MODEL_FORMAT_FILE, modelFormatSource } from '../../functions/analyze/engines/openai/model-format-source.js';

describe('the generated model answer format', () => {
  it('is up to date with model-output.ts (else: npm run generate)', () => {
    expect(readFileSync(MODEL_FORMAT_FILE, 'utf8')).toBe(modelFormatSource());
  });
});

describe('the compiled catalogue the function reads', () => {
  it('is up to date with functions/analyze/catalog/data (else: npm run generate)', () => {
    const fresh = compileCatalog();
    const shipped = unpack<typeof fresh.header>(bytesOfFile(CATALOG_FILE));
    expect(shipped.header.version).toBe(fresh.header.version);
    expect(readFileSync(CATALOG_FILE).equals(packCatalog(fresh))).toBe(true);
  });

  it('gives back every table entry, owner, name list and provider entry it packed', () => {
    const tables = compilePhrases([
      ['get paid', 0],
      ['pay*', 1],
      ['数据库', 2],
    ]);
    const neighbours = { postings: ['1.2;0,3'], examples: [{ norm: 1, needs: [3], picks: [], avoids: [] }] };
    const owners = [{ kind: 'signal', category: 'payments', weight: 2 }, 'a line\nbreak'];
    const file = unpack<{ note: string }>(
      bytesOfBuffer(
        pack(
          { note: 'x' },
          { phrases: tables, owners, names: 'stripe=0', entries: { payments: '[{"id":"stripe"}]' }, neighbours },
        ),
      ),
    );
    expect(file.header.note).toBe('x');
    expect(file.phrases.word('get')).toBe(tables.byWord.get);
    expect(file.phrases.prefix('pay')).toBe(tables.byPrefix.pay);
    expect(file.phrases.word('数据')).toBe(tables.byWord['数据']);
    expect(file.phrases.word('paid')).toBeUndefined();
    expect(file.owners().map((line) => JSON.parse(line))).toEqual(owners);
    expect(file.names()).toBe('stripe=0');
    expect(file.entries('payments')).toBe('[{"id":"stripe"}]');
    expect(file.entries('maps')).toBeUndefined();
    // Postings by number never shadow a phrase, nor the other way round.
    expect(file.postings(0)).toBe('1.2;0,3');
    expect(file.postings(1)).toBeUndefined();
    expect(JSON.parse(file.examples())).toEqual(neighbours.examples);
  });
});

describe('PhraseIndex over compiled phrases', () => {
  const owners = ['pay', 'paid', 'follow-walk', 'map', 'payments-prefix', 'also-map'];
  const index = new PhraseIndex(
    tablesSource(
      compilePhrases([
        ['pay', 0],
        ['get paid', 1],
        ['follow _ walk', 2],
        ['map', 3],
        ['payment*', 4],
        ['map', 5],
      ]),
    ),
    (owner) => owners[owner] as string,
    (list) => list.map((owner) => owner.toUpperCase()),
  );
  const hits = (text: string) => {
    const found: string[] = [];
    index.scan(tokenize(text), (hit) => found.push(`${hit.meaning.join('+')}@${hit.from}-${hit.to}`));
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

  it('gives a phrase the same id wherever it matches', () => {
    const ids: PhraseKey[] = [];
    const index2 = new PhraseIndex(
      tablesSource(compilePhrases([['map', 0]])),
      () => 'map',
      (list) => list,
    );
    index2.scan(tokenize('map, map and map'), (hit) => ids.push(hit.phrase));
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('treats words that name object properties as ordinary words', () => {
    expect(hits('constructor __proto__ toString hasOwnProperty valueOf')).toEqual([]);
  });
});

describe('provider entries as ranking reads them', () => {
  it('keep every field the compiled catalogue packed, and nothing else', () => {
    const packed = unpack(bytesOfFile(CATALOG_FILE));
    for (const category of CATEGORY_IDS) {
      const written = JSON.parse(packed.entries(category) ?? '[]') as unknown[];
      // Fields an entry lacks are read as undefined, which JSON leaves out as the packed file did.
      const read = providersIn(category).map((p) => JSON.parse(JSON.stringify(p.entry)) as unknown);
      expect(read).toEqual(written);
    }
  });
});
