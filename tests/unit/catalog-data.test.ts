import { describe, expect, it } from '@jest/globals';
import { ARCHETYPES } from '../../functions/analyze/catalog/data/archetypes.js';
import { CONSTRAINTS } from '../../functions/analyze/catalog/data/constraints.js';
import { CATALOG_DATA } from '../../functions/analyze/catalog/data/index.js';
import { LANGUAGE } from '../../functions/analyze/catalog/data/language.js';
import { problemsIn } from '../../functions/analyze/catalog/schema.js';
import { isValidPattern } from '../../functions/analyze/catalog/text.js';
import { CATEGORY_IDS } from '../../functions/analyze/contract.js';
import { verifiedWebsite } from '../../functions/analyze/shape.js';

const allProviders = CATALOG_DATA.flatMap((c) => c.providers.map((p) => ({ category: c.id, ...p })));

describe('catalogue data', () => {
  it('covers every published category exactly once', () => {
    expect(CATALOG_DATA.map((c) => c.id).sort()).toEqual([...CATEGORY_IDS].sort());
  });

  it.each(CATALOG_DATA.map((c) => [c.id, c] as const))(
    'has complete entries, one default job and a provider for every job in %s',
    (_id, category) => {
      expect(problemsIn(category)).toEqual([]);
    },
  );

  it('says which software a managed service runs only of providers in its own category', () => {
    const database = CATALOG_DATA.find((c) => c.id === 'database');
    if (!database) throw new Error('no database category');
    const rds = database.providers.find((p) => p.name === 'Amazon RDS');
    expect(rds?.runs).toContain('database-postgresql');
    const broken = {
      ...database,
      providers: database.providers.map((p) => (p === rds ? { ...p, runs: ['cache-redis'] } : p)),
    };
    expect(problemsIn(broken)).toEqual([expect.stringContaining('runs "cache-redis"')]);
  });

  it('holds at least 600 providers', () => {
    expect(allProviders.length).toBeGreaterThanOrEqual(600);
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

  it('writes every archetype, constraint and language pattern in the documented syntax', () => {
    const patterns = [
      ...ARCHETYPES.flatMap((a) => a.patterns),
      ...CONSTRAINTS.flatMap((c) => [...c.require, ...c.prefer]),
      ...Object.values(LANGUAGE).flat(),
    ];
    expect(patterns.filter((pattern) => !isValidPattern(pattern))).toEqual([]);
    expect(isValidPattern('get paid')).toBe(true);
    expect(isValidPattern('电子签名')).toBe(true);
    expect(isValidPattern('pdf 生成')).toBe(true);
    expect(isValidPattern('Get Paid')).toBe(false);
    expect(isValidPattern('pa*')).toBe(false);
    expect(isValidPattern('_ walk')).toBe(false);
    expect(isValidPattern('pdf生成')).toBe(false);
  });

  it('names only real jobs in archetypes', () => {
    const jobs = new Map(CATALOG_DATA.map((c) => [c.id, new Set(c.capabilities.map((j) => j.id))]));
    const unknown = ARCHETYPES.flatMap((a) =>
      Object.entries(a.capabilities ?? {})
        .filter(([category, job]) => !jobs.get(category as never)?.has(job as string))
        .map(([category, job]) => `${a.name}: ${category}/${job}`),
    );
    expect(unknown).toEqual([]);
  });

  it('offers, in every category, options for the constraints people state', () => {
    for (const category of CATALOG_DATA) {
      const traits = category.providers.map((p) => p.traits);
      expect({ id: category.id, freeTier: traits.some((t) => t.freeTier) }).toEqual({ id: category.id, freeTier: true });
      expect({ id: category.id, eu: traits.some((t) => t.euResidency) }).toEqual({ id: category.id, eu: true });
      expect({ id: category.id, managed: traits.some((t) => t.managed || t.library) }).toEqual({
        id: category.id,
        managed: true,
      });
      expect({ id: category.id, selfHosted: traits.some((t) => t.selfHostable) }).toEqual({ id: category.id, selfHosted: true });
    }
  });
});
