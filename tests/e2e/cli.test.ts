import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { run } from '../../bin/cli.js';
import { analyzeResponseSchema, CATEGORY_NAMES, MESSAGES } from '../../functions/analyze/contract.js';
import { type StandIn, startStandIn } from '../support/http-stand-in.js';
import { npmStart, type StartedService } from '../support/npm-start.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const COMMAND = ['bin/stack-analyzer.mjs'];
const DESCRIPTION = 'An app where hairdressers take bookings and clients get an SMS reminder the day before';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command as a person would, with no terminal: output to pipes. */
const cli = (...args: string[]): Promise<Ran> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [...COMMAND, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });

let service: StartedService;
let failing: StandIn;

beforeAll(async () => {
  service = await npmStart({});
  failing = await startStandIn((_req, res) => {
    res.writeHead(502, { 'content-type': 'application/problem+json', 'retry-after': '10' });
    res.end(
      JSON.stringify({
        type: 'about:blank',
        title: 'Bad Gateway',
        status: 502,
        detail: 'The AI provider is unavailable. Please retry in 10 seconds.',
        code: 'AI_PROVIDER_UNAVAILABLE',
        requestId: 'r-1',
      }),
    );
  });
}, 90_000);

afterAll(async () => {
  await service?.stop();
  await failing?.close();
});

describe('stack-analyzer "<description>"', () => {
  it('prints each category with its reason and its ranked providers with their links', async () => {
    const { code, stdout, stderr } = await cli(DESCRIPTION);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(new RegExp(`^${CATEGORY_NAMES.scheduling}: `, 'm'));
    expect(stdout).toMatch(/^ {2}1\. \S.* <https:\/\/[^>]+>$/m);
    expect(stdout).toMatch(/^ {2}3\. /m);
    // Not a terminal: no colour codes in a pipe.
    expect(stdout).not.toContain('\u001b[');
  });

  it('prints the API JSON with --json, as many providers as --providers asks', async () => {
    const { code, stdout } = await cli('--json', '--providers', '2', DESCRIPTION);
    expect(code).toBe(0);
    const answer = analyzeResponseSchema.parse(JSON.parse(stdout));
    expect(answer.query).toBe(DESCRIPTION);
    expect(answer.categories.every((c) => c.providers.length <= 2)).toBe(true);
  });

  it('asks a deployed API with --url and prints the same answer it gives', async () => {
    const [embedded, viaApi] = await Promise.all([cli('--json', DESCRIPTION), cli('--json', '--url', service.url, DESCRIPTION)]);
    expect(viaApi.code).toBe(0);
    expect(JSON.parse(viaApi.stdout)).toEqual(JSON.parse(embedded.stdout));
  });

  it('colours its text on a terminal only', async () => {
    const written: string[] = [];
    const terminal = { isTTY: true, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    await run([DESCRIPTION], terminal);
    expect(written.join('')).toContain(`\u001b[1m${CATEGORY_NAMES.scheduling}\u001b[0m`);
  });

  it.each([
    { name: 'a description too short', args: ['an app'], message: MESSAGES.descriptionTooShort(6) },
    { name: 'no description', args: [], message: 'no description given.' },
    { name: 'an out-of-range --providers', args: ['--providers', '9', DESCRIPTION], message: MESSAGES.providersPerCategory },
    { name: 'an unknown option', args: ['--colour', DESCRIPTION], message: "Unknown option '--colour'" },
    { name: 'a --url that is not one', args: ['--url', 'ftp://example', DESCRIPTION], message: '--url must be an http(s) URL' },
  ])('refuses $name with a clear line and exit code 2', async ({ args, message }) => {
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toContain(`stack-analyzer: ${message}`);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('reports a failing service in its own words, with exit code 1', async () => {
    const { code, stdout, stderr } = await cli('--url', failing.url, DESCRIPTION);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'stack-analyzer: The AI provider is unavailable. Please retry in 10 seconds. (AI_PROVIDER_UNAVAILABLE)\n',
    );
    expect(failing.requests[0]?.url).toBe('/api/analyze');
  });

  it('reports a service it cannot reach with exit code 1', async () => {
    const { code, stderr } = await cli('--url', 'http://127.0.0.1:9', DESCRIPTION);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^stack-analyzer: could not reach http:\/\/127\.0\.0\.1:9\/api\/analyze: /);
  });
});

describe('stack-analyzer mcp', () => {
  let client: Client;

  beforeAll(async () => {
    client = new Client({ name: 'stack-analyzer-tests', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [...COMMAND, 'mcp'], cwd: ROOT }));
  }, 30_000);

  afterAll(async () => {
    await client?.close();
  });

  it('serves recommend_stack over stdio', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['recommend_stack']);
    const result = await client.callTool({ name: 'recommend_stack', arguments: { description: DESCRIPTION } });
    expect(result.isError).toBeFalsy();
    expect(analyzeResponseSchema.parse(result.structuredContent).categories.map((c) => c.id)).toContain('scheduling');
  });

  it('answers bad input with a tool error in the API words', async () => {
    const result = await client.callTool({ name: 'recommend_stack', arguments: { description: 'short' } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain(MESSAGES.descriptionTooShort(5));
  });
});
