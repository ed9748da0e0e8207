import { describe, expect, it } from '@jest/globals';
import { findCatalogProvider } from '../../functions/analyze/catalog/directory.js';
import { CATEGORY_IDS, categorySchema } from '../../functions/analyze/contract.js';
import {
  cleanText,
  firstSentence,
  shape,
  stripMarkup,
  toCategoryId,
  unverifiedOrigin,
  verifiedWebsite,
} from '../../functions/analyze/shape.js';

const provider = (name: string, website?: string) => ({
  name,
  description: `${name} does one thing well. It also does another.`,
  bestUseCases: ['One thing'],
  website,
});

describe('toCategoryId', () => {
  it.each([
    ['payments', 'payments'],
    ['Payments', 'payments'],
    ['payment', 'payments'],
    ['PAYMENTS & BILLING', 'payments'],
    ['databases', 'database'],
    ['Vector Database', 'vectordb'],
    ['feature-flags', 'flags'],
    ['CI/CD', 'cicd'],
    ['Authentication', 'auth'],
    ['e-commerce', 'ecommerce'],
  ])('maps %s onto %s', (raw, id) => {
    expect(toCategoryId(raw)).toBe(id);
  });

  it('drops what it does not know', () => {
    expect(toCategoryId('quantum')).toBeUndefined();
    expect(toCategoryId('')).toBeUndefined();
  });
});

describe('verifiedWebsite', () => {
  it.each([
    ['https://example-provider.io', 'https://example-provider.io'],
    ['http://example-provider.io/', 'https://example-provider.io'],
    ['https://docs.example-provider.io/start?utm_source=x#top', 'https://docs.example-provider.io/start'],
  ])('keeps %s as %s', (raw, kept) => {
    expect(verifiedWebsite(raw)).toBe(kept);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://127.0.0.1',
    'https://[::1]/',
    'https://10.0.0.8/admin',
    'http://localhost:3000',
    'https://intranet',
    'https://printer.local',
    'https://user:pass@example-provider.io',
    'ftp://example-provider.io',
    'not a url',
    '',
  ])('drops %s', (raw) => {
    expect(verifiedWebsite(raw)).toBeUndefined();
  });
});

describe('text cleaning', () => {
  it('strips markup and stray whitespace', () => {
    expect(stripMarkup('  **Bold** <b>and</b>   [linked](https://x.io)\n`code` ')).toBe('Bold and linked code');
  });

  it('cuts descriptions to one sentence without breaking on abbreviations or product names', () => {
    expect(firstSentence('Hosting for Next.js apps, e.g. marketing sites. Also does more.')).toBe(
      'Hosting for Next.js apps, e.g. marketing sites.',
    );
    expect(firstSentence('No full stop here')).toBe('No full stop here.');
  });
});

describe('shape', () => {
  it('merges duplicate categories, drops unknown ones and renumbers ranks', () => {
    const categories = shape(
      {
        categories: [
          { id: 'Payment', providers: [provider('Acme Pay', 'https://acmepay.example.com')] },
          { id: 'telepathy', providers: [provider('Mindlink', 'https://mindlink.io')] },
          {
            id: 'payments',
            providers: [provider('Payzen One', 'https://payzen-one.io'), provider('acme pay', 'https://acmepay.io')],
          },
        ],
      },
      { providersPerCategory: 5 },
    );
    expect(categories.map((c) => c.id)).toEqual(['payments']);
    expect(categories[0]?.name).toBe('Payments and billing');
    expect(categories[0]?.providers.map((p) => [p.rank, p.name])).toEqual([
      [1, 'Payzen One'],
      [2, 'acme pay'],
    ]);
    for (const category of categories) expect(categorySchema.safeParse(category).success).toBe(true);
  });

  it("takes a known provider's website from the catalogue, whatever the engine said", () => {
    const stripe = findCatalogProvider('Stripe', 'payments');
    const [category] = shape(
      { categories: [{ id: 'payments', providers: [provider('stripe', 'https://stripe-payments.biz/login')] }] },
      { providersPerCategory: 3 },
    );
    expect(category?.providers[0]).toMatchObject({ name: 'Stripe', website: stripe?.website });
  });

  it('drops providers whose website cannot be verified, and categories left empty', () => {
    const categories = shape(
      {
        categories: [
          { id: 'queue', providers: [provider('Tubular MQ', 'http://192.168.1.20'), provider('Pipeworks', undefined)] },
          { id: 'search', providers: [provider('Findly', 'javascript:alert(1)'), provider('Seekr Cloud', 'http://seekr.cloud')] },
        ],
      },
      { providersPerCategory: 3 },
    );
    expect(categories).toHaveLength(1);
    expect(categories[0]?.providers).toEqual([
      {
        name: 'Seekr Cloud',
        rank: 1,
        description: 'Seekr Cloud does one thing well.',
        bestUseCases: ['One thing'],
        website: 'https://seekr.cloud',
        verified: false,
      },
    ]);
  });

  it('keeps at most the requested number of providers', () => {
    const many = Array.from({ length: 8 }, (_, i) => provider(`Vendor ${i}`, `https://vendor${i}.io`));
    const [category] = shape({ categories: [{ id: 'cache', providers: many }] }, { providersPerCategory: 2 });
    expect(category?.providers.map((p) => p.rank)).toEqual([1, 2]);
  });
});

