/**
 * One warm in-process handler scenario, run in its own Node by bench/run.ts (the handler reads its
 * settings from the environment when it loads). Prints one JSON line.
 *
 *   catalog  catalogue engine, cache off (CACHE_MAX_ENTRIES=0)
 *   openai   OpenAI engine against an instant stand-in, cache off; also times raw fetches to the stand-in
 *   cache    catalogue engine, cache on, one description repeated: hits
 */
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { eventFixture, type Handler, header, lambdaContext } from '../tests/support/lambda.js';
import { type OpenAIStandIn, startOpenAIStandIn } from '../tests/support/openai-stand-in.js';
import { DESCRIPTIONS, LONG_DESCRIPTIONS, TYPICAL_DESCRIPTION } from './descriptions.js';
import { maxRssMb, round, summarize } from './lib.js';
import { typicalModelAnswer } from './typical-answer.js';

type Scenario = 'catalog' | 'openai' | 'cache';
const scenario = process.argv[2] as Scenario;
if (!['catalog', 'openai', 'cache'].includes(scenario)) throw new Error(`Unknown scenario ${scenario}`);

const WARMUP = Number(process.env.BENCH_WARMUP ?? 400);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? (scenario === 'openai' ? 1_500 : 3_000));

let standIn: OpenAIStandIn | undefined;
if (scenario === 'openai') {
  standIn = await startOpenAIStandIn();
  standIn.script({ kind: 'ok', output: typicalModelAnswer() });
  process.env.OPENAI_BASE_URL = `${standIn.url}/v1`;
}
// The function as built for deployment when BENCH_FUNCTION names it (bench/run.ts does), else the sources.
const { handler } = (await import(
  process.env.BENCH_FUNCTION ? pathToFileURL(process.env.BENCH_FUNCTION).href : '../functions/analyze/handler.js'
)) as unknown as { handler: Handler };

const template = eventFixture('analyze-request');
const bodies = (scenario === 'cache' ? [TYPICAL_DESCRIPTION] : DESCRIPTIONS).map((description) =>
  JSON.stringify({ description }),
);
/** A fresh event per call: middy replaces the body and headers of the event it is given. */
const eventFor = (i: number): APIGatewayProxyEvent => ({ ...template, body: bodies[i % bodies.length] as string });

let errors = 0;
const statuses: Record<string, number> = {};
/** One description's request as the stand-in received it, for the raw fetch baseline. */
const captured = new Map<number, { body: string; headers: Record<string, string> }>();

const call = async (i: number): Promise<number> => {
  const event = eventFor(i);
  const context = lambdaContext();
  const started = performance.now();
  const result = await handler(event, context);
  const elapsed = performance.now() - started;
  statuses[result.statusCode] = (statuses[result.statusCode] ?? 0) + 1;
  if (result.statusCode !== 200) errors += 1;
  if (scenario === 'cache' && i > 0 && header(result, 'x-cache') !== 'HIT') errors += 1;
  if (standIn) {
    const last = standIn.requests.at(-1);
    const index = i % bodies.length;
    if (last && !captured.has(index)) {
      captured.set(index, {
        body: last.body,
        headers: { 'content-type': 'application/json', authorization: String(last.headers.authorization ?? '') },
      });
    }
    standIn.requests.length = 0;
  }
  return elapsed;
};

for (let i = 0; i < WARMUP; i++) await call(i);
const samples: number[] = [];
/** Split by description length: the long ones (2,000 to 5,000 characters) cost the catalogue most. */
const byLength: { short: number[]; long: number[] } = { short: [], long: [] };
const long = new Set(LONG_DESCRIPTIONS);
const descriptionOf = scenario === 'cache' ? [TYPICAL_DESCRIPTION] : DESCRIPTIONS;
for (let i = 0; i < ITERATIONS; i++) {
  const elapsed = await call(i);
  samples.push(elapsed);
  byLength[long.has(descriptionOf[i % descriptionOf.length] as string) ? 'long' : 'short'].push(elapsed);
}
const handlerMs = summarize(samples);

let standInMs: ReturnType<typeof summarize> | undefined;
let requestBytes: number | undefined;
if (standIn) {
  // The stand-in's own time: the same requests, byte for byte, sent with fetch as the SDK sends them.
  const url = `${standIn.url}/v1/chat/completions`;
  const replay = async (i: number): Promise<number> => {
    const request = captured.get(i % bodies.length);
    if (!request) throw new Error(`No request captured for description ${i % bodies.length}`);
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers: request.headers, body: request.body });
    await res.json();
    const elapsed = performance.now() - started;
    if (res.status !== 200) errors += 1;
    standIn.requests.length = 0;
    return elapsed;
  };
  for (let i = 0; i < WARMUP; i++) await replay(i);
  const raw: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) raw.push(await replay(i));
  standInMs = summarize(raw);
  requestBytes = Math.round([...captured.values()].reduce((s, r) => s + Buffer.byteLength(r.body), 0) / captured.size);
  await standIn.close();
}

const r = (s: ReturnType<typeof summarize>) => ({
  ...s,
  p50: round(s.p50),
  p90: round(s.p90),
  p99: round(s.p99),
  max: round(s.max),
  mean: round(s.mean),
});
console.log(
  JSON.stringify({
    scenario,
    iterations: ITERATIONS,
    handlerMs: r(handlerMs),
    ...(scenario === 'cache' ? {} : { shortMs: r(summarize(byLength.short)), longMs: r(summarize(byLength.long)) }),
    ...(standInMs ? { standInMs: r(standInMs), requestBytes } : {}),
    statuses,
    errors,
    maxRssMb: maxRssMb(),
  }),
);
