import { describe, expect, it } from '@jest/globals';
import { analyze } from '../../functions/analyze/analyze.js';
import { cacheKey, createLruStackCache } from '../../functions/analyze/cache.js';
import { analyzeResponseSchema } from '../../functions/analyze/contract.js';
import type { Engine, EngineRequest, RawRecommendation } from '../../functions/analyze/engines/engine.js';
import { ProviderUnavailableError } from '../../functions/analyze/errors.js';
import { recordingLogger } from '../support/log-recorder.js';

const answer: RawRecommendation = {
  categories: [
    {
      id: 'payments',
      reason: 'Walkers get paid.',
      providers: [{ name: 'Stripe', description: 'Payments.', bestUseCases: ['Payouts'], website: 'https://stripe.com' }],
    },
  ],
};

/** An engine that counts its calls and can be held until the test releases it. */
const countingEngine = (raw: RawRecommendation = answer) => {
  const calls: EngineRequest[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  const engine: Engine = {
    name: 'catalog',
    version: 'test-1',
    recommend: async (request) => {
      calls.push(request);
      if (held) await gate;
      return raw;
    },
  };
  return {
    engine,
    calls,
    hold: () => {
      held = true;
    },
    release: () => release(),
  };
};

const request = { description: 'A marketplace where dog walkers get paid weekly' };

describe('analyze', () => {
  it('answers with the description exactly as sent and a shaped stack', async () => {
    // Prepare
    const { engine } = countingEngine();
    const description = '  Ünïcode 🐕 marketplace where walkers get paid  ';
    // Act
    const { response, cache } = await analyze({ description }, { engine, logger: recordingLogger() });
    // Assess
    expect(analyzeResponseSchema.parse(response).query).toBe(description);
    expect(response.categories[0]).toMatchObject({ id: 'payments', name: 'Payments and billing' });
    expect(cache).toBe('MISS');
  });

  it('asks the engine for 3 providers per category unless told otherwise', async () => {
    const { engine, calls } = countingEngine();
    await analyze(request, { engine, logger: recordingLogger() });
    await analyze({ ...request, providersPerCategory: 5 }, { engine, logger: recordingLogger() });
    expect(calls.map((c) => c.providersPerCategory)).toEqual([3, 5]);
  });

  it('turns an answer with nothing usable into a provider fault, not an empty 200', async () => {
    const { engine } = countingEngine({ categories: [{ id: 'nonsense', providers: [] }] });
    await expect(analyze(request, { engine, logger: recordingLogger() })).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('response cache', () => {
  const cacheFor = () => createLruStackCache({ maxEntries: 100, ttlSeconds: 3_600 });

  it('answers a repeated description from the cache without calling the engine', async () => {
    const { engine, calls } = countingEngine();
    const cache = cacheFor();
    const first = await analyze(request, { engine, logger: recordingLogger(), cache });
    const second = await analyze(request, { engine, logger: recordingLogger(), cache });
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT']);
    expect(second.response).toEqual(first.response);
    expect(calls).toHaveLength(1);
  });

  it('treats spacing differences as the same question but echoes each query as sent', async () => {
    const { engine, calls } = countingEngine();
    const cache = cacheFor();
    await analyze(request, { engine, logger: recordingLogger(), cache });
    const spaced = `  ${request.description.replace(/ /g, '   ')}\n`;
    const second = await analyze({ description: spaced }, { engine, logger: recordingLogger(), cache });
    expect(second).toMatchObject({ cache: 'HIT', response: { query: spaced } });
    expect(calls).toHaveLength(1);
  });

  it('keys on everything that changes the answer', () => {
    const base = { description: 'a shop', providersPerCategory: 3, engine: 'openai/gpt-4.1-mini/2026-11-22.1' };
    const keys = new Set([
      cacheKey(base),
      cacheKey({ ...base, description: 'a Shop' }),
      cacheKey({ ...base, providersPerCategory: 5 }),
      cacheKey({ ...base, engine: 'openai/gpt-4.1/2026-11-22.1' }),
      cacheKey({ ...base, engine: 'openai/gpt-4.1-mini/2026-12-01.1' }),
      cacheKey({ ...base, engine: 'catalog/catalog-abc123' }),
    ]);
    expect(keys.size).toBe(6);
  });

  it('shares one engine call among identical requests that arrive together', async () => {
    const { engine, calls, hold, release } = countingEngine();
    const cache = cacheFor();
    hold();
    const pending = Array.from({ length: 5 }, () => analyze(request, { engine, logger: recordingLogger(), cache }));
    release();
    const results = await Promise.all(pending);
    expect(calls).toHaveLength(1);
    expect(new Set(results.map((r) => JSON.stringify(r.response))).size).toBe(1);
  });

  it('never caches a failure', async () => {
    let fail = true;
    const calls: string[] = [];
    const engine: Engine = {
      name: 'openai',
      version: 'm/p',
      recommend: async () => {
        calls.push('call');
        if (fail) throw new ProviderUnavailableError('rate_limited');
        return answer;
      },
    };
    const cache = cacheFor();
    await expect(analyze(request, { engine, logger: recordingLogger(), cache })).rejects.toBeInstanceOf(ProviderUnavailableError);
    fail = false;
    await expect(analyze(request, { engine, logger: recordingLogger(), cache })).resolves.toMatchObject({ cache: 'MISS' });
    expect(calls).toHaveLength(2);
  });

  it('forgets entries after their time to live', async () => {
    const { engine, calls } = countingEngine();
    const cache = createLruStackCache({ maxEntries: 10, ttlSeconds: 0.05 });
    await analyze(request, { engine, logger: recordingLogger(), cache });
    await new Promise((resolve) => setTimeout(resolve, 120));
    const again = await analyze(request, { engine, logger: recordingLogger(), cache });
    expect(again.cache).toBe('MISS');
    expect(calls).toHaveLength(2);
  });

  it('holds at most maxEntries answers', async () => {
    const { engine, calls } = countingEngine();
    const cache = createLruStackCache({ maxEntries: 2, ttlSeconds: 3_600 });
    for (const d of ['first description here', 'second description here', 'third description here']) {
      await analyze({ description: d }, { engine, logger: recordingLogger(), cache });
    }
    const first = await analyze({ description: 'first description here' }, { engine, logger: recordingLogger(), cache });
    expect(first.cache).toBe('MISS');
    expect(calls).toHaveLength(4);
  });

  it('can be switched off', async () => {
    const { engine, calls } = countingEngine();
    const cache = createLruStackCache({ maxEntries: 0, ttlSeconds: 3_600 });
    await analyze(request, { engine, logger: recordingLogger(), cache });
    expect((await analyze(request, { engine, logger: recordingLogger(), cache })).cache).toBe('MISS');
    expect(calls).toHaveLength(2);
  });
});
