/**
 * `npm run load`: load and soak. Starts the local server (catalogue engine) in its own process and
 * drives it for LOAD_SECONDS (60 by default) with 64 autocannon connections cycling through valid,
 * invalid and hostile requests, while a small side lane sends bodies over the 64 KiB limit on fresh
 * connections (the server answers those 413 and closes the connection by design, so they are kept out
 * of autocannon's connection error count and counted by status instead).
 *
 * Requirements: no 5xx, no connection errors or timeouts, every request answered, and the server's
 * RSS growing by less than 20 MB between the end of a 10 s warm-up and the end of the run. Writes
 * bench/load-results.json; exits 1 when a requirement fails.
 *
 * The server runs with the V8 heap limits Lambda's bootstrap sets for the deployed 512 MB function
 * (new space a tenth of memory, old space the rest) and --expose-gc, as Lambda does; LOAD_NODE_FLAGS
 * replaces those flags ("" for Node's defaults, whose young generation keeps growing for a while on a
 * large machine and makes RSS a poor leak signal). RSS is sampled every second; at the two measuring
 * points the server reports its RSS and then, after a full GC, its live heap, which tells a leak from
 * heap sizing.
 */

import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { DESCRIPTIONS } from './descriptions.js';
import { baseEnv, LAMBDA_HEAP_FLAGS, ROOT, round, sleep, startServerChild } from './lib.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = Math.min(10, Math.max(1, Math.floor(SECONDS / 3)));
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 64);
const OVERSIZED_CONCURRENCY = 2;
const MAX_RSS_GROWTH_MB = 20;
const MB = 1024 * 1024;
const NODE_FLAGS = (process.env.LOAD_NODE_FLAGS ?? ['--expose-gc', ...LAMBDA_HEAP_FLAGS].join(' ')).split(/\s+/).filter(Boolean);

const JSON_TYPE = { 'content-type': 'application/json' };
const post = (body: string | Buffer, headers: Record<string, string> = JSON_TYPE): Request => ({
  method: 'POST',
  path: '/api/analyze',
  headers,
  body,
});
const json = (value: unknown) => post(JSON.stringify(value));

const nested = (depth: number, open: string, close: string, inner = '1') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
const valid = DESCRIPTIONS.map((description, i) =>
  json(i % 4 === 0 ? { description, providersPerCategory: 1 + (i % 5) } : { description }),
);

