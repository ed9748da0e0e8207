/**
 * `npm start`: serves POST /api/analyze (and the search page) on HOST:PORT through the same middy handler
 * Lambda runs, until SIGTERM or SIGINT.
 */
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../functions/analyze/config.js';
import { buildWebAssets } from '../web/build.js';
import { createLocalServer, type ProxyHandler } from './local-server.js';

// Metrics are for CloudWatch; a local run would only print them. POWERTOOLS_METRICS_DISABLED=false shows them.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
const { handler } = await import('../functions/analyze/handler.js');

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const SHUTDOWN_GRACE_MS = 10_000;
/** The Lambda timeout to emulate; the API Gateway limit by default. */
const timeoutMs = Number(process.env.LOCAL_TIMEOUT_MS ?? 29_000);

const server = createLocalServer({
  handler: handler as unknown as ProxyHandler,
  timeoutMs,
  assets: await buildWebAssets(),
  corsOrigins: loadConfig().corsOrigins,
});

server.listen(port, host, () => {
  const { address, port: bound } = server.address() as AddressInfo;
  const shown = address.includes(':') ? `[${address}]` : address;
  console.log(`Stack Analyzer listening on http://${shown}:${bound} (POST /api/analyze)`);
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
