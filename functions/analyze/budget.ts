/**
 * The day's model token budget: counted in the shared state from the usage the model reports, so
 * every container sees the same total. Once it is spent, the catalogue answers until the next day (UTC).
 */
import type { SharedState } from './state.js';

export interface TokenBudget {
  /** Whether today's tokens are used up. */
  spent(): Promise<boolean>;
  /** Counts tokens the model reported; the day's total after. */
  record(tokens: number): Promise<number>;
  readonly dailyTokens: number;
}

export const createTokenBudget = ({
  state,
  dailyTokens,
  now = Date.now,
}: {
  state: SharedState;
  dailyTokens: number;
  now?: () => number;
}): TokenBudget => {
  const today = () => new Date(now()).toISOString().slice(0, 10);
  return {
    dailyTokens,
    spent: async () => (await state.tokensOn(today())) >= dailyTokens,
    record: (tokens) => state.addTokens(today(), tokens),
  };
};
