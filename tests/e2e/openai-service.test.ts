import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { analyzeResponseSchema, problemSchema } from '../../functions/analyze/contract.js';
import { npmStart, type StartedService } from '../support/npm-start.js';
import { modelAnswer, type OpenAIStandIn, startOpenAIStandIn } from '../support/openai-stand-in.js';
import { nonConformance } from '../support/openapi-conformance.js';
import { type SecretsManagerStandIn, startSecretsManagerStandIn } from '../support/secrets-manager-stand-in.js';

const SECRET_NAME = 'stack-analyzer/openai';
const KEY = 'sk-stand-in-0123456789abcdef';

let openai: OpenAIStandIn;
let secrets: SecretsManagerStandIn;
let service: StartedService;

const awsEnvironment = (secretsUrl: string) => ({
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDSTANDIN',
  AWS_SECRET_ACCESS_KEY: 'stand-in-secret-access-key',
  AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsUrl,
});

const analyze = (url: string, description: string) =>
  fetch(`${url}/api/analyze`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ description }),
  });

beforeAll(async () => {
  openai = await startOpenAIStandIn();
  secrets = await startSecretsManagerStandIn({ [SECRET_NAME]: JSON.stringify({ apiKey: KEY }) });
  service = await npmStart({
    ANALYZE_ENGINE: 'openai',
    OPENAI_SECRET_ID: SECRET_NAME,
    OPENAI_BASE_URL: `${openai.url}/v1`,
    OPENAI_MODEL: 'gpt-stand-in',
    LOCAL_TIMEOUT_MS: '5000',
    ...awsEnvironment(secrets.url),
  });
}, 90_000);

afterAll(async () => {
  await service?.stop();
  await openai?.close();
  await secrets?.close();
});

describe('npm start with ANALYZE_ENGINE=openai, key from Secrets Manager', () => {
  it('answers N requests with the contract and reads the secret once', async () => {
    // Prepare
    openai.script({
      kind: 'ok',
      output: modelAnswer([
        { id: 'payments', providers: ['Stripe', 'PayPal'] },
        { id: 'maps', providers: ['Mapbox'] },
      ]),
    });
    // Act
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        analyze(service.url, `A marketplace for dog walkers number ${i}, paid weekly, with maps`),
      ),
    );
    // Assess
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('x-engine')).toBe('openai');
      expect(await nonConformance('/api/analyze', 'post', res.clone())).toEqual([]);
      const body = analyzeResponseSchema.parse(await res.json());
      expect(body.categories.map((c) => c.id)).toEqual(['payments', 'maps']);
      // Known to the catalogue: its canonical website, whatever the model said.
      expect(body.categories[0]?.providers[0]).toMatchObject({ name: 'Stripe', website: 'https://stripe.com' });
    }
    expect(secrets.reads()).toBe(1);
    expect(openai.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it('answers a repeated description from the cache: no model call, no secret read', async () => {
    openai.script({ kind: 'ok', output: modelAnswer([{ id: 'email', providers: ['Postmark'] }]) });
    const description = 'A newsletter for a neighbourhood bakery with weekly specials';
    const before = { model: openai.calls().length, secret: secrets.reads() };
    const first = await analyze(service.url, description);
    const second = await analyze(service.url, description);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect(await second.json()).toEqual(await first.json());
    expect({ model: openai.calls().length, secret: secrets.reads() }).toEqual({ model: before.model + 1, secret: before.secret });
  });

  it('shares one model call among identical requests arriving together', async () => {
    openai.script({ kind: 'ok', output: modelAnswer([{ id: 'search', providers: ['Algolia'] }]), delayMs: 1_500 });
    const before = openai.calls().length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => analyze(service.url, 'Search across a catalogue of ten thousand vintage posters')),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(openai.calls().length).toBe(before + 1);
  });

  it.each([
    ['a 5xx', { kind: 'status', status: 500 }],
    ['a 429', { kind: 'status', status: 429, headers: { 'retry-after': '9', 'retry-after-ms': '10' } }],
    ['a bad key (401)', { kind: 'status', status: 401 }],
    ['a refusal', { kind: 'refusal' }],
    ['a hang', { kind: 'hang' }],
  ] as const)('answers %s with 502 and Retry-After', async (label, step) => {
    openai.script(step as never);
    const res = await analyze(service.url, `An online shop for hand-made furniture with card payments (${label})`);
    expect(res.status).toBe(502);
    expect(await nonConformance('/api/analyze', 'post', res.clone())).toEqual([]);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(problemSchema.parse(await res.json()).code).toBe('AI_PROVIDER_UNAVAILABLE');
  });

  it('answers an MCP call whose model fails with a tool error that says so', async () => {
    openai.script({ kind: 'status', status: 500 });
    const res = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'recommend_stack', arguments: { description: 'A ticketing system for a small theatre (MCP)' } },
      }),
    });
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { isError?: boolean; content: { text: string }[] } };
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain('AI_PROVIDER_UNAVAILABLE');
  });

  it('never writes the key to its logs', () => {
    expect(service.output()).not.toContain(KEY);
    expect(service.output()).toContain('"message":"model call"');
  });
});

describe('npm start with a secret that does not exist', () => {
  it('answers 500 INTERNAL and says nothing about the secret', async () => {
    const broken = await npmStart({
      ANALYZE_ENGINE: 'openai',
      OPENAI_SECRET_ID: 'stack-analyzer/missing',
      OPENAI_BASE_URL: `${openai.url}/v1`,
      ...awsEnvironment(secrets.url),
    });
    try {
      const res = await analyze(broken.url, 'A booking app for yoga classes with reminders');
      expect(res.status).toBe(500);
      expect(await nonConformance('/api/analyze', 'post', res.clone())).toEqual([]);
      const text = await res.text();
      expect(problemSchema.parse(JSON.parse(text)).code).toBe('INTERNAL');
      expect(text).not.toMatch(/secret|stack-analyzer\/missing|ResourceNotFound/i);
      expect(broken.output()).toContain('ResourceNotFoundException');
    } finally {
      await broken.stop();
    }
  }, 90_000);
});
