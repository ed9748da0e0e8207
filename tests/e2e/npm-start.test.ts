import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { npmStart } from '../support/npm-start.js';

interface Exited {
  code: number | null;
  output: string;
}

/** Runs `npm start` with the given settings until it exits by itself. */
const startAndExit = (env: Record<string, string>): Promise<Exited> =>
  new Promise((resolve) => {
    const child = spawn('npm', ['start', '--silent'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c));
    child.stderr.on('data', (c: Buffer) => (output += c));
    child.once('close', (code) => resolve({ code, output }));
  });

let busy: Server;
let busyPort: number;

beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
});

describe('npm start, as a person meets it', () => {
  it('says where it listens, which doors it serves and which engine answers', async () => {
    const service = await npmStart({});
    try {
      expect(service.output()).toMatch(
        /^Stack Analyzer listening on http:\/\/127\.0\.0\.1:\d+ \(the page, POST \/api\/analyze, POST \/mcp, GET \/api\/openapi\.json\), answered by the embedded catalogue$/m,
      );
    } finally {
      await service.stop();
    }
  }, 90_000);

  it.each<{ name: string; env: Record<string, string>; line: string }>([
    {
      name: 'a PORT that is not a port',
      env: { PORT: 'eighty' },
      line: 'npm start: PORT must be a port number from 0 to 65535 (got "eighty").',
    },
    {
      name: 'a HOST that is not this machine',
      env: { HOST: '203.0.113.1' },
      line: 'npm start: cannot listen on HOST "203.0.113.1": it is not an address of this machine.',
    },
    {
      name: 'a setting out of range',
      env: { ANALYZE_ENGINE: 'gpt' },
      line: 'npm start: Invalid setting ANALYZE_ENGINE: expected one of auto, catalog, openai, got "gpt".',
    },
    {
      name: 'a model engine with no key',
      env: { ANALYZE_ENGINE: 'openai', OPENAI_API_KEY: '', OPENAI_SECRET_ID: '' },
      line: 'npm start: ANALYZE_ENGINE=openai needs OPENAI_API_KEY or OPENAI_SECRET_ID.',
    },
  ])(
    'refuses $name with one clear line and exit code 1',
    async ({ env, line }) => {
      const { code, output } = await startAndExit(env);
      expect(code).toBe(1);
      expect(output.trim()).toBe(line);
    },
    90_000,
  );

  it('refuses a busy port with one clear line and exit code 1', async () => {
    const { code, output } = await startAndExit({ PORT: String(busyPort) });
    expect(code).toBe(1);
    expect(output.trim()).toBe(`npm start: port ${busyPort} on 127.0.0.1 is already in use: stop what holds it or set PORT.`);
  }, 90_000);
});
