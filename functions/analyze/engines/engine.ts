import type { Reading } from '../reading/reading.js';

/**
 * What an engine returns before `shape()` turns it into the contract. Loose on purpose: a model's
 * output arrives here after schema validation but before any cleaning.
 */
export interface RawProvider {
  name: string;
  description?: string | undefined;
  bestUseCases?: readonly string[] | undefined;
  website?: string | undefined;
}

export interface RawCategory {
  id: string;
  reason?: string | undefined;
  providers: readonly RawProvider[];
}

export interface RawRecommendation {
  categories: readonly RawCategory[];
  /**
   * The catalogue's reading of the description, when the answer came from elsewhere (a model): shape()
   * then drops picks that break a binding constraint and puts the providers that do the job first.
   */
  reading?: Reading | undefined;
  /** Tokens the model reports it used (for the day's budget and the metrics); absent for the catalogue. */
  usage?: { inputTokens: number; outputTokens: number } | undefined;
}

export interface EngineRequest {
  description: string;
  providersPerCategory: number;
  /** Aborted when the caller no longer wants the answer (Lambda about to time out). */
  signal?: AbortSignal | undefined;
  /** Milliseconds the engine may spend, all attempts included. */
  budgetMs?: number | undefined;
  /** The caller's network address: the model engine sends only a keyed hash of it, for abuse controls. */
  client?: string | undefined;
}

export type EngineName = 'catalog' | 'openai';

export interface Engine {
  readonly name: EngineName;
  /** Model and prompt version, or catalogue version: part of the cache key and of the logs. */
  readonly version: string;
  recommend(request: EngineRequest): Promise<RawRecommendation>;
}
