/**
 * `npm run bench`: the service's performance figures against their targets. Each figure that depends
 * on the handler's settings runs in its own Node; the table goes to stdout and everything measured to
 * bench/results.json. Exits 0 when targets are missed (they print MISSED), 1 when something crashed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { build } from 'esbuild';
import { buildFunction, FUNCTION_BUILD_OPTIONS } from '../bin/build-function.js';
import { baseEnv, LAMBDA_HEAP_FLAGS, maxRssMb, median, ROOT, round, runTsJson, type Summary, startServerChild } from './lib.js';

const TARGETS = {
  initJsKb: 400,
  catalogContainerMs: 40,
  modelContainerMs: 100,
  catalogP99Ms: 1,
  catalogLoadMs: 10,
  handlerCatalogP99Ms: 2,
  handlerOpenAIOverheadMs: 3,
} as const;
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 21);
const LOAD_RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 9);
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
const functionDir = join(work, 'function');

/** The files a module loads as it starts: its static imports, transitively (dynamic imports wait). */
const staticClosure = (entry: string): string[] => {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:^|[;}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.[^"']+)["']/g))
      walk(join(dirname(file), m[1] as string));
  };
  walk(entry);
  return [...seen];
};

// (a) The function, built as the stack deploys it (bin/build-function.ts): what a container evaluates at init.
await section('a. build', async () => {
  const { metafile } = await buildFunction(functionDir, join(work, 'sourcemaps'));
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.mjs'));
  const totalKb = outputs.reduce((sum, [, o]) => sum + o.bytes, 0) / 1024;
  const initFiles = staticClosure(join(functionDir, 'index.mjs'));
  const initKb = initFiles.reduce((sum, f) => sum + statSync(f).size, 0) / 1024;
  const catalogueKb = statSync(join(functionDir, 'compiled/catalog.bin')).size / 1024;
  const largest = outputs
    .sort((x, y) => y[1].bytes - x[1].bytes)
    .slice(0, 5)
    .map(([file, o]) => `${file.split('/').slice(-2).join('/')} ${round(o.bytes / 1024, 1)} KB`);
  results.build = {
    totalJsKb: round(totalKb, 1),
    initJsKb: round(initKb, 1),
    initFiles: initFiles.length,
    chunks: outputs.length,
    catalogueKb: round(catalogueKb, 1),
    largest,
  };
  rows.push({
    figure: `a. JS a catalogue container evaluates at init (${initFiles.length} of ${outputs.length} files)`,
    measured: `${round(initKb, 1)} KB`,
    target: `<= ${TARGETS.initJsKb} KB`,
    ok: verdict(initKb <= TARGETS.initJsKb),
  });
  rows.push({
    figure: '   all JS / the catalogue file (data, read at init)',
    measured: `${round(totalKb, 1)} KB / ${round(catalogueKb, 1)} KB`,
    target: '',
    ok: '-',
  });
  notes.push(`Largest files of the build: ${largest.join(', ')}.`);
});

