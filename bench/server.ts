/**
 * The local server in its own process for bench/load.ts. Prints JSON lines on stdout:
 * {"port": n} once listening, {"rss": bytes} every BENCH_RSS_INTERVAL_MS when set, {"settled": …} on
 * SIGUSR2 (RSS, then a full GC when run with --expose-gc, and the live heap), and {"maxRssMb": n} when
 * told to stop (SIGTERM).
 *
 *   node --import tsx bench/server.ts local   the local adapter over the middy handler (engine from env)
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalServer, type ProxyHandler } from '../bin/local-server.js';
import { maxRssMb } from './lib.js';

const kind = process.argv[2];
let server: Server;
if (kind === 'local') {
  const { handler } = await import('../functions/analyze/handler.js');
  server = createLocalServer({ handler: handler as unknown as ProxyHandler });
} else {
  throw new Error(`Unknown server kind ${kind}`);
}

const say = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

server.listen(0, '127.0.0.1', () => say({ port: (server.address() as AddressInfo).port }));

const interval = Number(process.env.BENCH_RSS_INTERVAL_MS ?? 0);
if (interval > 0) setInterval(() => say({ rss: process.memoryUsage.rss() }), interval).unref();

/** On SIGUSR2: RSS as it is, then a full collection (when Node runs with --expose-gc) and what is live after it. */
process.on('SIGUSR2', () => {
  const rssBefore = process.memoryUsage.rss();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const after = process.memoryUsage();
  say({
    settled: { rssBefore, rssAfter: after.rss, heapUsed: after.heapUsed, heapTotal: after.heapTotal, gc: gc !== undefined },
  });
});

process.once('SIGTERM', () => {
  say({ maxRssMb: maxRssMb() });
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
