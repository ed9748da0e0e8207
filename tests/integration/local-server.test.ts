import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { analyzeResponseSchema, problemSchema } from '../../functions/analyze/contract.js';
import { type RunningServer, startLocalServer } from '../support/local-server.js';
import { npmStart, type StartedService } from '../support/npm-start.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(async () => {
  await server.close();
});

const post = (body: string, contentType = 'application/json') =>
  fetch(`${server.url}/api/analyze`, { method: 'POST', headers: { 'content-type': contentType }, body });

const expectProblem = async (res: Response, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  const problem = problemSchema.parse(await res.json());
  expect(problem).toMatchObject({ status, code });
  expect(problem.requestId).toBe(res.headers.get('x-request-id'));
};

describe('local server', () => {
  it('answers a valid request with the contract, echoing the description exactly, unicode included', async () => {
    const description =
      '  Plataforma de reservas para canchas de pádel 🎾 con pagos en línea y recordatorios por WhatsApp — «ñandú» ';
    const res = await post(JSON.stringify({ description }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = analyzeResponseSchema.parse(await res.json());
    expect(body.query).toBe(description);
    expect(body.categories.map((c) => c.id)).toEqual(expect.arrayContaining(['payments']));
  });

  it.each([
    ['empty', JSON.stringify({ description: '' }), 'DESCRIPTION_REQUIRED'],
    ['whitespace only', JSON.stringify({ description: '   \n\t ' }), 'DESCRIPTION_REQUIRED'],
    ['under 10 characters after trimming', JSON.stringify({ description: '   too short  ' }), 'DESCRIPTION_TOO_SHORT'],
    ['over 5,000 characters', JSON.stringify({ description: 'b'.repeat(5_001) }), 'DESCRIPTION_TOO_LONG'],
    ['missing', JSON.stringify({ text: 'a shop with card payments' }), 'DESCRIPTION_REQUIRED'],
    ['not a string', JSON.stringify({ description: 12345678901 }), 'DESCRIPTION_INVALID'],
    ['an array', JSON.stringify(['a shop with card payments']), 'INVALID_BODY'],
    ['null', 'null', 'INVALID_BODY'],
    ['malformed JSON', '{"description": "a shop with card payments"', 'INVALID_JSON'],
  ])('refuses a description that is %s with 400', async (_label, body, code) => {
    await expectProblem(await post(body), 400, code);
  });

  it('refuses a body that is not JSON with 415', async () => {
    await expectProblem(await post('description=a+shop', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body over 64 KiB with 413', async () => {
    await expectProblem(await post(JSON.stringify({ description: 'c'.repeat(70_000) })), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses an oversized chunked body without waiting for all of it', async () => {
    // The client streams 64 KiB + 1 and then keeps the request open: only an early answer ends this test.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/analyze`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(Buffer.alloc(64 * 1024 + 1, 'd'));
    });
    expect(status).toBe(413);
  });

  it('answers GET on the API with 405 and an Allow header', async () => {
    const res = await fetch(`${server.url}/api/analyze`);
    expect(res.headers.get('allow')).toBe('POST');
    await expectProblem(res, 405, 'METHOD_NOT_ALLOWED');
  });

  it('answers an unknown route with 404', async () => {
    await expectProblem(await fetch(`${server.url}/api/nothing-here`, { method: 'POST' }), 404, 'NOT_FOUND');
  });
});

describe('npm start with CORS_ALLOW_ORIGINS', () => {
  const PARTNER = 'https://partner.example';
  let cors: StartedService;
  beforeAll(async () => {
    cors = await npmStart({ CORS_ALLOW_ORIGINS: PARTNER, ANALYZE_ENGINE: 'catalog' });
  }, 60_000);
  afterAll(async () => {
    await cors?.stop();
  });

  it('answers the preflight of an allowed origin as API Gateway does', async () => {
    const res = await fetch(`${cors.url}/api/analyze`, {
      method: 'OPTIONS',
      headers: { origin: PARTNER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });

  it('refuses the preflight of any other origin', async () => {
    const res = await fetch(`${cors.url}/api/analyze`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    ['a 400 from the handler', '{"description":"short"}', 'application/json'],
    ['a 415 from the handler', 'description=hello', 'application/x-www-form-urlencoded'],
  ])('puts the CORS header on %s, so the page can read the problem', async (_label, body, contentType) => {
    const res = await fetch(`${cors.url}/api/analyze`, {
      method: 'POST',
      headers: { origin: PARTNER, 'content-type': contentType },
      body,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('access-control-allow-origin')).toBe(PARTNER);
  });

  it('puts it on the adapter’s own problems too (404)', async () => {
    const res = await fetch(`${cors.url}/nowhere`, { headers: { origin: PARTNER } });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe(PARTNER);
  });

  it('sends no CORS header at all by default: the page is same-origin', async () => {
    const res = await fetch(`${server.url}/api/analyze`, {
      method: 'POST',
      headers: { origin: PARTNER, 'content-type': 'application/json' },
      body: '{"description":"short"}',
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
