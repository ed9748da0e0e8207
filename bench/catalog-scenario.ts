/**
 * The catalogue engine alone, run in its own Node by bench/run.ts: recommendFromCatalog over the bench
 * descriptions after a warm-up. Prints one JSON line. The engine is the one BENCH_CATALOG_ENGINE names,
 * built as the function is (bench/run.ts), or else the sources.
 */
import { pathToFileURL } from 'node:url';
import type * as CatalogEngine from '../functions/analyze/engines/catalog/catalog-engine.js';
import { DESCRIPTIONS, LONG_DESCRIPTIONS } from './descriptions.js';
import { maxRssMb, round, summarize } from './lib.js';

const { recommendFromCatalog } = (await import(
  process.env.BENCH_CATALOG_ENGINE
    ? pathToFileURL(process.env.BENCH_CATALOG_ENGINE).href
    : '../functions/analyze/engines/catalog/catalog-engine.js'
)) as typeof CatalogEngine;

const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP_ROUNDS ?? 25);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const long = new Set(LONG_DESCRIPTIONS);

for (let round = 0; round < WARMUP_ROUNDS; round++) {
  for (const description of DESCRIPTIONS) recommendFromCatalog(description, 3);
}

const all: number[] = [];
const longOnly: number[] = [];
const shortOnly: number[] = [];
let empty = 0;
for (let r = 0; r < ROUNDS; r++) {
  for (const description of DESCRIPTIONS) {
    const started = performance.now();
    const result = recommendFromCatalog(description, 3);
    const elapsed = performance.now() - started;
    if (result.categories.length === 0) empty += 1;
    all.push(elapsed);
    (long.has(description) ? longOnly : shortOnly).push(elapsed);
  }
}

const r3 = (s: ReturnType<typeof summarize>) => ({
  n: s.n,
  p50: round(s.p50),
  p90: round(s.p90),
  p99: round(s.p99),
  max: round(s.max),
});
console.log(
  JSON.stringify({
    descriptions: DESCRIPTIONS.length,
    iterations: all.length,
    all: r3(summarize(all)),
    short: r3(summarize(shortOnly)),
    long: r3(summarize(longOnly)),
    emptyAnswers: empty,
    maxRssMb: maxRssMb(),
  }),
);
