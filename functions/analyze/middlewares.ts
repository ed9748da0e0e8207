/**
 * The service's own middy middlewares: small factories, each doing one thing around the handler.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy, { type MiddlewareObj, type Request } from '@middy/core';
import httpCors from '@middy/http-cors';
import httpErrorHandler from '@middy/http-error-handler';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { describeError, type HttpProblem, RequestError, toHttpProblem } from './errors.js';
import { MAX_BODY_BYTES } from './limits.js';
import { type Log, logger } from './logger.js';
import { metrics } from './metrics.js';

type HttpRequest = Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>;

/** The id a client can quote to us: API Gateway's request id, or Lambda's when there is none. */
const requestIdOf = (request: HttpRequest): string =>
  request.event?.requestContext?.requestId || request.context?.awsRequestId || 'unknown';

/** Puts X-Request-Id on every answer, success or problem, and the id on every log line. */
export const requestId = ({
  logger,
}: {
  logger: { appendKeys(keys: Record<string, string>): void };
}): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => {
  const stamp = (request: HttpRequest) => {
    if (!request.response) return;
    request.response.headers = { ...request.response.headers, 'X-Request-Id': requestIdOf(request) };
  };
  return {
    before: (request) => {
      logger.appendKeys({ requestId: requestIdOf(request) });
    },
    after: stamp,
    onError: stamp,
  };
};

/**
 * The caller's address as the edge saw it: CloudFront's viewer address (only CloudFront reaches the API,
 * see infra/), else API Gateway's source address (a direct caller, or `npm start`'s socket).
 */
export const clientAddress = (event: APIGatewayProxyEvent): string | undefined => {
  const headers = event.headers ?? {};
  const viewer = headers['cloudfront-viewer-address'] ?? headers['CloudFront-Viewer-Address'];
  // "203.0.113.7:51234" or "[2001:db8::1]:51234": the address without the port.
  if (viewer) return viewer.replace(/^\[?([^\]]*?)\]?:\d+$/, '$1');
  return event.requestContext?.identity?.sourceIp || undefined;
};

/** Refuses bodies over the limit with 413 before anything parses them. */
export const bodyLimit = ({ maxBytes = MAX_BODY_BYTES } = {}): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => ({
  before: ({ event }) => {
    const { body, isBase64Encoded } = event;
    if (typeof body !== 'string') return;
    const bytes = isBase64Encoded ? Math.floor((body.length * 3) / 4) : Buffer.byteLength(body, 'utf8');
    if (bytes > maxBytes) {
      throw new RequestError(413, 'PAYLOAD_TOO_LARGE', `The body must be at most ${maxBytes} bytes (got ${bytes}).`);
    }
  },
});

/**
 * What went wrong, as the client will read it (errors.ts decides), logged: the client's mistakes at
 * info, our faults at error, never with a stack trace. Every door reports failures through this.
 */
export const reportProblem = (log: Log, err: unknown, id: string): HttpProblem => {
  const answer = toHttpProblem(err, id);
  const { status, problem, severity } = answer;
  if (severity === 'server') log.error('request failed', { status, code: problem.code, error: describeError(err) });
  else log.info('request rejected', { status, code: problem.code, detail: problem.detail });
  return answer;
};

/**
 * Turns whatever went wrong into the problem+json answer. The rendering itself is left to
 * @middy/http-error-handler, which only ever exposes what this middleware hands it.
 */
export const problemDetails = ({ logger }: { logger: Log }): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => ({
  onError: (request) => {
    if (request.response !== undefined) return;
    const { status, headers, problem } = reportProblem(logger, request.error, requestIdOf(request));
    request.error = Object.assign(new Error(JSON.stringify(problem)), { statusCode: status, expose: true, headers });
  },
});

/** Every line of a request says who asked (as the edge saw it), so abuse can be traced to a client. */
const clientKeys = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => ({
  before: ({ event }) => {
    logger.appendKeys({ client: clientAddress(event), userAgent: event.headers?.['user-agent'] });
  },
});

/**
 * What every door of the function does around its own handler, in this order (`before` top down,
 * `after`/`onError` bottom up): the request id on every log line, metrics flushed, the X-Request-Id
 * header, CORS for the allowed origins, errors as problem+json, headers in lower case, the client on
 * every log line, and the body limit.
 */
export const httpDoor = ({ corsOrigins }: { corsOrigins: string[] }) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics))
    .use(requestId({ logger }))
    .use(httpCors({ origins: corsOrigins, exposeHeaders: 'X-Request-Id, X-Cache, X-Engine, Retry-After' }))
    .use(httpErrorHandler({ logger: false }))
    .use(problemDetails({ logger }))
    .use(httpHeaderNormalizer())
    .use(clientKeys())
    .use(bodyLimit());