// (b) Cold start of each kind of container over a bare Node start, alternated so drift hits all alike,
// with the function's own environment (as the stack sets it: no source-map flag).
await section('b. cold start', async () => {
  writeFileSync(join(functionDir, 'cold-start.mjs'), "await import('./index.mjs');\n");
  const containers = {
    catalog: baseEnv({ ANALYZE_ENGINE: 'catalog', POWERTOOLS_SERVICE_NAME: 'stack-analyzer' }),
    model: baseEnv({
      ANALYZE_ENGINE: 'openai',
      OPENAI_SECRET_ID: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:stack-analyzer-openai-AbCdEf',
      OPENAI_MODEL: 'gpt-4.1-mini',
      STATE_TABLE_NAME: 'stack-analyzer-state',
      MODEL_DAILY_TOKEN_BUDGET: '3000000',
      AWS_REGION: 'eu-west-1',
      POWERTOOLS_SERVICE_NAME: 'stack-analyzer',
    }),
  };
  const time = (args: string[], env: NodeJS.ProcessEnv): number => {
    const started = performance.now();
    const run = spawnSync(process.execPath, [...LAMBDA_HEAP_FLAGS, ...args], {
      cwd: functionDir,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const elapsed = performance.now() - started;
    if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status}: ${String(run.stderr)}`);
    return elapsed;
  };
  const bare: number[] = [];
  const catalog: number[] = [];
  const model: number[] = [];
  // Page cache and the like, not counted.
  time(['-e', '0'], baseEnv());
  time(['cold-start.mjs'], containers.catalog);
  time(['cold-start.mjs'], containers.model);
  for (let i = 0; i < COLD_RUNS; i++) {
    bare.push(time(['-e', '0'], baseEnv()));
    catalog.push(time(['cold-start.mjs'], containers.catalog));
    model.push(time(['cold-start.mjs'], containers.model));
  }
  const catalogMs = median(catalog) - median(bare);
  const modelMs = median(model) - median(bare);
  results.coldStart = {
    runs: COLD_RUNS,
    bareMedianMs: round(median(bare)),
    catalogContainerMedianMs: round(median(catalog)),
    modelContainerMedianMs: round(median(model)),
    catalogOverBareMs: round(catalogMs),
    modelOverBareMs: round(modelMs),
  };
  rows.push({
    figure: `b. catalogue container cold start over node -e 0 (median of ${COLD_RUNS})`,
    measured: ms(catalogMs),
    target: `<= ${TARGETS.catalogContainerMs} ms`,
    ok: verdict(catalogMs <= TARGETS.catalogContainerMs),
  });
  rows.push({
    figure: '   model container (openai engine, secret configured) over node -e 0',
    measured: ms(modelMs),
    target: `<= ${TARGETS.modelContainerMs} ms`,
    ok: verdict(modelMs <= TARGETS.modelContainerMs),
  });
  rows.push({
    figure: '   node -e 0 / catalogue / model container: medians',
    measured: `${ms(median(bare))} / ${ms(median(catalog))} / ${ms(median(model))}`,
    target: '',
    ok: '-',
  });
});

// (c) The catalogue engine alone, and the catalogue module's load time from its own bundle.
await section('c. catalogue engine', async () => {
  // The engine alone, built as the function is, beside the function's compiled/ folder.
  await build({
    ...FUNCTION_BUILD_OPTIONS,
    splitting: false,
    entryPoints: { 'catalog-engine': join(ROOT, 'functions/analyze/engines/catalog/catalog-engine.ts') },
    outdir: functionDir,
  });
  const catalog = await runTsJson<{
    iterations: number;
    all: Summary;
    short: Summary;
    long: Summary;
    emptyAnswers: number;
    maxRssMb: number;
  }>(
    'bench/catalog-scenario.ts',
    [],
    baseEnv({ BENCH_CATALOG_ENGINE: join(functionDir, 'catalog-engine.mjs') }),
    undefined,
    LAMBDA_HEAP_FLAGS,
  );
  peakRss['catalog-scenario'] = catalog.maxRssMb;
  errors.catalogEmptyAnswers = catalog.emptyAnswers;

  await build({
    ...FUNCTION_BUILD_OPTIONS,
    splitting: false,
    entryPoints: { 'catalog-alone': join(ROOT, 'functions/analyze/catalog/catalog.ts') },
    outdir: functionDir,
  });
  writeFileSync(
    join(functionDir, 'catalog-load.mjs'),
    "const t0 = performance.now();\nawait import('./catalog-alone.mjs');\nconsole.log(JSON.stringify({ ms: performance.now() - t0 }));\n",
  );
  const loads: number[] = [];
  for (let i = 0; i < LOAD_RUNS; i++) {
    const run = spawnSync(process.execPath, [...LAMBDA_HEAP_FLAGS, 'catalog-load.mjs'], {
      cwd: functionDir,
      env: baseEnv(),
      encoding: 'utf8',
    });
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
  const run = await runTsJson<HandlerRun>(
    'bench/handler-scenario.ts',
    [scenario],
    baseEnv({ ...env, BENCH_FUNCTION: join(functionDir, 'index.mjs') }),
    undefined,
    LAMBDA_HEAP_FLAGS,
  );
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

// (f) A shared-cache hit: an answer another container stored, read from the state table.
await section('f. shared-cache hit', async () => {
  const run = await runTsJson<{ iterations: number; ms: Summary; notShared: number; computed: number; maxRssMb: number }>(
    'bench/shared-hit-scenario.ts',
    [],
    baseEnv(),
  );
  peakRss['shared-hit'] = run.maxRssMb;
  errors['shared-hit'] = run.notShared + (run.computed === 2 ? 0 : run.computed);
  results.sharedCacheHit = run;
  rows.push({
    figure: 'f. shared-cache hit (state table: dynalite on 127.0.0.1) p50 / p99',
    measured: `${ms(run.ms.p50)} / ${ms(run.ms.p99)}`,
    target: 'reported',
    ok: '-',
  });
});

// (g) A cache hit through npm start: CPU per request, and where it goes (a CPU profile of the server).
const CPU_SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? 8);
const TICKS_PER_SECOND = 100;
/** User + system CPU of a process so far, in microseconds (Linux /proc, clock ticks of 10 ms). */
const cpuMicros = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
};

/**
 * Where a profile's self time went, by the part of the stack it belongs to. The profile is taken of
 * the same handler and adapter run from their sources (bench/server.ts), where every frame names its
 * module; in the build npm start serves, they share a few minified chunks.
 */
const PARTS: ReadonlyArray<[string, RegExp]> = [
  ['garbage collection', /^\(garbage collector\)$/],
  ['idle', /^\(idle\)|^\(program\)$/],
  ['local adapter (bin/local-server)', /bin\/local-server/],
  ['middy middlewares', /node_modules\/@middy\//],
  ['Powertools logger and metrics', /node_modules\/@aws-lambda-powertools\//],
  ['the function (handler, use case, cache, shaping)', /functions\/analyze\//],
  [
    'Node HTTP, sockets and streams',
    /node:(_http|http|net|stream|internal\/(streams|http|net))|_http_|internal\/(streams|http|net)/,
  ],
];

const CACHE_HIT_BODY = JSON.stringify({
  description: 'A marketplace where dog walkers get paid weekly and owners follow the walk on a map',
});

/** Cache hits from CONNECTIONS connections for `seconds`, after one request that fills the cache. */
const cacheHits = async (url: string, seconds: number): Promise<Result> => {
  const first = await fetch(`${url}/api/analyze`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: CACHE_HIT_BODY,
  });
  await first.text();
  return autocannon({
    url: `${url}/api/analyze`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: CACHE_HIT_BODY,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
  });
};

await section('g. cache hit through npm start', async () => {
  const server = spawn(process.execPath, ['--import', 'tsx', 'bin/serve.ts'], {
    cwd: ROOT,
    env: baseEnv({ ANALYZE_ENGINE: 'catalog', PORT: '0', HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${out}`)), 60_000);
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const found = /listening on (http:\/\/\S+)/.exec(out);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      };
      server.stdout.on('data', onData);
      server.stderr.on('data', onData);
    });
    await cacheHits(url, 2);
    const before = cpuMicros(server.pid as number);
    const run = await cacheHits(url, CPU_SECONDS);
    const cpu = cpuMicros(server.pid as number) - before;
    const requests = run.requests.total;
    errors['cache-hit-npm-start'] = run.errors + run.timeouts + run.non2xx;
    const perRequest = cpu / Math.max(1, requests);
    results.cacheHitCpu = {
      requests,
      cpuMicros: round(cpu),
      microsPerRequest: round(perRequest, 1),
      rps: round(run.requests.average),
    };
    rows.push({
      figure: `g. CPU per cache hit through npm start (${requests} requests, ${CONNECTIONS} connections)`,
      measured: `${round(perRequest, 1)} µs`,
      target: 'reported',
      ok: '-',
    });
  } finally {
    server.kill('SIGTERM');
    await closed;
  }

  // Where it goes: a CPU profile of the same work, from the sources.
  const profileDir = join(work, 'profile');
  const profiled = await startServerChild('local', baseEnv({ ANALYZE_ENGINE: 'catalog' }), {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  try {
    await cacheHits(profiled.url, 2);
    await cacheHits(profiled.url, CPU_SECONDS);
  } finally {
    await profiled.stop();
  }
  const [file] = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
  if (!file) return;
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  /**
   * A frame's part, or that of the nearest caller that has one: JSON.stringify's time is its caller's,
   * and so is a Node internal's that our code called. What no part calls is Node's own machinery.
   */
  const partOf = (id: number): string => {
    let inNode = false;
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      const part = PARTS.find(([, pattern]) => pattern.test(frame?.functionName ?? '') || pattern.test(frame?.url ?? ''))?.[0];
      if (part) return part;
      inNode ||= frame?.url.startsWith('node:') === true;
    }
    return inNode ? 'Node event loop, timers and other internals' : 'other';
  };
  const spent = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const key = partOf(id);
    spent.set(key, (spent.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  spent.delete('idle');
  const total = [...spent.values()].reduce((a, b) => a + b, 0);
  const shares = [...spent.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([part, micros]) => `${part} ${Math.round((100 * micros) / total)}%`);
  (results.cacheHitCpu as Record<string, unknown>).whereItGoes = shares;
  notes.push(
    `Where a cache hit's CPU goes (a profile of the same handler and adapter from source, busy samples): ${shares.join(', ')}.`,
  );
});

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
