import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { CATEGORY_IDS } from '../../functions/analyze/contract.js';
import { CATALOG_DATA } from '../../functions/analyze/engines/catalog/data/index.js';
import { APP_SHAPES, CONSTRAINT_PATTERNS } from '../../functions/analyze/engines/catalog/lexicon.js';
import { isValidPattern } from '../../functions/analyze/engines/catalog/text.js';
import { verifiedWebsite } from '../../functions/analyze/shape.js';

/** The catalogue's own schema: what every entry must carry to be shown to a user. */
const providerSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string().min(1).max(60),
  website: z.url({ protocol: /^https$/ }),
  description: z
    .string()
    .min(20)
    .max(200)
    .regex(/^[^\n]+[.]$/, 'one sentence ending with a full stop'),
  bestUseCases: z.array(z.string().min(3)).min(2).max(5),
  keywords: z.array(z.string().min(2)).min(1),
  aliases: z.array(z.string().min(2)),
  nameIsCommonWord: z.boolean().optional(),
  popularity: z.int().min(1).max(10),
  traits: z.object({
    openSource: z.boolean(),
    selfHostable: z.boolean(),
    vendor: z.enum(['aws', 'gcp', 'azure', 'cloudflare', 'independent']),
    euResidency: z.boolean(),
    freeTier: z.boolean(),
    platforms: z.array(z.enum(['web', 'mobile', 'server', 'desktop'])).min(1),
    enterpriseSso: z.boolean().optional(),
  }),
});

const categorySchema = z.object({
  id: z.enum(CATEGORY_IDS),
  signals: z.object({ strong: z.array(z.string()).min(10), weak: z.array(z.string()) }),
  providers: z.array(providerSchema).min(8),
});

const allProviders = CATALOG_DATA.flatMap((c) => c.providers.map((p) => ({ category: c.id, ...p })));

describe('catalogue data', () => {
  it('covers every published category exactly once', () => {
    expect(CATALOG_DATA.map((c) => c.id).sort()).toEqual([...CATEGORY_IDS].sort());
  });

  it.each(CATALOG_DATA.map((c) => [c.id, c] as const))('has complete entries in %s', (_id, category) => {
    const result = categorySchema.safeParse(category);
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });

  it('holds at least 400 providers', () => {
    expect(allProviders.length).toBeGreaterThanOrEqual(400);
  });

  it('links every provider to a well-formed https site on a public host', () => {
    const bad = allProviders.filter((p) => {
      const url = new URL(p.website);
      return url.protocol !== 'https:' || url.search !== '' || url.hash !== '' || verifiedWebsite(p.website) === undefined;
    });
    expect(bad.map((p) => `${p.id}: ${p.website}`)).toEqual([]);
  });

  it('lists no provider twice: ids unique everywhere, names and sites unique within a category', () => {
    const ids = allProviders.map((p) => p.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const category of CATALOG_DATA) {
      const names = category.providers.map((p) => p.name.toLowerCase());
      const sites = category.providers.map((p) => p.website.replace(/\/$/, ''));
      expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
      expect(sites.filter((s, i) => sites.indexOf(s) !== i)).toEqual([]);
    }
  });

  it('writes every pattern in the documented syntax', () => {
    const patterns = [
      ...CATALOG_DATA.flatMap((c) => [
        ...c.signals.strong,
        ...c.signals.weak,
        ...c.providers.flatMap((p) => [...p.keywords, ...p.aliases]),
      ]),
      ...APP_SHAPES.flatMap((s) => s.patterns),
      ...Object.values(CONSTRAINT_PATTERNS).flatMap((c) => [...c.require, ...c.prefer]),
    ];
    expect(patterns.filter((pattern) => !isValidPattern(pattern))).toEqual([]);
    expect(isValidPattern('get paid')).toBe(true);
    expect(isValidPattern('Get Paid')).toBe(false);
    expect(isValidPattern('pa*')).toBe(false);
    expect(isValidPattern('_ walk')).toBe(false);
  });

  it('offers, in every category, options for the constraints people state', () => {
    for (const category of CATALOG_DATA) {
      const traits = category.providers.map((p) => p.traits);
      expect({ id: category.id, freeTier: traits.some((t) => t.freeTier) }).toEqual({ id: category.id, freeTier: true });
      expect({ id: category.id, eu: traits.some((t) => t.euResidency) }).toEqual({ id: category.id, eu: true });
    }
  });
});
