import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { CATEGORY_IDS } from '../../functions/analyze/contract.js';
import type { Engine } from '../../functions/analyze/engines/engine.js';
import { keyFromEnvironment } from '../../functions/analyze/engines/openai/api-key.js';
import { attemptPlan, createOpenAIEngine, safetyIdentifier } from '../../functions/analyze/engines/openai/openai-engine.js';
import {
  approximateTokens,
  MAX_DESCRIPTION_TOKENS,
  modelDescription,
  PROMPT_VERSION,
  SYSTEM_PROMPT,
} from '../../functions/analyze/engines/openai/prompt.js';
import { ProviderUnavailableError } from '../../functions/analyze/errors.js';
import { shape } from '../../functions/analyze/shape.js';
import { recordingLogger } from '../support/log-recorder.js';
import { modelAnswer, type OpenAIStandIn, type Step, startOpenAIStandIn } from '../support/openai-stand-in.js';

const description = 'A marketplace where dog walkers get paid weekly and owners follow the walk on a map';
const request = (budgetMs = 28_000) => ({ description, providersPerCategory: 3, budgetMs });

let standIn: OpenAIStandIn;
let logger: ReturnType<typeof recordingLogger>;
let engine: Engine;
const engineAt = (baseURL: string) =>
  createOpenAIEngine({ apiKey: keyFromEnvironment('sk-test-not-a-real-key'), model: 'gpt-stand-in', baseURL, logger });

beforeAll(async () => {
  standIn = await startOpenAIStandIn();
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  logger = recordingLogger();
  engine = engineAt(`${standIn.url}/v1`);
});

/** Runs the engine and returns the failure reason, the time it took, and how many calls reached the stand-in. */
const failure = async (budgetMs = 28_000) => {
  const started = Date.now();
  const err = await engine.recommend(request(budgetMs)).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { err, ms: Date.now() - started, calls: standIn.calls().length };
};

