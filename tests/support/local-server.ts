import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalServer, type LocalServerOptions, type ProxyHandler } from '../../bin/local-server.js';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the local adapter on a free port of 127.0.0.1; close() stops it and its connections. */
export const startLocalServer = async (options: Partial<LocalServerOptions> = {}): Promise<RunningServer> => {
  const handler = options.handler ?? ((await import('../../functions/analyze/handler.js')).handler as unknown as ProxyHandler);
  const server: Server = createLocalServer({ ...options, handler });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
