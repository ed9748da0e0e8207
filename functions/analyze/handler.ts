/**
 * The Lambda entry point: middleware wiring only. Clients, config and the logger are created once per
 * container; the use case does the work.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import httpCors from '@middy/http-cors';
import httpErrorHandler from '@middy/http-error-handler';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { analyze } from './analyze.js';
import { createTokenBudget } from './budget.js';
import { createLruStackCache } from './cache.js';
import { checkAnalyzeRequest } from './check-request.js';
import { loadConfig } from './config.js';
import type { AnalyzeResponse } from './contract.js';
import { createCatalogEngine } from './engines/catalog/catalog-engine.js';
import { createEngine } from './engines/create-engine.js';
import { RequestError } from './errors.js';
import { JSON_CONTENT_TYPE } from './limits.js';
import { logger } from './logger.js';
import { meter, metrics } from './metrics.js';
import { bodyLimit, clientAddress, problemDetails, requestId } from './middlewares.js';
import { createMemoryState, createTableState } from './state.js';

const config = loadConfig();
const engine = await createEngine(config, logger);
// Shared state serves the model's answers and its budget; the catalogue answers faster than a table read.
const usesModel = engine.name === 'openai';
const state =
  usesModel && config.stateTableName ? createTableState(config.stateTableName) : usesModel ? createMemoryState() : undefined;
const cache = createLruStackCache({ ...config.cache, shared: state, logger });
const budget =
  state && config.dailyTokenBudget > 0 ? createTokenBudget({ state, dailyTokens: config.dailyTokenBudget }) : undefined;
const fallback = usesModel ? createCatalogEngine() : undefined;

/** Time kept back from the Lambda's remaining time to write the answer, 502 included. */
const RESPONSE_RESERVE_MS = 1_000;
/** API Gateway gives up on the integration after 29 s, whatever the Lambda's own timeout. */
const GATEWAY_LIMIT_MS = 29_000;

/**
 * The answer's JSON. A cache hit returns the very categories array it stored, so its serialised form
 * is kept beside it and only the query is encoded per request.
 */
const serialisedCategories = new WeakMap<AnalyzeResponse['categories'], string>();
const toBody = ({ query, categories }: AnalyzeResponse): string => {
  let json = serialisedCategories.get(categories);
  if (json === undefined) {
    json = JSON.stringify(categories);
    serialisedCategories.set(categories, json);
  }
  return `{"query":${JSON.stringify(query)},"categories":${json}}`;
};

const analyzeHandler = async (
  event: APIGatewayProxyEvent,
  context: Context,
  { signal }: { signal: AbortSignal },
): Promise<APIGatewayProxyResult> => {
  // Every line of this request says who asked (as the edge saw it), so abuse can be traced to a client.
  const client = clientAddress(event);
  logger.appendKeys({ client, userAgent: event.headers?.['user-agent'] });
  const checked = checkAnalyzeRequest(event.body);
  if (!checked.ok) throw new RequestError(400, checked.code, checked.detail);
  const remaining = Math.min(context.getRemainingTimeInMillis?.() ?? GATEWAY_LIMIT_MS, GATEWAY_LIMIT_MS);
  const {
    response,
    cache: cacheStatus,
    engine: answeredBy,
  } = await analyze(
    checked.request,
    { engine, logger, cache, budget, fallback, meter },
    { signal, budgetMs: remaining - RESPONSE_RESERVE_MS, client },
  );
  return {
    statusCode: 200,
    headers: {
      'Content-Type': JSON_CONTENT_TYPE,
      'Cache-Control': 'no-store',
      'X-Cache': cacheStatus,
      'X-Engine': answeredBy,
    },
    body: toBody(response),
  };
};

// Middlewares run `before` in this order and `onError`/`after` in reverse; the handler comes last.
export const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(logMetrics(metrics))
  .use(requestId({ logger }))
  .use(httpCors({ origins: config.corsOrigins, exposeHeaders: 'X-Request-Id, X-Cache, X-Engine, Retry-After' }))
  .use(httpErrorHandler({ logger: false }))
  .use(problemDetails({ logger }))
  .use(httpHeaderNormalizer())
  .use(bodyLimit())
  .use(httpJsonBodyParser())
  .handler(analyzeHandler);