describe('OpenAI engine over HTTP', () => {
  it('sends a fixed system prompt, the description only as JSON-encoded user content, and a strict enum schema', async () => {
    // Prepare
    standIn.script({ kind: 'ok', output: modelAnswer([{ id: 'payments', providers: ['Stripe', 'Adyen'] }]) });
    // Act
    const raw = await engine.recommend(request());
    // Assess
    expect(raw.categories[0]?.providers.map((p) => p.name)).toEqual(['Stripe', 'Adyen']);
    const [call] = standIn.calls();
    expect(call?.model).toBe('gpt-stand-in');
    expect(call?.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(SYSTEM_PROMPT).not.toContain(description);
    expect(call?.messages[1]?.role).toBe('user');
    expect(call?.messages[1]?.content).toContain(`Project description: ${JSON.stringify(description)}`);
    // Grounding: the catalogue's candidates for the likely categories.
    expect(call?.messages[1]?.content).toMatch(/^payments( \[[^\]]+\])?: .*Stripe/m);
    expect(call?.messages[1]?.content).toMatch(/^maps( \[[^\]]+\])?: .*Google Maps/m);
    const format = call?.response_format as { type: string; json_schema: { strict: boolean; schema: unknown } };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.strict).toBe(true);
    expect(JSON.stringify(format.json_schema.schema)).toContain(JSON.stringify([...CATEGORY_IDS]));
  });

  it('logs model, tokens, attempts and outcome, but neither the key nor the description', async () => {
    standIn.script({ kind: 'ok', output: modelAnswer([{ id: 'maps', providers: ['Mapbox'] }]) });
    await engine.recommend(request());
    const call = logger.entries.find((e) => e.message === 'model call');
    expect(call?.attributes).toMatchObject({
      model: 'gpt-stand-in',
      promptVersion: PROMPT_VERSION,
      outcome: 'ok',
      attempts: 1,
      retries: 0,
      inputTokens: 812,
      outputTokens: 356,
    });
    const everything = JSON.stringify(logger.entries);
    expect(everything).not.toContain('sk-test');
    expect(everything).not.toContain('dog walkers');
  });

  it('lets the model leave catalogue facts out, and fills them from the catalogue', async () => {
    // Prepare: a known provider with nulls, and an unknown one with nulls (unverifiable, so dropped).
    const output = {
      categories: [
        {
          id: 'payments',
          reason: 'Walkers get paid.',
          providers: [
            { name: 'Stripe', description: null, bestUseCases: null, website: null },
            { name: 'Unheard Pay', description: null, bestUseCases: null, website: null },
          ],
        },
      ],
    };
    standIn.script({ kind: 'ok', output });
    // Act
    const raw = await engine.recommend(request());
    const categories = shape(raw, { providersPerCategory: 3 });
    // Assess
    expect(categories[0]?.providers).toEqual([
      expect.objectContaining({
        name: 'Stripe',
        rank: 1,
        website: 'https://stripe.com',
        description: expect.stringMatching(/\w/),
      }),
    ]);
  });

  it('waits for a slow answer that fits the budget', async () => {
    standIn.script({ kind: 'ok', output: modelAnswer([{ id: 'maps', providers: ['Mapbox'] }]), delayMs: 400 });
    await expect(engine.recommend(request())).resolves.toMatchObject({ categories: [{ id: 'maps' }] });
  });

  it('retries a 500 and succeeds when the provider recovers', async () => {
    standIn.script({ kind: 'status', status: 500 }, { kind: 'ok', output: modelAnswer([{ id: 'cache', providers: ['Redis'] }]) });
    await expect(engine.recommend(request())).resolves.toMatchObject({ categories: [{ id: 'cache' }] });
    expect(standIn.calls()).toHaveLength(2);
  });

  it('repairs output that breaks the schema with one more call', async () => {
    standIn.script(
      { kind: 'ok', output: { categories: [{ id: 'payments' }] } },
      { kind: 'ok', output: modelAnswer([{ id: 'payments', providers: ['Stripe'] }]) },
    );
    await expect(engine.recommend(request())).resolves.toMatchObject({ categories: [{ id: 'payments' }] });
    expect(standIn.calls()).toHaveLength(2);
  });

  it.each([
    ['a 500 that persists', [{ kind: 'status', status: 503 }], 'provider_error'],
    ['a 429', [{ kind: 'status', status: 429, headers: { 'retry-after': '7', 'retry-after-ms': '50' } }], 'rate_limited'],
    ['a 401 (bad key)', [{ kind: 'status', status: 401, message: 'Incorrect API key provided' }], 'auth'],
    ['a 403', [{ kind: 'status', status: 403 }], 'auth'],
    ['a refusal', [{ kind: 'refusal' }], 'refusal'],
    ['output cut off by length', [{ kind: 'finish', reason: 'length' }], 'length'],
    ['the content filter', [{ kind: 'finish', reason: 'content_filter' }], 'content_filter'],
    [
      'output that still breaks the schema',
      [{ kind: 'ok', output: { categories: [{ id: 'not-a-category' }] } }],
      'invalid_output',
    ],
    ['a malformed JSON body', [{ kind: 'malformed' }], 'invalid_output'],
  ] as const)('turns %s into a provider fault', async (_label, steps, reason) => {
    standIn.script(...(steps as unknown as Step[]));
    const { err } = await failure();
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect((err as ProviderUnavailableError).reason).toBe(reason);
  });

  it('passes the provider Retry-After on to the client', async () => {
    standIn.script({ kind: 'status', status: 429, headers: { 'retry-after': '7', 'retry-after-ms': '20' } });
    const { err } = await failure();
    expect((err as ProviderUnavailableError).retryAfterSeconds).toBe(7);
  });

  it('does not retry a bad key, and tells the operator', async () => {
    standIn.script({ kind: 'status', status: 401 });
    const { calls } = await failure();
    expect(calls).toBe(1);
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'error', message: expect.stringContaining('API key') }),
    );
  });

  it('treats a 400 about our own request as our bug, not a provider fault', async () => {
    standIn.script({ kind: 'status', status: 400, message: "Invalid schema for response_format 'technology_stack'" });
    const { err, calls } = await failure();
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ProviderUnavailableError);
    expect(calls).toBe(1);
  });

  it('gives up on a hanging provider within the budget', async () => {
    standIn.script({ kind: 'hang' });
    const { err, ms } = await failure(2_000);
    expect((err as ProviderUnavailableError).reason).toBe('timeout');
    expect(ms).toBeLessThan(4_000);
  });

  it('reports a refused connection', async () => {
    const closed = await startOpenAIStandIn();
    const url = `${closed.url}/v1`;
    await closed.close();
    engine = engineAt(url);
    const { err } = await failure(2_000);
    expect((err as ProviderUnavailableError).reason).toBe('connection');
  });

  it('reports a host that does not resolve', async () => {
    engine = engineAt('http://openai-stand-in.invalid/v1');
    const { err } = await failure(2_000);
    expect((err as ProviderUnavailableError).reason).toBe('connection');
  });
});

