/**
 * Raw HTTP against the local server: arbitrary content types, header names and values that HTTP allows,
 * and arbitrary bodies (text, bytes, JSON-ish). The only answers allowed are a 200 that meets the contract
 * or a 4xx problem+json; never a 5xx, never a dropped connection.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { analyzeResponseSchema, problemSchema } from '../../functions/analyze/contract.js';
import { type RunningServer, startLocalServer } from '../support/local-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(async () => {
  await server.close();
});

interface RawRequest {
  method: string;
  path: string;
  headers: Array<[string, string | string[]]>;
  body: Buffer;
}

interface RawAnswer {
  status: number;
  contentType: string | undefined;
  requestId: string | undefined;
  body: string;
}

/** One request on a connection of its own; a connection error before the answer rejects. */
const send = ({ method, path, headers, body }: RawRequest): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(server.url, { method, path, agent: false });
    for (const [name, value] of headers) req.setHeader(name, value);
    if (body.length > 0 || method === 'POST') req.setHeader('Content-Length', body.length);
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          requestId: res.headers['x-request-id'] as string | undefined,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', (err) => {
      // The server closes the connection after a 413 while a large body may still be on its way.
      if (!answered) reject(err);
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.end(body);
  });

const expectContractOrProblem = (answer: RawAnswer) => {
  if (answer.status === 200) {
    expect(answer.contentType).toMatch(/^application\/json/);
    const parsed = analyzeResponseSchema.safeParse(JSON.parse(answer.body));
    expect(parsed.success).toBe(true);
    return;
  }
  expect(answer).toMatchObject({ contentType: 'application/problem+json' });
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  const problem = problemSchema.safeParse(JSON.parse(answer.body));
  expect(problem.success).toBe(true);
  expect(problem.data?.status).toBe(answer.status);
  expect(problem.data?.requestId).toBe(answer.requestId);
};

// --- Arbitraries -------------------------------------------------------------------------------------

const TCHAR = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** Headers that change how the message is framed or routed: the client sets those, not the fuzzer. */
const FRAMING = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'host',
  'expect',
  'upgrade',
  'keep-alive',
  'te',
  'trailer',
  'proxy-connection',
  'http2-settings',
]);

const tokenName = fc.string({ unit: fc.constantFrom(...TCHAR), minLength: 1, maxLength: 24 });
const headerName = fc
  .oneof(
    { weight: 3, arbitrary: tokenName },
    {
      weight: 2,
      // Names that are also property names of every JS object, and names the handler reads.
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'valueOf',
        'prototype',
        'Origin',
        'origin',
        'Accept',
        'Accept-Encoding',
        'Content-Encoding',
        'Authorization',
        'Cookie',
        'User-Agent',
        'X-Forwarded-For',
        'X-Request-Id',
        'X-Amzn-Trace-Id',
        'Access-Control-Request-Method',
        'CONTENT-TYPE',
      ),
    },
  )
  .filter((name) => !FRAMING.has(name.toLowerCase()));

/** Field values HTTP allows: visible ASCII, space, tab and obs-text (0x80-0xFF); trimmed by the server. */
const VALUE_CHARS = [
  '\t',
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0x100 - 0x80 }, (_, i) => String.fromCharCode(0x80 + i)),
];
const headerValue = fc.string({ unit: fc.constantFrom(...VALUE_CHARS), maxLength: 200 });

const contentType = fc.option(
  fc.oneof(
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON; Charset=UTF-8',
      'application/json;',
      'application/json ; charset=latin1',
      'application/vnd.api+json',
      'application/problem+json',
      'application/jsonx',
      'application/json\t',
      'text/json',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/octet-stream',
      '*/*',
      '',
    ),
    headerValue,
    headerValue.map((v) => `application/json; ${v}`),
  ),
  { nil: undefined },
);

