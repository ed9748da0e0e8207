import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type LocalDynamoDB, startDynamoDB } from '../support/dynamodb.js';
import { npmStart, type StartedService } from '../support/npm-start.js';
import { modelAnswer, type OpenAIStandIn, startOpenAIStandIn } from '../support/openai-stand-in.js';

/** Two `npm start` processes sharing one table: two Lambda containers, as far as the state goes. */
const TABLE = 'stack-analyzer-e2e';
/** The stand-in reports 812 + 356 tokens a call: the budget lasts three calls. */
const TOKENS_PER_CALL = 1_168;
const BUDGET = 3 * TOKENS_PER_CALL;

let dynamodb: LocalDynamoDB;
let openai: OpenAIStandIn;
let first: StartedService;
let second: StartedService;

const analyze = (service: StartedService, description: string) =>
  fetch(`${service.url}/api/analyze`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ description }),
  });

beforeAll(async () => {
  dynamodb = await startDynamoDB();
  await dynamodb.createStateTable(TABLE);
  openai = await startOpenAIStandIn();
  openai.script({ kind: 'ok', output: modelAnswer([{ id: 'payments', providers: ['Stripe'] }]) });
  const env = {
    ANALYZE_ENGINE: 'openai',
    OPENAI_API_KEY: 'sk-stand-in-0123456789abcdef',
    OPENAI_BASE_URL: `${openai.url}/v1`,
    OPENAI_MODEL: 'gpt-stand-in',
    STATE_TABLE_NAME: TABLE,
    MODEL_DAILY_TOKEN_BUDGET: String(BUDGET),
    LOCAL_TIMEOUT_MS: '5000',
    ...dynamodb.env,
  };
  [first, second] = await Promise.all([npmStart(env), npmStart(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await openai?.close();
  await dynamodb?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

describe('two containers sharing the state table', () => {
  it('answers in the second container from what the first computed: a hit, no model call', async () => {
    const description = 'A marketplace where dog walkers get paid weekly';
    const calls = openai.calls().length;
    const computed = await analyze(first, description);
    const shared = await analyze(second, description);
    expect(computed.status).toBe(200);
    expect(computed.headers.get('x-cache')).toBe('MISS');
    expect(computed.headers.get('x-engine')).toBe('openai');
    expect(shared.status).toBe(200);
    expect(shared.headers.get('x-cache')).toBe('HIT');
    expect(shared.headers.get('x-engine')).toBe('openai');
    expect(await shared.json()).toEqual(await computed.json());
    expect(openai.calls().length).toBe(calls + 1);
    expect(await dynamodb.tokensOn(TABLE, today())).toBe(TOKENS_PER_CALL);
  });

  it('counts the tokens of concurrent requests in both containers, then answers from the catalogue once the day’s budget is spent', async () => {
    // Two more model calls at once, one per container: the budget is then spent (3 calls).
    const answers = await Promise.all([
      analyze(first, 'A booking app for a climbing gym with card payments'),
      analyze(second, 'An online shop for handmade furniture paid by card'),
    ]);
    expect(answers.map((a) => a.headers.get('x-engine'))).toEqual(['openai', 'openai']);
    expect(await dynamodb.tokensOn(TABLE, today())).toBe(BUDGET);

    const calls = openai.calls().length;
    const fallback = await analyze(second, 'A podcast hosting platform with transcripts and a player');
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('x-engine')).toBe('catalog');
    expect(((await fallback.json()) as { categories: unknown[] }).categories.length).toBeGreaterThan(0);
    expect(openai.calls().length).toBe(calls);
    expect(second.output()).toContain('model token budget spent');
    // The catalogue's answer is not kept as the model's: tomorrow the model answers again.
    const again = await analyze(first, 'A podcast hosting platform with transcripts and a player');
    expect(again.headers.get('x-engine')).toBe('catalog');
    expect(again.headers.get('x-cache')).toBe('MISS');
  });
});
