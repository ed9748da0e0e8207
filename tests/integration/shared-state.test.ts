import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTokenBudget } from '../../functions/analyze/budget.js';
import { createTableState } from '../../functions/analyze/state.js';
import { type LocalDynamoDB, startDynamoDB } from '../support/dynamodb.js';

let dynamodb: LocalDynamoDB;
const TABLE = 'stack-analyzer-state';
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  dynamodb = await startDynamoDB();
  await dynamodb.createStateTable(TABLE);
  // The state module's SDK client finds the table the standard way, as it does in Lambda.
  for (const [name, value] of Object.entries(dynamodb.env)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await dynamodb?.close();
});

describe('shared state in DynamoDB', () => {
  it('gives back an answer one container stored to another, until it expires', async () => {
    // Prepare
    let now = Date.UTC(2026, 10, 24, 12);
    const writer = createTableState(TABLE, () => now);
    const reader = createTableState(TABLE, () => now);
    // Act
    await writer.writeAnswer('k1', '{"categories":[],"engine":"openai"}', 60);
    const fresh = await reader.readAnswer('k1');
    now += 61_000;
    const expired = await reader.readAnswer('k1');
    // Assess
    expect(fresh).toBe('{"categories":[],"engine":"openai"}');
    expect(expired).toBeUndefined();
    expect(await reader.readAnswer('never-written')).toBeUndefined();
  });

  it('counts a day’s tokens exactly when many containers add at once', async () => {
    const containers = Array.from({ length: 4 }, () => createTableState(TABLE));
    const adds = Array.from({ length: 40 }, (_, i) =>
      (containers[i % 4] as ReturnType<typeof createTableState>).addTokens('2026-11-24', 1_168),
    );
    const totals = await Promise.all(adds);
    expect(await dynamodb.tokensOn(TABLE, '2026-11-24')).toBe(40 * 1_168);
    // Every add saw a distinct total: none was lost to a race.
    expect(new Set(totals).size).toBe(40);
  });

  it('spends the budget for the day only, and a new day starts from zero', async () => {
    let now = Date.UTC(2026, 10, 25, 23, 59);
    const budget = createTokenBudget({ state: createTableState(TABLE, () => now), dailyTokens: 2_000, now: () => now });
    expect(await budget.spent()).toBe(false);
    await budget.record(1_168);
    expect(await budget.spent()).toBe(false);
    await budget.record(1_168);
    expect(await budget.spent()).toBe(true);
    now += 2 * 60_000;
    expect(await budget.spent()).toBe(false);
  });
});
