/**
 * `npm run bench`: the service's performance figures against their targets. Each figure that depends
 * on the handler's settings runs in its own Node; the table goes to stdout and everything measured to
 * bench/results.json. Exits 0 when targets are missed (they print MISSED), 1 when something crashed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { build, type Metafile } from 'esbuild';
import { CATALOG_DIR } from '../infra/analyze-function.js';
import {
  baseEnv,
  LAMBDA_ESBUILD_OPTIONS,
  maxRssMb,
  median,
  ROOT,
  round,
  runTsJson,
  type Summary,
  startServerChild,
} from './lib.js';
import type { CapturedAnswer } from './server.js';

const TARGETS = {
  bundleKb: 600,
  coldImportMs: 60,
  catalogP99Ms: 1,
  catalogLoadMs: 10,
  handlerCatalogP99Ms: 2,
  handlerOpenAIOverheadMs: 3,
  throughputRatio: 0.6,
} as const;
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 17);
const LOAD_RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 9);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
const THROUGHPUT_WARMUP_SECONDS = 2;
const CONNECTIONS = 32;

type Verdict = 'ok' | 'MISSED' | '-' | 'CRASH';
interface Row {
  figure: string;
  measured: string;
  target: string;
  ok: Verdict;
}

const rows: Row[] = [];
const loadBefore = loadavg()[0] ?? 0;
const results: Record<string, unknown> = {
  startedAt: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  targets: TARGETS,
};
const peakRss: Record<string, number | undefined> = {};
const errors: Record<string, number> = {};
const notes: string[] = [];
let crashed = false;

const verdict = (pass: boolean): Verdict => (pass ? 'ok' : 'MISSED');
const ms = (x: number) => `${round(x, 3)} ms`;

const section = async (label: string, body: () => Promise<void>): Promise<void> => {
  const started = performance.now();
  process.stderr.write(`bench: ${label} …\n`);
  try {
    await body();
  } catch (err: unknown) {
    crashed = true;
    const message = err instanceof Error ? err.message : String(err);
    rows.push({ figure: label, measured: `CRASH: ${message.split('\n')[0]}`, target: '', ok: 'CRASH' });
    results[label] = { crash: message };
    process.stderr.write(`bench: ${label} crashed:\n${message}\n`);
  }
  process.stderr.write(`bench: ${label} done in ${round((performance.now() - started) / 1000, 1)} s\n`);
};

const work = mkdtempSync(join(tmpdir(), 'stack-analyzer-bench-'));
const bundlePath = join(work, 'index.mjs');

/** Output bytes by package (or by our own folder), largest first. */
const contributors = (metafile: Metafile, depth: 'package' | 'detail'): Array<{ path: string; kb: number }> => {
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint !== undefined);
  const by = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(file);
    let key: string;
    if (inModules) {
      const rest = (inModules[2] ?? '').split('/').filter(Boolean);
      key = depth === 'package' ? (inModules[1] as string) : [inModules[1], ...rest.slice(0, 2)].join('/');
    } else {
      const parts = file.split('/');
      key = depth === 'package' ? parts.slice(0, 4).join('/') : parts.slice(0, 6).join('/');
    }
    by.set(key, (by.get(key) ?? 0) + bytesInOutput);
  }
  return [...by.entries()].sort((a, b) => b[1] - a[1]).map(([path, bytes]) => ({ path, kb: round(bytes / 1024, 1) }));
};