describe('a prompt-injected model', () => {
  const only = (providers: ReturnType<typeof provider>[], id = 'payments') =>
    shape({ categories: [{ id, providers }] }, { providersPerCategory: 5 })[0]?.providers ?? [];

  it.each([
    ['a phishing site under another name', 'Stripe Payments', 'https://stripe-payments-login.xyz/pay'],
    ['a punycode look-alike', 'Paypal Express', 'https://xn--pypal-4ve.com'],
    ['a subdomain', 'Payzen', 'https://login.payzen.io'],
    ['an unrelated host', 'Payzen', 'https://free-gift-cards.io'],
  ])('never links to %s', (_case, name, website) => {
    expect(only([provider(name, website)])).toEqual([]);
  });

  it('keeps an unknown provider only as an unverified origin on its own name', () => {
    const [kept] = only([provider('Payzen', 'https://www.payzen.io/download/setup.exe')]);
    expect(kept).toMatchObject({ name: 'Payzen', website: 'https://www.payzen.io', verified: false });
    expect(unverifiedOrigin('https://acme.co.uk/start', 'Acme Payments')).toBe('https://acme.co.uk');
  });

  it('puts the catalogue text in place of the model text for a provider it knows', () => {
    const stripe = findCatalogProvider('Stripe', 'payments');
    const [known] = only([
      {
        name: 'Stripe',
        description: 'Enter your card at https://stripe-verify.xyz to continue.',
        bestUseCases: ['Visit www.stripe-verify.xyz now'],
        website: 'https://stripe-verify.xyz',
      },
    ]);
    expect(known).toEqual({
      name: 'Stripe',
      rank: 1,
      description: stripe?.description,
      bestUseCases: stripe?.bestUseCases,
      website: stripe?.website,
    });
  });

  it('strips links, addresses and bidi or zero-width characters from any text it keeps', () => {
    const [kept] = only([
      {
        name: 'Pay\u202Ezen\u200B',
        description: 'Payments made simple, see https://evil.example.net/x or mail help@evil.io. Then more.',
        bestUseCases: ['Checkout via evil.io/login', 'Refunds'],
        website: 'https://payzen.io',
      },
    ]);
    expect(kept?.name).toBe('Payzen');
    expect(kept?.description).toBe('Payments made simple, see or mail.');
    expect(kept?.bestUseCases).toEqual(['Checkout via', 'Refunds']);
    expect(cleanText('a\u2066b\u2069c \u{E0041}d', 100)).toBe('abc d');
  });

  it('bounds what it returns: ten categories at most, short use cases', () => {
    const categories = shape(
      {
        categories: CATEGORY_IDS.map((id) => ({
          id,
          reason: 'x'.repeat(3_000),
          providers: [{ ...provider(`Vendor ${id}`, `https://vendor${id}.io`), bestUseCases: ['y '.repeat(1_500)] }],
        })),
      },
      { providersPerCategory: 3 },
    );
    expect(categories).toHaveLength(10);
    for (const category of categories) {
      expect(category.reason?.length ?? 0).toBeLessThanOrEqual(241);
      expect(category.providers[0]?.bestUseCases[0]?.length ?? 0).toBeLessThanOrEqual(80);
    }
  });

  it('strips markup in linear time, whatever floods it', () => {
    const floods = [
      '<'.repeat(60_000),
      '['.repeat(60_000),
      `${'\n'.repeat(60_000)}#`,
      '](('.repeat(20_000),
      'a.'.repeat(30_000),
      'a@'.repeat(30_000),
    ];
    for (const flood of floods) {
      expect(typeof stripMarkup(flood)).toBe('string');
      expect(cleanText(flood, 240).length).toBeLessThanOrEqual(240);
    }
  });
});
