import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import { openApiDocument } from '../../functions/analyze/openapi.js';
import { npmStart, type StartedService } from '../support/npm-start.js';
import { DOCUMENT, nonConformance } from '../support/openapi-conformance.js';

let service: StartedService;

beforeAll(async () => {
  service = await npmStart({});
}, 90_000);

afterAll(async () => {
  await service?.stop();
});

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${service.url}/api/analyze`, { method: 'POST', headers, body });

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(openApiDocument()) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is served at GET /api/openapi.json, as built from the contract', async () => {
    const res = await fetch(`${service.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('documents every problem status the API answers with, each with the problem schema', () => {
    const responses = DOCUMENT.paths['/api/analyze']?.post?.responses ?? {};
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '403', '413', '415', '429', '500', '502']);
    for (const [status, response] of Object.entries(responses))
      if (status !== '200') expect(response.content?.['application/problem+json']).toBeDefined();
    expect(responses['429']?.headers?.['Retry-After']?.required).toBe(true);
    expect(responses['502']?.headers?.['Retry-After']?.required).toBe(true);
  });
});

describe('real answers agree with the document', () => {
  it.each([
    [
      'a recommendation',
      JSON.stringify({ description: 'A marketplace where dog walkers get paid weekly and owners follow the walk on a map' }),
    ],
    [
      'one with fewer providers',
      JSON.stringify({ description: 'Ein Buchungssystem für Friseure mit SMS-Erinnerungen', providersPerCategory: 1 }),
    ],
  ])('200: %s', async (_name, body) => {
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(await nonConformance('/api/analyze', 'post', res)).toEqual([]);
  });

  it.each([
    { name: 'a description too short', body: JSON.stringify({ description: 'an app' }), status: 400 },
    { name: 'a missing description', body: JSON.stringify({ providersPerCategory: 2 }), status: 400 },
    {
      name: 'a bad providersPerCategory',
      body: JSON.stringify({ description: 'A shop for handmade soap', providersPerCategory: 9 }),
      status: 400,
    },
    { name: 'a body that is not JSON', body: '{"description": ', status: 400 },
    { name: 'a body over the limit', body: JSON.stringify({ description: 'x'.repeat(70_000) }), status: 413 },
  ])('$name: $status in the problem shape', async ({ body, status }) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(await nonConformance('/api/analyze', 'post', res)).toEqual([]);
  });

  it('415 for a body that is not sent as JSON', async () => {
    const res = await post('description=a+shop+for+soap', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
    expect(await nonConformance('/api/analyze', 'post', res)).toEqual([]);
  });
});