describe('what one analysis may cost', () => {
  const bodyOf = () =>
    JSON.parse(standIn.requests.at(-1)?.body ?? '{}') as {
      max_completion_tokens?: number;
      prompt_cache_key?: string;
      safety_identifier?: string;
      messages: { role: string; content: string }[];
    };

  it('bounds the answer by its measured size, not a flat 4,000 tokens', async () => {
    standIn.script({ kind: 'ok', output: modelAnswer([{ id: 'payments', providers: ['Stripe'] }]) });
    await engine.recommend({ ...request(), providersPerCategory: 1 });
    const one = bodyOf().max_completion_tokens ?? Number.POSITIVE_INFINITY;
    await engine.recommend(request());
    const three = bodyOf().max_completion_tokens ?? Number.POSITIVE_INFINITY;
    expect(one).toBeLessThan(three);
    expect(three).toBeLessThan(4_000);
  });

  it('makes at most two calls, whatever fails: one retry per analysis', async () => {
    standIn.script({ kind: 'status', status: 500 });
    await failure();
    expect(standIn.calls()).toHaveLength(2);
    standIn.requests.length = 0;
    standIn.script({ kind: 'status', status: 500 }, { kind: 'ok', output: { categories: [{ id: 'nope' }] } });
    await failure();
    expect(standIn.calls()).toHaveLength(2);
  });

  it('lays the prompt out for caching: the static prefix first, the description last, one cache key', async () => {
    standIn.script({ kind: 'ok', output: modelAnswer([{ id: 'payments', providers: ['Stripe'] }]) });
    await engine.recommend(request());
    const body = bodyOf();
    expect(body.messages[0]?.content).toBe(SYSTEM_PROMPT);
    // OpenAI caches prefixes of 1,024 tokens and more.
    expect(approximateTokens(SYSTEM_PROMPT)).toBeGreaterThanOrEqual(1_024);
    expect(body.messages.at(-1)?.content.endsWith(`Project description: ${JSON.stringify(description)}`)).toBe(true);
    expect(body.prompt_cache_key).toBe(`stack-analyzer/${PROMPT_VERSION}`);
  });

  it("sends a keyed hash of the caller's address as safety_identifier, never the address", async () => {
    standIn.script({ kind: 'ok', output: modelAnswer([{ id: 'payments', providers: ['Stripe'] }]) });
    await engine.recommend({ ...request(), client: '203.0.113.7' });
    const first = bodyOf().safety_identifier;
    await engine.recommend({ ...request(), client: '198.51.100.23' });
    const other = bodyOf().safety_identifier;
    await engine.recommend({ ...request(), client: '203.0.113.7' });
    expect(first).toMatch(/^sa-[0-9a-f]{32}$/);
    expect(bodyOf().safety_identifier).toBe(first);
    expect(other).not.toBe(first);
    expect(standIn.requests.map((r) => r.body).join()).not.toContain('203.0.113.7');
    expect(first).toBe(safetyIdentifier('sk-test-not-a-real-key', '203.0.113.7'));
  });

  it('sends a well-formed description without control characters, cut to a bounded number of tokens', async () => {
    standIn.script({ kind: 'ok', output: modelAnswer([{ id: 'payments', providers: ['Stripe'] }]) });
    await engine.recommend({ ...request(), description: `Shop\u0000 with \uD800 card\u0007 payments\nand more` });
    const sent = bodyOf().messages.at(-1)?.content ?? '';
    expect(sent).toContain(JSON.stringify('Shop  with \uFFFD card  payments\nand more'));
    const flood = '漢'.repeat(5_000);
    expect(approximateTokens(modelDescription(flood))).toBeLessThanOrEqual(MAX_DESCRIPTION_TOKENS);
    expect(modelDescription('A short description stays whole.')).toBe('A short description stays whole.');
  });
});

describe('attemptPlan', () => {
  it('fits every attempt and retry inside the budget', () => {
    for (const budget of [1_000, 2_000, 5_000, 12_000, 24_000, 28_000, 60_000]) {
      const { timeout, maxRetries } = attemptPlan(budget);
      expect(timeout * (maxRetries + 1)).toBeLessThanOrEqual(Math.max(budget, 1_500));
    }
    expect(attemptPlan(28_000)).toEqual({ timeout: 12_000, maxRetries: 1 });
  });
});