/** What a client may get wrong, by accident or on purpose; none of it may cost a 5xx. */
const invalid: Request[] = [
  json({ description: 'short' }),
  json({ description: '' }),
  json({ description: ' \n\t '.repeat(20) }),
  json({ description: 'y'.repeat(5_001) }),
  json({ text: 'a shop with card payments' }),
  json({ description: 12345678901 }),
  json({ description: null }),
  json({ description: { nested: 'an online shop with card payments' } }),
  json({ description: ['an online shop with card payments'] }),
  json({ description: 'an online shop with card payments', providersPerCategory: 0 }),
  json({ description: 'an online shop with card payments', providersPerCategory: 6 }),
  json({ description: 'an online shop with card payments', providersPerCategory: 2.5 }),
  json({ description: 'an online shop with card payments', providersPerCategory: '3' }),
  post('{"description": "an online shop with card payments", "providersPerCategory": 1e400}'),
  post('{"description": "an online shop with card payments", "providersPerCategory": 123456789012345678901234567890}'),
  post('{"description": "an online shop with card payments", "providersPerCategory": -0}'),
  json([]),
  json(['an online shop with card payments']),
  post('null'),
  post('"an online shop with card payments"'),
  post('42'),
  post('{"description": "an online shop with card payments"'),
  post('{"description": "an online shop with card payments",}'),
  post("{'description': 'an online shop with card payments'}"),
  post('not json at all'),
  post(''),
  post('description=an+online+shop', { 'content-type': 'application/x-www-form-urlencoded' }),
  post('an online shop with card payments', { 'content-type': 'text/plain' }),
  post(JSON.stringify({ description: 'an online shop with card payments' }), {}),
  post(JSON.stringify({ description: 'an online shop with card payments' }), { 'content-type': 'application/jsonx' }),
  post(JSON.stringify({ description: 'an online shop with card payments' }), {
    'content-type': 'multipart/form-data; boundary=x',
  }),
  // Unicode junk: lone surrogates, control characters, bidi overrides, bytes that are not UTF-8.
  post('{"description": "\\ud800\\udfff\\ud800 lone surrogates and more text"}'),
  post('{"description": "\\u0000\\u0001\\u0002 control characters in a description"}'),
  json({ description: '\u202e\u200b\u200d\ufeff🧨🧨🧨 ﷽﷽﷽ 𝕳𝖊𝖑𝖑𝖔 Z̷̢̛a̸̧͝l̵̨̛g̶̢̛o̵̧͝' }),
  post(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"description": "a BOM before an online shop"}')])),
  post(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xfd, 0x80, 0x81, 0x22, 0x7d])),
  post(Buffer.from(Array.from({ length: 2_048 }, (_, i) => (i * 7919) % 256))),
  post(JSON.stringify({ description: 'an online shop with card payments' }), {
    'content-type': 'application/json',
    'x-junk': 'ünïcødé',
  }),
  // Near the limit: accepted, the extra field is ignored.
  json({ description: 'an online shop with card payments', padding: 'p'.repeat(60_000) }),
  // Other methods and paths.
  { method: 'GET', path: '/api/analyze' },
  { method: 'PUT', path: '/api/analyze', headers: JSON_TYPE, body: '{}' },
  { method: 'DELETE', path: '/api/analyze' },
  { method: 'POST', path: '/api/nope', headers: JSON_TYPE, body: '{}' },
  { method: 'GET', path: '/../../etc/passwd' },
  { method: 'POST', path: '/api/analyze?__proto__=1&constructor=2&a=1&a=2', headers: JSON_TYPE, body: '{}' },
];

/** Built to hurt: deep nesting, prototype keys, numbers out of range. */
const hostile: Request[] = [
  post(nested(20_000, '[', ']')),
  post(nested(10_000, '{"a":', '}')),
  post(`{"description": "an online shop with card payments", "extra": ${nested(15_000, '[', ']')}}`),
  post(`{"description": ${nested(5_000, '{"x":', '}', '"an online shop"')}}`),
  post('{"__proto__": {"description": "an online shop with card payments"}}'),
  post('{"description": "an online shop with card payments", "__proto__": {"polluted": true}}'),
  post('{"constructor": {"prototype": {"polluted": true}}, "description": "an online shop with card payments"}'),
  post('{"description": "an online shop with card payments", "constructor": "x", "toString": 1, "valueOf": null}'),
  post('{"description": 1e999999}'),
  post(`{"description": "an online shop with card payments", "n": ${'9'.repeat(20_000)}}`),
  post(`{"description": "an online shop with card payments", "n": 0.${'0'.repeat(20_000)}1}`),
  post(
    `{${Array.from({ length: 3_000 }, (_, i) => `"k${i}": ${i}`).join(',')}, "description": "an online shop with card payments"}`,
  ),
  post(`{"description": "${'\\u0041'.repeat(10_000)}"}`),
  post(`{"description": "an online shop", "description": "a second description that wins"}`),
];