// (a) The Lambda bundle, built as CDK builds it.
await section('a. bundle size', async () => {
  const { metafile } = await build({
    ...LAMBDA_ESBUILD_OPTIONS,
    entryPoints: [join(ROOT, 'functions/analyze/handler.ts')],
    outfile: bundlePath,
    metafile: true,
  });
  // As the Lambda asset does (infra/analyze-function.ts): the compiled catalogue beside index.mjs.
  cpSync(join(ROOT, CATALOG_DIR), join(work, 'compiled'), { recursive: true });
  const kb = statSync(bundlePath).size / 1024;
  const byPackage = contributors(metafile, 'package').slice(0, 12);
  const detail = contributors(metafile, 'detail').slice(0, 12);
  results.bundle = { kb: round(kb, 1), mapKb: round(statSync(`${bundlePath}.map`).size / 1024, 1), byPackage, detail };
  rows.push({
    figure: 'a. bundle size (handler .mjs)',
    measured: `${round(kb, 1)} KB`,
    target: `<= ${TARGETS.bundleKb} KB`,
    ok: verdict(kb <= TARGETS.bundleKb),
  });
  if (kb > TARGETS.bundleKb) {
    notes.push(
      `Bundle over target; largest contributors (esbuild metafile, minified bytes):\n` +
        `  by package: ${byPackage
          .slice(0, 8)
          .map((c) => `${c.path} ${c.kb} KB`)
          .join(', ')}\n` +
        `  in detail:  ${detail
          .slice(0, 8)
          .map((c) => `${c.path} ${c.kb} KB`)
          .join(', ')}`,
    );
  }
});