const description = fc.oneof(
  fc.constantFrom(
    'An online shop with card payments and email receipts',
    'A marketplace where dog walkers get paid weekly and owners follow the walk on a map',
    'Plataforma de reservas para canchas de pádel 🎾 con pagos en línea',
  ),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
);
const jsonish = fc.oneof(
  fc.record(
    {
      description,
      providersPerCategory: fc.oneof(fc.integer({ min: -2, max: 8 }), fc.double(), fc.string(), fc.constant(null)),
    },
    { requiredKeys: ['description'] },
  ),
  fc.jsonValue({ maxDepth: 4 }),
  fc.object({ maxDepth: 3, withNullPrototype: true }).map((o) => ({ ...o, description: 'An online shop with card payments' })),
  fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'description', 'toString'),
    fc.jsonValue({ maxDepth: 2 }),
  ),
);
const jsonText = jsonish.map((value) => JSON.stringify(value) ?? 'null');
const body = fc.oneof(
  { weight: 4, arbitrary: jsonText.map((t) => Buffer.from(t)) },
  // Well-formed JSON cut short, or with a byte flipped.
  {
    weight: 2,
    arbitrary: fc.tuple(jsonText, fc.nat(), fc.integer({ min: 0, max: 255 })).map(([t, at, byte]) => {
      const bytes = Buffer.from(t);
      if (bytes.length === 0) return bytes;
      const i = at % bytes.length;
      return at % 2 === 0 ? bytes.subarray(0, i) : Buffer.concat([bytes.subarray(0, i), Buffer.of(byte), bytes.subarray(i + 1)]);
    }),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 2_000 }).map((t) => Buffer.from(t)) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 4_096 }).map((bytes) => Buffer.from(bytes)) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1_000, max: 30_000 }).map((depth) => Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
  },
  // Over the 64 KiB limit now and then: 413, never a reset.
  { weight: 1, arbitrary: fc.integer({ min: 64 * 1024 + 1, max: 80_000 }).map((n) => Buffer.alloc(n, 'a')) },
);

const query = fc.option(
  fc.array(fc.tuple(fc.oneof(tokenName, fc.constantFrom('__proto__', 'constructor', 'toString')), fc.string()), { maxLength: 4 }),
  { nil: undefined },
);

const rawRequest: fc.Arbitrary<RawRequest> = fc
  .record({
    method: fc.constantFrom('POST', 'POST', 'POST', 'POST', 'PUT', 'PATCH', 'GET', 'DELETE', 'OPTIONS'),
    query,
    contentType,
    extra: fc.array(fc.tuple(headerName, fc.oneof(headerValue, fc.array(headerValue, { minLength: 2, maxLength: 3 }))), {
      maxLength: 6,
    }),
    body,
  })
  .map(({ method, query: pairs, contentType: type, extra, body: bytes }) => {
    const headers: Array<[string, string | string[]]> = [...extra];
    if (type !== undefined) headers.push(['Content-Type', type]);
    const search = pairs === undefined ? '' : `?${new URLSearchParams(pairs).toString()}`;
    return { method, path: `/api/analyze${search}`, headers, body: method === 'GET' ? Buffer.alloc(0) : bytes };
  });

describe('local server under arbitrary HTTP', () => {
  it('answers every request with the contract or a 4xx problem, never 5xx, never a dropped connection', async () => {
    await fc.assert(
      fc.asyncProperty(rawRequest, async (request) => {
        expectContractOrProblem(await send(request));
      }),
      { numRuns: 150, interruptAfterTimeLimit: 8_000 },
    );
  });

  // Found by the property above: both used to answer 500, the second crashed the server (an
  // unhandled rejection in the request listener).
  it.each([
    ['a header named like an Object.prototype property', '/api/analyze', [['constructor', 'x']]],
    ['a header named __proto__', '/api/analyze', [['__proto__', 'x']]],
    ['query keys named like Object.prototype properties', '/api/analyze?__proto__=1&toString=2&toString=3', []],
  ] as Array<[string, string, Array<[string, string]>]>)('accepts %s', async (_label, path, headers) => {
    const answer = await send({
      method: 'POST',
      path,
      headers: [...headers, ['Content-Type', 'application/json']],
      body: Buffer.from(JSON.stringify({ description: 'An online shop with card payments' })),
    });
    expect(answer.status).toBe(200);
    expectContractOrProblem(answer);
  });

  it('answers a request target that is not a URL with 404 and keeps serving', async () => {
    const odd = await send({ method: 'POST', path: 'http://[/api/analyze', headers: [], body: Buffer.alloc(0) });
    expect(odd.status).toBe(404);
    expectContractOrProblem(odd);
    const after = await send({
      method: 'POST',
      path: '/api/analyze',
      headers: [['Content-Type', 'application/json']],
      body: Buffer.from(JSON.stringify({ description: 'An online shop with card payments' })),
    });
    expect(after.status).toBe(200);
  });
});
