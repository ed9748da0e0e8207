/**
 * A shared-cache hit, run in its own Node by bench/run.ts: an answer another container stored in the
 * state table, read by a container that does not have it (its own cache holds one entry, and two keys
 * alternate, so every call goes to the table). The table is dynalite on 127.0.0.1 over the real
 * protocol: DynamoDB from Lambda in the same region adds a few milliseconds of network. Prints one JSON line.
 */
import { createLruStackCache } from '../functions/analyze/cache.js';
import { recommendFromCatalog } from '../functions/analyze/engines/catalog/catalog-engine.js';
import { shape } from '../functions/analyze/shape.js';
import { createTableState } from '../functions/analyze/state.js';
import { startDynamoDB } from '../tests/support/dynamodb.js';
import { TYPICAL_DESCRIPTION } from './descriptions.js';
import { maxRssMb, round, summarize } from './lib.js';

const TABLE = 'stack-analyzer-bench';
const WARMUP = 200;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2_000);

const dynamodb = await startDynamoDB();
Object.assign(process.env, dynamodb.env);
await dynamodb.createStateTable(TABLE);
const cache = createLruStackCache({ maxEntries: 1, ttlSeconds: 3_600, shared: createTableState(TABLE) });
if (!cache) throw new Error('no cache');

// A typical answer's size: six categories of three providers, with their descriptions and uses.
const answer = {
  categories: shape(recommendFromCatalog(TYPICAL_DESCRIPTION, 3), { providersPerCategory: 3 }),
  engine: 'openai' as const,
};
const keys = ['bench-a', 'bench-b'];
let computed = 0;
const compute = async () => {
  computed += 1;
  return { ...answer, cacheable: true };
};
for (const key of keys) await cache.getOrCompute(key, compute);

const samples: number[] = [];
let notShared = 0;
for (let i = 0; i < WARMUP + ITERATIONS; i++) {
  const started = performance.now();
  const result = await cache.getOrCompute(keys[i % 2] as string, compute);
  const elapsed = performance.now() - started;
  if (result.level !== 'shared') notShared += 1;
  if (i >= WARMUP) samples.push(elapsed);
}
await dynamodb.close();
const s = summarize(samples);
console.log(
  JSON.stringify({
    iterations: ITERATIONS,
    ms: { p50: round(s.p50), p90: round(s.p90), p99: round(s.p99), max: round(s.max) },
    notShared,
    computed,
    maxRssMb: maxRssMb(),
  }),
);
