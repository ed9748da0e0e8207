import { describe, expect, it } from '@jest/globals';
import { readApiKey } from '../../functions/analyze/engines/openai/api-key.js';

describe('readApiKey: what an operator may put in the secret', () => {
  it.each([
    ['the key itself', 'sk-proj-abc123', 'sk-proj-abc123'],
    ['the key with stray whitespace', '  sk-proj-abc123\n', 'sk-proj-abc123'],
    ['JSON with apiKey', '{"apiKey": "sk-proj-abc123"}', 'sk-proj-abc123'],
    ['JSON with OPENAI_API_KEY', '{"OPENAI_API_KEY": "sk-proj-abc123"}', 'sk-proj-abc123'],
  ])('reads %s', (_label, secret, key) => {
    expect(readApiKey(secret)).toBe(key);
  });

  it.each([
    ['an empty secret', ''],
    ['the placeholder the stack creates', '{"apiKey":""}'],
    ['JSON without a key', '{"token": "sk-proj-abc123"}'],
    ['broken JSON', '{"apiKey": "sk-proj'],
    ['a binary secret', undefined],
  ])('finds no key in %s', (_label, secret) => {
    expect(readApiKey(secret)).toBeUndefined();
  });
});
