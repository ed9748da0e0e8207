/**
 * The command line: `stack-analyzer "a description"` (or `npm run cli -- "a description"`) prints the
 * stack for a person; `--json` prints the API's JSON; `--url` asks a deployed API instead of the
 * embedded catalogue; `stack-analyzer mcp` serves the MCP tool over stdio for local agents.
 *
 * Exit codes: 0 an answer; 2 a usage error or a request the API refuses (4xx); 1 the service failed
 * (5xx, or unreachable). Errors are one line on stderr, in the API's words.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { analyze } from '../functions/analyze/analyze.js';
import { checkAnalyzeRequest } from '../functions/analyze/check-request.js';
import type { AnalyzeRequest, AnalyzeResponse, Problem } from '../functions/analyze/contract.js';
import { createCatalogEngine } from '../functions/analyze/engines/catalog/catalog-engine.js';
import { toHttpProblem } from '../functions/analyze/errors.js';
import { ANALYZE_PATH, MAX_PROVIDERS_PER_CATEGORY } from '../functions/analyze/limits.js';
import type { Log } from '../functions/analyze/logger.js';
import { createStackServer, type Recommend, SERVER_INFO } from '../functions/analyze/mcp/stack-server.js';
import { PLAIN, stackAsText, type TextStyle } from '../functions/analyze/stack-text.js';

const USAGE = `Usage:
  stack-analyzer [options] "<project description>"   the stack for a project (or the description on stdin)
  stack-analyzer mcp [--url <url>]                   the recommend_stack tool over stdio, for local agents

Options:
  --json             print the API's JSON answer instead of text
  --url <url>        ask a deployed Stack Analyzer (its site, or its /api/analyze) instead of the embedded catalogue
  --providers <n>    providers per category, 1 to ${MAX_PROVIDERS_PER_CATEGORY} (default 3)
  -h, --help         this help
  -v, --version      the version`;

/** A failure the command reports as one line, with the exit code it earns. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

/** An answer the API refused or failed with, carried as its problem. */
class ProblemAnswer extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

const quiet: Log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** The embedded catalogue engine, through the same use case the API runs. */
const embedded = (): Recommend => {
  const engine = createCatalogEngine();
  return async (request, signal) => (await analyze(request, { engine, logger: quiet }, { signal })).response;
};

/** A deployed API: the site's origin or the endpoint itself. */
const remote = (url: string): Recommend => {
  let endpoint: URL;
  try {
    endpoint = new URL(url);
  } catch {
    throw new CliError(`--url must be an http(s) URL (got "${url}").`, 2);
  }
  if (!/^https?:$/.test(endpoint.protocol)) throw new CliError(`--url must be an http(s) URL (got "${url}").`, 2);
  if (!endpoint.pathname.endsWith(ANALYZE_PATH)) endpoint = new URL(ANALYZE_PATH, endpoint);
  return async (request, signal) => {
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': `stack-analyzer-cli/${SERVER_INFO.version}`,
        },
        body: JSON.stringify(request),
        signal,
      });
    } catch (err: unknown) {
      throw new CliError(
        `could not reach ${endpoint.href}: ${err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : err}`,
        1,
      );
    }
    const body = (await res.json().catch(() => undefined)) as (AnalyzeResponse & Problem) | undefined;
    if (res.ok && body?.categories) return body;
    if (body?.code && body.detail) throw new ProblemAnswer(body);
    throw new CliError(`${endpoint.href} answered ${res.status} without a usable body.`, 1);
  };
};

/** The problem a failure amounts to, as the API would answer it (or would, had it been reached). */
const problemOf = (err: unknown): Problem => {
  if (err instanceof ProblemAnswer) return err.problem;
  const { problem } = toHttpProblem(err, 'cli');
  return err instanceof CliError ? { ...problem, detail: err.message } : problem;
};

const ansi = (code: number) => (text: string) => `\u001b[${code}m${text}\u001b[0m`;
const COLOUR: TextStyle = { heading: ansi(1), dim: ansi(2) };

const parse = (argv: string[]) => {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        url: { type: 'string' },
        providers: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    });
  } catch (err: unknown) {
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`, 2);
  }
};

const providersOption = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  // Passed as a number so the request check answers with the API's own words.
  return /^-?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
};

const readStdin = (): string => {
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return '';
  }
};

export const run = async (argv: string[], out: NodeJS.WriteStream = process.stdout): Promise<void> => {
  const { values, positionals } = parse(argv);
  if (values.help) {
    out.write(`${USAGE}\n`);
    return;
  }
  if (values.version) {
    out.write(`${SERVER_INFO.version}\n`);
    return;
  }
  const recommend = values.url === undefined ? embedded() : remote(values.url);

  if (positionals[0] === 'mcp' && positionals.length === 1) {
    const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
    serveStdio(() => createStackServer(recommend, problemOf));
    return;
  }

  const description = positionals.length > 0 ? positionals.join(' ') : process.stdin.isTTY ? '' : readStdin();
  if (description.trim() === '') throw new CliError(`no description given.\n${USAGE}`, 2);
  const checked = checkAnalyzeRequest({ description, providersPerCategory: providersOption(values.providers) });
  if (!checked.ok) throw new CliError(checked.detail, 2);

  let answer: AnalyzeResponse;
  try {
    answer = await recommend(checked.request as AnalyzeRequest, AbortSignal.timeout(60_000));
  } catch (err: unknown) {
    if (err instanceof CliError) throw err;
    const problem = problemOf(err);
    throw new CliError(`${problem.detail} (${problem.code})`, problem.status < 500 ? 2 : 1);
  }
  if (values.json) {
    out.write(`${JSON.stringify(answer, null, 2)}\n`);
    return;
  }
  // Colour for a person at a terminal only; never in a pipe or a file, nor when NO_COLOR is set.
  const style = out.isTTY && !process.env.NO_COLOR ? COLOUR : PLAIN;
  out.write(`${stackAsText(answer, { style, details: true })}\n`);
};

/** Runs the command and sets the exit code; every failure is one line on stderr. */
export const main = async (argv: string[] = process.argv.slice(2)): Promise<void> => {
  try {
    await run(argv);
  } catch (err: unknown) {
    const message =
      err instanceof CliError ? err.message : `unexpected failure: ${err instanceof Error ? err.message : String(err)}`;
    process.stderr.write(`stack-analyzer: ${message}\n`);
    process.exitCode = err instanceof CliError ? err.exitCode : 1;
  }
};
