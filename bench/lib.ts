/**
 * What the bench and the load test share: statistics, child processes that answer in JSON, and small
 * HTTP helpers.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Summary {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of an ascending array. */
export const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
};

export const median = (samples: readonly number[]): number =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );

export const summarize = (samples: readonly number[]): Summary => {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean,
  };
};

export const round = (x: number, digits = 3): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** Peak resident set of this process so far, in MB (resourceUsage reports kilobytes). */
export const maxRssMb = (): number => round(process.resourceUsage().maxRSS / 1024, 1);

/** Environment every child starts from: quiet logs, no OpenAI settings leaking in from the shell. */
export const baseEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, POWERTOOLS_LOG_LEVEL: 'SILENT', ...extra };
  for (const name of ['OPENAI_API_KEY', 'OPENAI_SECRET_ID', 'OPENAI_BASE_URL', 'CACHE_MAX_ENTRIES', 'CACHE_TTL_SECONDS']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
};

/** infra/analyze-function.ts memorySize. */
export const LAMBDA_MEMORY_MB = 512;
/**
 * The V8 heap limits Lambda's Node bootstrap sets for a function of that memory: new space a tenth of
 * memory (each of its two semi-spaces half of that), old space the rest. A scenario timed "as deployed"
 * runs with them: the young generation's size decides how often a minor GC interrupts a request.
 */
export const LAMBDA_HEAP_FLAGS = [
  `--max-semi-space-size=${Math.floor(LAMBDA_MEMORY_MB / 10 / 2)}`,
  `--max-old-space-size=${LAMBDA_MEMORY_MB - Math.floor(LAMBDA_MEMORY_MB / 10)}`,
];

/**
 * Runs a TypeScript file in a fresh Node (tsx as a loader, so the process is the script itself) and
 * parses the last line it prints as JSON. A non-zero exit or unparsable output is an error.
 */
export const runTsJson = async <T>(
  file: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
  nodeFlags: readonly string[] = [],
): Promise<T> => {
  const { code, stdout, stderr } = await runProcess(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', file, ...args],
    env,
    timeoutMs,
  );
  if (code !== 0) throw new Error(`${file} ${args.join(' ')} exited with ${code}:\n${stderr.slice(-4_000)}`);
  const last = stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(last) as T;
  } catch {
    throw new Error(`${file} printed no JSON result:\n${stdout.slice(-2_000)}\n${stderr.slice(-2_000)}`);
  }
};

export const runProcess = (
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} took over ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface Settled {
  rssBefore: number;
  rssAfter: number;
  heapUsed: number;
  heapTotal: number;
  gc: boolean;
}

export interface ServerChild {
  url: string;
  pid: number;
  /** RSS now, then a full GC (when the server runs with --expose-gc) and the live heap after it. */
  settle(): Promise<Settled>;
  /** RSS samples (bytes) the server has reported so far, with the time they arrived. */
  rss: Array<{ at: number; bytes: number }>;
  /** Set once the process has exited, with its code or signal. */
  exit: () => { code: number | null; signal: NodeJS.Signals | null } | undefined;
  stderr: () => string;
  /** SIGTERM, then the peak RSS the server reports on its way out. */
  stop(): Promise<{ maxRssMb: number | undefined; code: number | null }>;
}

/** Starts bench/server.ts in its own Node and resolves once it listens. */
export const startServerChild = (
  kind: 'local',
  env: NodeJS.ProcessEnv,
  { nodeArgs = [], timeoutMs = 30_000 }: { nodeArgs?: readonly string[]; timeoutMs?: number } = {},
): Promise<ServerChild> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/server.ts', kind], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const rss: ServerChild['rss'] = [];
    let maxRss: number | undefined;
    let stderr = '';
    let pending = '';
    let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    const settledWaiters: Array<(settled: Settled) => void> = [];
    const closed = new Promise<void>((r) => child.once('close', () => r()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bench/server.ts ${kind} did not listen within ${timeoutMs} ms:\n${stderr}`));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        const message = JSON.parse(line) as { port?: number; rss?: number; maxRssMb?: number; settled?: Settled };
        if (message.rss !== undefined) rss.push({ at: Date.now(), bytes: message.rss });
        if (message.settled !== undefined) settledWaiters.shift()?.(message.settled);
        if (message.maxRssMb !== undefined) maxRss = message.maxRssMb;
        if (message.port !== undefined) {
          clearTimeout(timer);
          resolve({
            url: `http://127.0.0.1:${message.port}`,
            pid: child.pid as number,
            settle: () =>
              new Promise<Settled>((settled, failed) => {
                const timer = setTimeout(() => failed(new Error('The server did not report its memory within 10 s.')), 10_000);
                settledWaiters.push((value) => {
                  clearTimeout(timer);
                  settled(value);
                });
                child.kill('SIGUSR2');
              }),
            rss,
            exit: () => exited,
            stderr: () => stderr,
            stop: async () => {
              if (!exited) child.kill('SIGTERM');
              await closed;
              return { maxRssMb: maxRss, code: exited?.code ?? null };
            },
          });
        }
      }
    });
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      clearTimeout(timer);
      reject(new Error(`bench/server.ts ${kind} exited with ${code ?? signal}:\n${stderr}`));
    });
  });
