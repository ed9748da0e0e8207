/**
 * `npm start`: serves POST /api/analyze (and the search page) on HOST:PORT through the function Lambda
 * runs, built the way it is deployed (bin/build-function.ts: split ESM, the catalogue as data), until
 * SIGTERM or SIGINT. A setting it cannot use, or an address it cannot listen on, is one clear line on
 * stderr and exit code 1: never a stack trace.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Config, loadConfig } from '../functions/analyze/config.js';
import { buildWebAssets } from '../web/build.js';
import { buildFunction } from './build-function.js';
import { createLocalServer, type ProxyHandler } from './local-server.js';

const SHUTDOWN_GRACE_MS = 10_000;
/** This process's own build: several `npm start`s may run at once (tests start two). */
const FUNCTION_DIR = mkdtempSync(join(tmpdir(), 'stack-analyzer-function-'));
process.once('exit', () => rmSync(FUNCTION_DIR, { recursive: true, force: true }));

/** Stops with one line a person can act on. */
const fail = (message: string): never => {
  console.error(`npm start: ${message}`);
  process.exit(1);
};

const setting = (name: string, fallback: string): string => {
  const value = process.env[name]?.trim();
  return value === undefined || value === '' ? fallback : value;
};

const port = Number(setting('PORT', '3000'));
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  fail(`PORT must be a port number from 0 to 65535 (got "${process.env.PORT}").`);
const host = setting('HOST', '127.0.0.1');
/** The Lambda timeout to emulate; the API Gateway limit by default. */
const timeoutMs = Number(setting('LOCAL_TIMEOUT_MS', '29000'));
if (!Number.isInteger(timeoutMs) || timeoutMs < 1_000)
  fail(`LOCAL_TIMEOUT_MS must be a whole number of milliseconds, at least 1000 (got "${process.env.LOCAL_TIMEOUT_MS}").`);

const readConfig = (): Config => {
  try {
    return loadConfig();
  } catch (err: unknown) {
    return fail(err instanceof Error ? err.message : 'the configuration could not be read.');
  }
};
const config = readConfig();

// Metrics are for CloudWatch; a local run would only print them. POWERTOOLS_METRICS_DISABLED=false shows them.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
await buildFunction(FUNCTION_DIR);
const loadHandler = async (): Promise<ProxyHandler> => {
  try {
    return ((await import(pathToFileURL(join(FUNCTION_DIR, 'index.mjs')).href)) as { handler: ProxyHandler }).handler;
  } catch (err: unknown) {
    return fail(`the function could not start: ${err instanceof Error ? err.message : String(err)}`);
  }
};
const handler = await loadHandler();

const server = createLocalServer({ handler, timeoutMs, assets: await buildWebAssets(), corsOrigins: config.corsOrigins });

server.once('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EADDRINUSE') fail(`port ${port} on ${host} is already in use: stop what holds it or set PORT.`);
  if (err.code === 'EACCES') fail(`not allowed to listen on ${host}:${port}: choose a PORT above 1023.`);
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN')
    fail(`cannot listen on HOST "${host}": it is not an address of this machine.`);
  fail(`cannot listen on ${host}:${port} (${err.code ?? err.message}).`);
});

server.listen(port, host, () => {
  const { address, port: bound } = server.address() as AddressInfo;
  const shown = address.includes(':') ? `[${address}]` : address;
  const engine = config.engine === 'openai' ? `OpenAI (${config.openai.model})` : 'the embedded catalogue';
  console.log(
    `Stack Analyzer listening on http://${shown}:${bound} (the page, POST /api/analyze, POST /mcp, GET /api/openapi.json), answered by ${engine}`,
  );
});

const shutdown = (signal: string) => {
  console.log(`${signal} received: finishing open requests, then exiting.`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, SHUTDOWN_GRACE_MS).unref();
};
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