// (b) Cold import of that bundle over a bare Node start, alternated so drift hits both alike.
await section('b. cold import', async () => {
  writeFileSync(join(work, 'cold-import.mjs'), "await import('./index.mjs');\n");
  writeFileSync(join(work, 'empty.mjs'), '\n');
  const env = baseEnv({ ANALYZE_ENGINE: 'catalog' });
  const time = (args: string[]): number => {
    const started = performance.now();
    const run = spawnSync(process.execPath, args, { cwd: work, env, stdio: ['ignore', 'ignore', 'pipe'] });
    const elapsed = performance.now() - started;
    if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status}: ${String(run.stderr)}`);
    return elapsed;
  };
  const bare: number[] = [];
  const empty: number[] = [];
  const cold: number[] = [];
  time(['-e', '0']); // page cache and the like, not counted
  time(['cold-import.mjs']);
  for (let i = 0; i < COLD_RUNS; i++) {
    bare.push(time(['-e', '0']));
    cold.push(time(['cold-import.mjs']));
    empty.push(time(['empty.mjs']));
  }
  const diff = median(cold) - median(bare);
  results.coldImport = {
    runs: COLD_RUNS,
    bareMedianMs: round(median(bare)),
    emptyEsmEntryMedianMs: round(median(empty)),
    bundleImportMedianMs: round(median(cold)),
    differenceMs: round(diff),
    differenceOverEmptyEsmEntryMs: round(median(cold) - median(empty)),
  };
  rows.push({
    figure: `b. cold import over node -e 0 (median of ${COLD_RUNS})`,
    measured: ms(diff),
    target: `<= ${TARGETS.coldImportMs} ms`,
    ok: verdict(diff <= TARGETS.coldImportMs),
  });
  rows.push({
    figure: '   node -e 0 / empty .mjs entry / bundle import: medians',
    measured: `${ms(median(bare))} / ${ms(median(empty))} / ${ms(median(cold))}`,
    target: '',
    ok: '-',
  });
});

// (c) The catalogue engine alone, and the catalogue module's load time from its own bundle.
await section('c. catalogue engine', async () => {
  const catalog = await runTsJson<{
    iterations: number;
    all: Summary;
    short: Summary;
    long: Summary;
    emptyAnswers: number;
    maxRssMb: number;
  }>('bench/catalog-scenario.ts', [], baseEnv());
  peakRss['catalog-scenario'] = catalog.maxRssMb;
  errors.catalogEmptyAnswers = catalog.emptyAnswers;

  await build({
    ...LAMBDA_ESBUILD_OPTIONS,
    // The Lambda bundle's createRequire banner is there for CommonJS dependencies and is paid once by the
    // handler's bundle (section b); the catalogue needs none of it.
    banner: {},
    entryPoints: [join(ROOT, 'functions/analyze/catalog/catalog.ts')],
    outfile: join(work, 'catalog.mjs'),
  });
  writeFileSync(
    join(work, 'catalog-load.mjs'),
    "const t0 = performance.now();\nawait import('./catalog.mjs');\nconsole.log(JSON.stringify({ ms: performance.now() - t0 }));\n",
  );
  const loads: number[] = [];
  for (let i = 0; i < LOAD_RUNS; i++) {
    const run = spawnSync(process.execPath, ['catalog-load.mjs'], { cwd: work, env: baseEnv(), encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`catalogue load exited with ${run.status}: ${run.stderr}`);
    loads.push((JSON.parse(run.stdout.trim()) as { ms: number }).ms);
  }
  const loadMs = median(loads);
  results.catalog = { ...catalog, loadMs: { runs: LOAD_RUNS, median: round(loadMs), all: loads.map((x) => round(x)) } };
  rows.push({
    figure: `c. catalogue recommend p50 / p99 (${catalog.iterations} calls)`,
    measured: `${ms(catalog.all.p50)} / ${ms(catalog.all.p99)}`,
    target: `p99 < ${TARGETS.catalogP99Ms} ms`,
    ok: verdict(catalog.all.p99 < TARGETS.catalogP99Ms),
  });
  rows.push({
    figure: '   short (32) / long 2-5k chars (8): p99',
    measured: `${ms(catalog.short.p99)} / ${ms(catalog.long.p99)}`,
    target: '',
    ok: '-',
  });
  rows.push({
    figure: `c. catalogue module load (median of ${LOAD_RUNS})`,
    measured: ms(loadMs),
    target: `< ${TARGETS.catalogLoadMs} ms`,
    ok: verdict(loadMs < TARGETS.catalogLoadMs),
  });
});

interface HandlerRun {
  iterations: number;
  handlerMs: Summary;
  shortMs?: Summary;
  longMs?: Summary;
  standInMs?: Summary;
  requestBytes?: number;
  statuses: Record<string, number>;
  errors: number;
  maxRssMb: number;
}
const handlerScenario = async (scenario: 'catalog' | 'openai' | 'cache', env: Record<string, string>): Promise<HandlerRun> => {
  const run = await runTsJson<HandlerRun>('bench/handler-scenario.ts', [scenario], baseEnv(env));
  peakRss[`handler-${scenario}`] = run.maxRssMb;
  errors[`handler-${scenario}`] = run.errors;
  return run;
};

// (d) Warm handler, catalogue engine, no cache.
await section('d. handler, catalogue', async () => {
  const run = await handlerScenario('catalog', { ANALYZE_ENGINE: 'catalog', CACHE_MAX_ENTRIES: '0' });
  results.handlerCatalog = run;
  rows.push({
    figure: `d. handler p99, catalogue, no cache (p50 ${ms(run.handlerMs.p50)})`,
    measured: ms(run.handlerMs.p99),
    target: `<= ${TARGETS.handlerCatalogP99Ms} ms`,
    ok: verdict(run.handlerMs.p99 <= TARGETS.handlerCatalogP99Ms),
  });
  rows.push({
    figure: '   short (32) / long 2-5k chars (8): p99',
    measured: `${ms(run.shortMs?.p99 ?? Number.NaN)} / ${ms(run.longMs?.p99 ?? Number.NaN)}`,
    target: '',
    ok: '-',
  });
});

// (e) Warm handler, OpenAI engine against an instant stand-in, minus the stand-in's own round trip.
await section('e. handler, OpenAI stand-in', async () => {
  const run = await handlerScenario('openai', {
    ANALYZE_ENGINE: 'openai',
    OPENAI_API_KEY: 'sk-bench',
    CACHE_MAX_ENTRIES: '0',
  });
  const standInP50 = run.standInMs?.p50 ?? Number.NaN;
  const overhead = run.handlerMs.p99 - standInP50;
  results.handlerOpenAI = { ...run, overheadP99Ms: round(overhead), overheadP50Ms: round(run.handlerMs.p50 - standInP50) };
  rows.push({
    figure: `e. handler p99 - stand-in p50, OpenAI (${ms(run.handlerMs.p99)} - ${ms(standInP50)})`,
    measured: ms(overhead),
    target: `<= ${TARGETS.handlerOpenAIOverheadMs} ms`,
    ok: verdict(overhead <= TARGETS.handlerOpenAIOverheadMs),
  });
  rows.push({
    figure: '   same at p50; p99 short / long descriptions',
    measured: `${ms(run.handlerMs.p50 - standInP50)}; ${ms((run.shortMs?.p99 ?? Number.NaN) - standInP50)} / ${ms((run.longMs?.p99 ?? Number.NaN) - standInP50)}`,
    target: '',
    ok: '-',
  });
});

// (f) Warm handler, cache hits.
await section('f. handler, cache hits', async () => {
  const run = await handlerScenario('cache', { ANALYZE_ENGINE: 'catalog' });
  results.handlerCacheHit = run;
  rows.push({
    figure: 'f. handler cache hit p50 / p99',
    measured: `${ms(run.handlerMs.p50)} / ${ms(run.handlerMs.p99)}`,
    target: 'reported',
    ok: '-',
  });
});

// (g) Local server against a bare node:http server sending the same bytes, one after the other.
const cannon = async (url: string, body: string, seconds: number): Promise<Result> =>
  autocannon({
    url: `${url}/api/analyze`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
  });
const cannonErrors = (r: Result) => r.errors + r.timeouts + r.non2xx + r.resets;
const cannonSummary = (r: Result) => ({
  requestsPerSecond: round(r.requests.average, 1),
  total: r.requests.total,
  latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
  errors: r.errors,
  timeouts: r.timeouts,
  non2xx: r.non2xx,
  resets: r.resets,
  statusCodeStats: r.statusCodeStats,
});

await section('g. local server throughput', async () => {
  const body = JSON.stringify({
    description: 'A marketplace where dog walkers get paid weekly and owners follow the walk on a map',
  });
  const local = await startServerChild('local', baseEnv({ ANALYZE_ENGINE: 'catalog' }));
  let captured: CapturedAnswer;
  let localRun: Result;
  let localErrors = 0;
  try {
    const res = await fetch(`${local.url}/api/analyze`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const hopByHop = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (!hopByHop.has(name)) headers[name] = value;
    });
    captured = { status: res.status, headers, body: await res.text() };
    if (res.status !== 200) throw new Error(`The local server answered ${res.status}: ${captured.body}`);
    localErrors += cannonErrors(await cannon(local.url, body, THROUGHPUT_WARMUP_SECONDS));
    localRun = await cannon(local.url, body, THROUGHPUT_SECONDS);
    localErrors += cannonErrors(localRun);
  } finally {
    peakRss['server-local'] = (await local.stop()).maxRssMb;
  }

  const bare = await startServerChild('bare', baseEnv({ BENCH_BARE_ANSWER: JSON.stringify(captured) }));
  let bareRun: Result;
  let bareErrors = 0;
  try {
    bareErrors += cannonErrors(await cannon(bare.url, body, THROUGHPUT_WARMUP_SECONDS));
    bareRun = await cannon(bare.url, body, THROUGHPUT_SECONDS);
    bareErrors += cannonErrors(bareRun);
  } finally {
    peakRss['server-bare'] = (await bare.stop()).maxRssMb;
  }
  errors['throughput-local'] = localErrors;
  errors['throughput-bare'] = bareErrors;
  const ratio = localRun.requests.average / bareRun.requests.average;
  results.throughput = {
    connections: CONNECTIONS,
    seconds: THROUGHPUT_SECONDS,
    answerBytes: Buffer.byteLength(captured.body),
    local: cannonSummary(localRun),
    bare: cannonSummary(bareRun),
    ratio: round(ratio),
  };
  rows.push({
    figure: `g. throughput req/s, local / bare (${CONNECTIONS} conns, ${THROUGHPUT_SECONDS} s)`,
    measured: `${Math.round(localRun.requests.average)} / ${Math.round(bareRun.requests.average)} = ${round(ratio, 2)}`,
    target: `ratio >= ${TARGETS.throughputRatio}`,
    ok: verdict(ratio >= TARGETS.throughputRatio),
  });
});

// The model's request and answer sizes.
await section('tokens', async () => {
  const tokens = await runTsJson<{
    promptTokens: { system: number; user: number; schema: number; total: number };
    completion: { categories: number; providers: number; tokens: number; chars: number; spelledOutTokens: number };
  }>('bench/tokens.ts', [], baseEnv());
  results.tokens = tokens;
  const p = tokens.promptTokens;
  rows.push({
    figure: 'OpenAI prompt + schema (typical description)',
    measured: `~${p.total} tokens (system ${p.system}, user ${p.user}, schema ${p.schema})`,
    target: 'reported',
    ok: '-',
  });
  rows.push({
    figure: `OpenAI completion, ${tokens.completion.categories} categories x ${tokens.completion.providers} providers`,
    measured: `~${tokens.completion.tokens} tokens grounded (~${tokens.completion.spelledOutTokens} if every fact is spelled out)`,
    target: 'reported',
    ok: '-',
  });
});

// (h) Peak RSS, (i) errors.
peakRss['bench/run.ts'] = maxRssMb();
const rssEntries = Object.entries(peakRss).filter((e): e is [string, number] => typeof e[1] === 'number');
const peak = rssEntries.reduce<[string, number]>((best, e) => (e[1] > best[1] ? e : best), ['none', 0]);
results.peakRssMb = peakRss;
rows.push({ figure: 'h. peak RSS (largest process)', measured: `${peak[1]} MB (${peak[0]})`, target: 'reported', ok: '-' });
notes.push(`Peak RSS by process: ${rssEntries.map(([name, mb]) => `${name} ${mb} MB`).join(', ')}.`);
const errorTotal = Object.values(errors).reduce((s, n) => s + n, 0);
results.errors = { total: errorTotal, bySource: errors };
rows.push({
  figure: 'i. errors (non-2xx, socket errors, timeouts)',
  measured: String(errorTotal),
  target: '0',
  ok: crashed ? 'CRASH' : verdict(errorTotal === 0),
});

results.finishedAt = new Date().toISOString();
const loadAfter = loadavg()[0] ?? 0;
results.loadAverage = { before: round(loadBefore, 2), after: round(loadAfter, 2) };
results.rows = rows;
results.notes = notes;
writeFileSync(join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
rmSync(work, { recursive: true, force: true });

const header: Row = { figure: 'figure', measured: 'measured', target: 'target', ok: 'ok' as Verdict };
const widths = {
  figure: Math.max(...[header, ...rows].map((r) => r.figure.length)),
  measured: Math.max(...[header, ...rows].map((r) => r.measured.length)),
  target: Math.max(...[header, ...rows].map((r) => r.target.length)),
};
const line = (r: Row) =>
  `${r.figure.padEnd(widths.figure)} | ${r.measured.padEnd(widths.measured)} | ${r.target.padEnd(widths.target)} | ${r.ok}`;
console.log(line(header));
console.log(`${'-'.repeat(widths.figure)}-|-${'-'.repeat(widths.measured)}-|-${'-'.repeat(widths.target)}-|-------`);
for (const row of rows) console.log(line(row));
for (const note of notes) console.log(`\n${note}`);
console.log(
  `\nMachine: ${cpus().length} CPUs, 1-min load average ${round(loadBefore, 2)} before / ${round(loadAfter, 2)} after` +
    (loadBefore > cpus().length / 2 ? ' (the machine was not idle before the bench: timings may be noisy)' : ''),
);
const missed = rows.filter((r) => r.ok === 'MISSED').length;
console.log(
  `\n${missed === 0 ? 'All targets met.' : `MISSED: ${missed} target(s).`}${crashed ? ' CRASH: see above.' : ''} Details: bench/results.json`,
);
process.exitCode = crashed ? 1 : 0;
