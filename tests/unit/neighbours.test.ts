/**
 * The labelled examples as neighbours that vote: how the table is built from examples, and what the
 * votes do to a reading (a job no phrase names, never a stated need dropped).
 */
import { describe, expect, it } from '@jest/globals';
import { neighbourExamples } from '../../functions/analyze/catalog/catalog.js';
import { findCatalogProvider } from '../../functions/analyze/catalog/directory.js';
import { type LabelledExample, neighbourTable, type PicksOf, readExamples } from '../../functions/analyze/catalog/learn.js';
import { tokenize } from '../../functions/analyze/catalog/text.js';
import { readDescription } from '../../functions/analyze/reading/reading.js';
import { recommend } from '../support/catalog-answer.js';
import { EXAMPLES } from '../support/labelled-set.js';

const example = (description: string, must: string[], extra: Partial<LabelledExample> = {}): LabelledExample => ({
  description,
  must,
  ok: [],
  ...extra,
});

/**
 * A stand-in catalogue: "Stripe" is provider 7 doing online payments, "DocuSign" provider 9 doing
 * e-signatures, "Paystack" provider 11 doing payments for one market of its own.
 */
const POSITIONS: Record<string, number> = { Stripe: 7, DocuSign: 9, Paystack: 11 };
const picksOf: PicksOf = (_category, names) => ({
  job:
    names.includes('Stripe') || names.includes('Paystack')
      ? 'online-payments'
      : names.includes('DocuSign')
        ? 'e-signature'
        : undefined,
  providers: names.flatMap((n) => POSITIONS[n] ?? []),
  markets: names.includes('Paystack') ? ['africa'] : [],
});

describe('the neighbour table built from labelled examples', () => {
  const examples = [
    example('a shop selling bikes', ['ecommerce', 'payments'], { first: { payments: ['Stripe', 'Unknown Pay'] } }),
    example('a shop selling shoes', ['ecommerce'], { avoid: { documents: ['DocuSign'] } }),
    example('a shop selling bikes and shoes', ['ecommerce'], {
      first: { payments: ['Paystack'] },
      avoid: { payments: ['Stripe', 'DocuSign'] },
    }),
    example('a blog about bikes', ['cms']),
    example('a blog about shoes', ['cms']),
    example('a blog about food', ['cms']),
    example('a recipe blog', ['cms']),
    example('a tiny tool', ['frontend']),
    // Fifty-two more, so that three examples are one in twenty: "more" is in too many to tell them apart.
    ...Array.from({ length: 52 }, (_, n) => example(`more n${n}`, ['frontend'])),
  ];
  const table = neighbourTable(examples, picksOf);

  it('keeps words that tell examples apart: in at least three, and in no more than one in twenty', () => {
    expect(table.features).toEqual(['about', 'bikes', 'selli*', 'selling', 'shoes', 'shop']);
    expect(table.features).not.toContain('blog'); // in four of sixty
    expect(table.features).not.toContain('more'); // in fifty-two
    expect(table.features).not.toContain('food'); // in one
  });

  it('weighs a word by how rare it is, and lists the examples that have it', () => {
    expect(table.postings[table.features.indexOf('bikes')]).toBe(`${Number(Math.log(61 / 4).toFixed(3))};0,2,3`);
  });

  it('keeps what each example says: its needs, the job and providers it picks, the providers it avoids', () => {
    const [bikes, shoes] = table.examples;
    expect(bikes?.needs).toHaveLength(2);
    expect(bikes?.picks).toEqual([[expect.any(Number), 'online-payments', [7]]]);
    expect(shoes?.avoids).toEqual([[[], [9]]]);
    // Stripe, doing Paystack's job, is avoided for the market Paystack serves: that holds for texts
    // that state the market. DocuSign, doing another job, is avoided everywhere.
    expect(table.examples[2]?.avoids).toEqual([
      [[], [9]],
      [['africa'], [7]],
    ]);
    // An example that shares no kept word with others has no length, and never counts as near.
    expect(table.examples[7]?.norm).toBe(0);
  });
});

describe('the nearest labelled examples of a description', () => {
  const labelled = readExamples(EXAMPLES);

  it('finds an example’s own description as its nearest', () => {
    for (let i = 0; i < labelled.length; i += 97) {
      const [nearest] = readDescription((labelled[i] as LabelledExample).description).neighbours;
      expect(nearest?.example).toBe(neighbourExamples()[i]);
      // The same words: a similarity of one (a long text compares only its first words).
      if (new Set(tokenize((labelled[i] as LabelledExample).description).map((t) => t.word)).size < 40)
        expect(nearest?.similarity).toBeCloseTo(1, 2);
    }
  });

  it('finds none for a text that shares no word with any example, and reads it as before', () => {
    const reading = readDescription('Qwxz vbnm');
    expect(reading.neighbours).toEqual([]);
    expect(reading.picks.size).toBe(0);
  });

  it('gives the job projects like it were labelled with when no phrase names one', () => {
    const database = recommend(
      'Our cheese dairy wants to see the temperature of every ripening cellar over the last three years',
    ).find((c) => c.id === 'database');
    expect(database?.reason).toMatch(/^Time-series database: usually needed with projects like this/);
  });

  it('takes a job only when most of them ask for it: one odd neighbour leaves the common job', () => {
    const database = recommend('We run three small tapas bars in Sevilla and want guests to reserve online').find(
      (c) => c.id === 'database',
    );
    expect(findCatalogProvider(database?.providers[0]?.name ?? '', 'database')?.capabilities[0]).toBe('relational');
  });

  it('takes no market from projects like it: a text naming no country gets a provider that serves everyone first', () => {
    for (const text of ['Accept payments', 'A shop with payments']) {
      const [first] = recommend(text).find((c) => c.id === 'payments')?.providers ?? [];
      const facts = findCatalogProvider(first?.name ?? '', 'payments');
      expect(facts?.traits.markets).toBeUndefined();
      expect(facts?.traits.euCompany).not.toBe(true);
    }
  });

  it('never drops a need the text states, however unusual among its neighbours', () => {
    const stated = 'Slack bot that answers HR policy questions; staff also pay for their canteen lunches through it';
    expect(recommend(stated).map((c) => c.id)).toEqual(expect.arrayContaining(['ai', 'payments']));
  });
});
