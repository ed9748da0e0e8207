import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { z } from 'zod';
import { checkAnalyzeRequest } from '../../functions/analyze/check-request.js';
import { analyzeRequestSchema, checkWithSchema, countChars } from '../../functions/analyze/contract.js';

describe('checkAnalyzeRequest', () => {
  it.each([
    ['a missing description', {}, 'DESCRIPTION_REQUIRED'],
    ['a null description', { description: null }, 'DESCRIPTION_REQUIRED'],
    ['an empty description', { description: '' }, 'DESCRIPTION_REQUIRED'],
    ['a whitespace-only description', { description: ' \n\t  ' }, 'DESCRIPTION_REQUIRED'],
    ['a number', { description: 42 }, 'DESCRIPTION_INVALID'],
    ['an array of strings', { description: ['a shop with payments'] }, 'DESCRIPTION_INVALID'],
    ['under 10 characters after trimming', { description: '   short app    ' }, 'DESCRIPTION_TOO_SHORT'],
    ['over 5,000 characters', { description: 'a'.repeat(5_001) }, 'DESCRIPTION_TOO_LONG'],
    ['an array body', [], 'INVALID_BODY'],
    ['a null body', null, 'INVALID_BODY'],
    ['a string body', 'a shop with payments', 'INVALID_BODY'],
    [
      'providersPerCategory of 6',
      { description: 'a shop with payments', providersPerCategory: 6 },
      'PROVIDERS_PER_CATEGORY_INVALID',
    ],
    [
      'providersPerCategory of 1.5',
      { description: 'a shop with payments', providersPerCategory: 1.5 },
      'PROVIDERS_PER_CATEGORY_INVALID',
    ],
  ])('refuses %s with its code', (_label, body, code) => {
    // Act
    const checked = checkAnalyzeRequest(body);
    // Assess
    expect(checked).toMatchObject({ ok: false, code });
    expect(checked.ok ? '' : checked.detail).toMatch(/\w/);
  });

  it('accepts exactly 10 and exactly 5,000 characters', () => {
    expect(checkAnalyzeRequest({ description: '0123456789' }).ok).toBe(true);
    expect(checkAnalyzeRequest({ description: 'a'.repeat(5_000) }).ok).toBe(true);
  });

  it('counts characters as a person does, so 5,000 emoji are allowed', () => {
    const emoji = '🐕'.repeat(5_000);
    expect(emoji.length).toBe(10_000);
    expect(countChars(emoji)).toBe(5_000);
    expect(checkAnalyzeRequest({ description: emoji }).ok).toBe(true);
  });

  it('leaves the description untouched and ignores unknown fields', () => {
    const description = '  A shop for 🐕 owners — café payments\n';
    const checked = checkAnalyzeRequest({ description, colour: 'blue' });
    expect(checked).toEqual({ ok: true, request: { description } });
  });
});

describe('the request schema as JSON Schema', () => {
  it('publishes the limits the code enforces', () => {
    const schema = z.toJSONSchema(analyzeRequestSchema, { io: 'input' }) as unknown as {
      required: string[];
      properties: { description: { type: string; minLength: number; maxLength: number } };
    };
    expect(schema.required).toEqual(['description']);
    expect(schema.properties.description).toMatchObject({ type: 'string', minLength: 10, maxLength: 5_000 });
  });
});

describe('the runtime check and the schema', () => {
  /** Bodies as JSON can carry them, weighted towards the shapes the rules care about. */
  const bodies = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        description: fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 40 }),
          fc.string({ minLength: 4_990, maxLength: 5_010 }),
          fc.constantFrom('', '   ', '\n\t ', 'too short', '0123456789', ' 😀😀😀😀😀😀😀😀😀 '),
          fc.jsonValue(),
        ),
        providersPerCategory: fc.oneof(fc.integer({ min: -2, max: 8 }), fc.double(), fc.jsonValue()),
        colour: fc.string(),
      },
      { requiredKeys: [] },
    ),
  );

  it('agree on every body: the same verdict, code, message and request', () => {
    fc.assert(
      fc.property(bodies, (body) => {
        expect(checkAnalyzeRequest(body)).toEqual(checkWithSchema(body));
      }),
      { numRuns: 3_000 },
    );
  });
});
