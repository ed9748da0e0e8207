import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { analyzeResponseSchema, MESSAGES } from '../../functions/analyze/contract.js';
import { npmStart, type StartedService } from '../support/npm-start.js';

let service: StartedService;

beforeAll(async () => {
  service = await npmStart({});
}, 90_000);

afterAll(async () => {
  await service?.stop();
});

/** A client of the given protocol era, connected over HTTP to npm start's /mcp. */
const connect = async (mode: 'legacy' | 'auto') => {
  const client = new Client({ name: 'stack-analyzer-tests', version: '1.0.0' }, { versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`)));
  return client;
};

const DESCRIPTION = 'A marketplace where dog walkers get paid weekly and owners follow the walk on a map';

describe.each(['legacy', 'auto'] as const)('MCP over HTTP, %s protocol negotiation', (mode) => {
  let client: Client;

  beforeAll(async () => {
    client = await connect(mode);
  });

  afterAll(async () => {
    await client?.close();
  });

  it('connects and learns who the server is and how to use it', () => {
    expect(client.getServerVersion()?.name).toBe('stack-analyzer');
    expect(client.getInstructions()).toMatch(/recommend_stack/);
    expect(client.getProtocolEra()).toBe(mode === 'legacy' ? 'legacy' : 'modern');
  });

  it('lists one read-only tool, recommend_stack, with the API schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['recommend_stack']);
    const [tool] = tools;
    expect(tool?.annotations?.readOnlyHint).toBe(true);
    expect(tool?.inputSchema.required).toEqual(['description']);
    expect(tool?.inputSchema.properties?.description).toMatchObject({ type: 'string', minLength: 10, maxLength: 5000 });
    expect(tool?.outputSchema?.required).toEqual(expect.arrayContaining(['query', 'categories']));
  });

  it('answers a call with the analysis as structured content and a short text', async () => {
    const result = await client.callTool({
      name: 'recommend_stack',
      arguments: { description: DESCRIPTION, providersPerCategory: 2 },
    });
    expect(result.isError).toBeFalsy();
    const answer = analyzeResponseSchema.parse(result.structuredContent);
    expect(answer.query).toBe(DESCRIPTION);
    expect(answer.categories.map((c) => c.id)).toEqual(expect.arrayContaining(['payments', 'maps']));
    expect(answer.categories.every((c) => c.providers.length <= 2)).toBe(true);
    const [text] = result.content;
    expect(text?.type).toBe('text');
    // Every category and its first provider, with its link, in the text an agent reads.
    for (const category of answer.categories) {
      expect(text?.type === 'text' && text.text).toContain(category.name);
      expect(text?.type === 'text' && text.text).toContain(category.providers[0]?.website);
    }
  });

  it('answers bad input with a tool error in the API words', async () => {
    const result = await client.callTool({ name: 'recommend_stack', arguments: { description: '  an app ' } });
    expect(result.isError).toBe(true);
    const [text] = result.content;
    expect(text?.type === 'text' && text.text).toContain(MESSAGES.descriptionTooShort(6));
  });

  it('answers an out-of-range providersPerCategory with the API words', async () => {
    const result = await client.callTool({
      name: 'recommend_stack',
      arguments: { description: DESCRIPTION, providersPerCategory: 12 },
    });
    expect(result.isError).toBe(true);
    const [text] = result.content;
    expect(text?.type === 'text' && text.text).toContain(MESSAGES.providersPerCategory);
  });
});

describe('the MCP door over plain HTTP', () => {
  const rpc = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        ...headers,
      },
      body: JSON.stringify(body),
    });

  it('answers with JSON, not an event stream, and keeps no session', async () => {
    const res = await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves a call with no initialize before it: any container answers any request', async () => {
    const res = await rpc({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'recommend_stack', arguments: { description: DESCRIPTION } },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: number; result: { structuredContent: unknown } };
    expect(body.id).toBe(7);
    expect(analyzeResponseSchema.parse(body.result.structuredContent).query).toBe(DESCRIPTION);
  });

  it('refuses GET: there is no stream to open', async () => {
    const res = await fetch(`${service.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
  });

  it('refuses a body over the API limit with 413 in the problem shape', async () => {
    const res = await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'recommend_stack', arguments: { description: 'x'.repeat(70_000) } },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });
});
