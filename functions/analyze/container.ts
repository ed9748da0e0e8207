/**
 * What a container creates once and every door (POST /api/analyze, POST /mcp) shares: the settings,
 * the engine, the caches and the budget. Each door turns a request into a call of `recommend`.
 */

import type { Context } from 'aws-lambda';
import { type AnalyzeDeps, type AnalyzeOptions, type AnalyzeResult, analyze } from './analyze.js';
import { createTokenBudget } from './budget.js';
import { createLruStackCache } from './cache.js';
import { loadConfig } from './config.js';
import type { AnalyzeRequest } from './contract.js';
import { createCatalogEngine } from './engines/catalog/catalog-engine.js';
import { createEngine } from './engines/create-engine.js';
import { logger } from './logger.js';
import { meter } from './metrics.js';
import { createMemoryState, createTableState } from './state.js';

export const config = loadConfig();
const engine = await createEngine(config, logger);
// Shared state serves the model's answers and its budget; the catalogue answers faster than a table read.
const usesModel = engine.name === 'openai';
const state =
  usesModel && config.stateTableName ? createTableState(config.stateTableName) : usesModel ? createMemoryState() : undefined;

const deps: AnalyzeDeps = {
  engine,
  logger,
  meter,
  cache: createLruStackCache({ ...config.cache, shared: state, logger }),
  budget: state && config.dailyTokenBudget > 0 ? createTokenBudget({ state, dailyTokens: config.dailyTokenBudget }) : undefined,
  fallback: usesModel ? createCatalogEngine() : undefined,
};

/** The use case with this container's collaborators. */
export const recommend = (request: AnalyzeRequest, options: AnalyzeOptions): Promise<AnalyzeResult> =>
  analyze(request, deps, options);

/** Time kept back from the Lambda's remaining time to write the answer, 502 included. */
const RESPONSE_RESERVE_MS = 1_000;
/** API Gateway gives up on the integration after 29 s, whatever the Lambda's own timeout. */
const GATEWAY_LIMIT_MS = 29_000;

/** Milliseconds the engine may take for this request. */
export const engineBudgetMs = (context: Context): number =>
  Math.min(context.getRemainingTimeInMillis?.() ?? GATEWAY_LIMIT_MS, GATEWAY_LIMIT_MS) - RESPONSE_RESERVE_MS;