/** Interleaves the lists so every connection sees a mix from the start. */
const mix = (...lists: Request[][]): Request[] => {
  const out: Request[] = [];
  const longest = Math.max(...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (list[i]) out.push(list[i] as Request);
  return out;
};
const requests = mix(valid, invalid, hostile);

interface Oversized {
  byStatus: Record<string, number>;
  errors: Record<string, number>;
  sent: number;
}

/** One oversized body on a connection of its own: declared (Content-Length) or streamed (chunked). */
const sendOversized = (url: string, chunked: boolean): Promise<number> =>
  new Promise((resolve, reject) => {
    let answered = false;
    const body = Buffer.from(JSON.stringify({ description: 'o'.repeat(70_000) }));
    const req = httpRequest(`${url}/api/analyze`, {
      method: 'POST',
      agent: false,
      headers: chunked ? { ...JSON_TYPE, 'transfer-encoding': 'chunked' } : { ...JSON_TYPE, 'content-length': body.length },
    });
    req.on('response', (res) => {
      answered = true;
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', (err) => {
      // Once the answer is in, the server closing on us while we still write is the documented behaviour.
      if (!answered) reject(err);
    });
    req.end(body);
  });

const oversizedLane = async (url: string, until: number, into: Oversized): Promise<void> => {
  for (let i = 0; Date.now() < until; i++) {
    into.sent += 1;
    try {
      const status = await sendOversized(url, i % 2 === 1);
      into.byStatus[status] = (into.byStatus[status] ?? 0) + 1;
    } catch (err: unknown) {
      const code = (err as { code?: string }).code ?? (err instanceof Error ? err.message : String(err));
      into.errors[code] = (into.errors[code] ?? 0) + 1;
    }
  }
};

const main = async (): Promise<number> => {
  const loadBefore = loadavg();
  const server = await startServerChild('local', baseEnv({ ANALYZE_ENGINE: 'catalog', BENCH_RSS_INTERVAL_MS: '1000' }), {
    nodeArgs: NODE_FLAGS,
  });
  const started = Date.now();
  const until = started + SECONDS * 1_000;
  const oversized: Oversized = { byStatus: {}, errors: {}, sent: 0 };
  const lanes = Array.from({ length: OVERSIZED_CONCURRENCY }, () => oversizedLane(server.url, until, oversized));
  const cannon = autocannon({ url: server.url, connections: CONNECTIONS, duration: SECONDS, timeout: 10, requests });
  const warm = sleep(WARMUP_SECONDS * 1_000)
    .then(() => server.settle())
    .catch(() => undefined);
  const [result] = await Promise.all([cannon, ...lanes]);
  const afterWarmup = await warm;
  const alive = server.exit() === undefined;
  const atEnd = alive ? await server.settle().catch(() => undefined) : undefined;
  let finalCheck = 0;
  if (alive) {
    const res = await fetch(`${server.url}/api/analyze`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ description: 'An online shop with card payments after the soak' }),
    });
    finalCheck = res.status;
    await res.arrayBuffer();
  }
  const stopped = alive ? await server.stop() : { maxRssMb: undefined, code: server.exit()?.code ?? null };

  const mb = (bytes: number | undefined) => (bytes === undefined ? Number.NaN : round(bytes / MB, 1));
  const samples = server.rss.map(({ at, bytes }) => ({ second: Math.round((at - started) / 1_000), mb: mb(bytes) }));
  const rss = { afterWarmup: mb(afterWarmup?.rssBefore), atEnd: mb(atEnd?.rssBefore) };
  const growth = round(rss.atEnd - rss.afterWarmup, 1);
  const heap = { afterWarmup: mb(afterWarmup?.heapUsed), atEnd: mb(atEnd?.heapUsed) };
  const heapGrowth = round(heap.atEnd - heap.afterWarmup, 1);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
  const sum = (counts: Record<string, number>, keep: (status: string) => boolean) =>
    Object.entries(counts)
      .filter(([status]) => keep(status))
      .reduce((s, [, n]) => s + n, 0);
  const fiveXx = sum(statuses, (status) => Number(status) >= 500) + sum(oversized.byStatus, (status) => Number(status) >= 500);
  const oversizedErrors = sum(oversized.errors, () => true);
  const oversizedNot413 = sum(oversized.byStatus, (status) => status !== '413');

  const checks = {
    'no 5xx': fiveXx === 0,
    'no connection errors or timeouts': result.errors === 0 && result.timeouts === 0,
    'every oversized body answered 413': oversizedErrors === 0 && oversizedNot413 === 0,
    [`RSS growth < ${MAX_RSS_GROWTH_MB} MB`]: Number.isFinite(growth) && growth < MAX_RSS_GROWTH_MB,
    'server alive and answering after the run': alive && finalCheck === 200,
  };
  const passed = Object.values(checks).every(Boolean);

  const rssSeries: Record<string, number> = {};
  for (const s of samples) rssSeries[`s${s.second}`] = s.mb;
  const report = {
    startedAt: new Date(started).toISOString(),
    node: process.version,
    serverNodeFlags: NODE_FLAGS.join(' '),
    seconds: SECONDS,
    connections: CONNECTIONS,
    requestKinds: { valid: valid.length, invalid: invalid.length, hostile: hostile.length },
    requests: {
      total: result.requests.total,
      perSecond: round(result.requests.average, 1),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      statuses,
      errors: result.errors,
      timeouts: result.timeouts,
    },
    oversized: { sent: oversized.sent, byStatus: oversized.byStatus, errors: oversized.errors },
    fiveXx,
    rssMb: {
      warmupSeconds: WARMUP_SECONDS,
      afterWarmup: rss.afterWarmup,
      atEnd: rss.atEnd,
      growth,
      maxSampled: Math.max(...samples.map((s) => s.mb)),
      serverPeak: stopped.maxRssMb ?? null,
      series: rssSeries,
    },
    liveHeapAfterFullGcMb: {
      measured: afterWarmup?.gc ?? false,
      afterWarmup: heap.afterWarmup,
      atEnd: heap.atEnd,
      growth: heapGrowth,
    },
    loadAverage: { before: round(loadBefore[0] ?? 0, 2), after: round(loadavg()[0] ?? 0, 2) },
    checks,
    passed,
  };
  writeFileSync(join(ROOT, 'bench/load-results.json'), `${JSON.stringify(report, null, 2)}\n`);

  const line = (label: string, value: string) => console.log(`${label.padEnd(34)} ${value}`);
  console.log(`Load and soak: ${SECONDS} s, ${CONNECTIONS} connections, ${requests.length} request kinds (catalogue engine)`);
  line('server Node flags', NODE_FLAGS.join(' ') || '(defaults)');
  line('requests', `${result.requests.total} (${Math.round(result.requests.average)}/s)`);
  line('latency p50 / p99 / max', `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max} ms`);
  line('statuses', JSON.stringify(statuses));
  line('5xx', String(fiveXx));
  line('connection errors / timeouts', `${result.errors} / ${result.timeouts}`);
  line(
    'oversized (side lane)',
    `${oversized.sent} sent, ${JSON.stringify(oversized.byStatus)}, errors ${JSON.stringify(oversized.errors)}`,
  );
  line(`RSS after ${WARMUP_SECONDS} s warm-up / at end`, `${rss.afterWarmup} MB / ${rss.atEnd} MB (growth ${growth} MB)`);
  line('RSS max sampled / server peak', `${report.rssMb.maxSampled} MB / ${stopped.maxRssMb ?? '?'} MB`);
  line(
    'live heap after full GC',
    afterWarmup?.gc ? `${heap.afterWarmup} MB / ${heap.atEnd} MB (growth ${heapGrowth} MB)` : 'not measured (no --expose-gc)',
  );
  line('load average before / after', `${report.loadAverage.before} / ${report.loadAverage.after}`);
  for (const [name, ok] of Object.entries(checks)) line(ok ? 'ok' : 'FAILED', name);
  console.log(passed ? 'PASSED' : 'FAILED', '(bench/load-results.json)');
  if (!alive) console.log(`The server exited during the run:\n${server.stderr().slice(-3_000)}`);
  return passed ? 0 : 1;
};

process.exitCode = await main();
