/**
 * The service's own middy middlewares: small factories, each doing one thing around the handler.
 */
import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { describeError, RequestError, toHttpProblem } from './errors.js';
import { MAX_BODY_BYTES } from './limits.js';
import type { Log } from './logger.js';

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
 * Turns whatever went wrong into the problem+json answer (errors.ts decides which) and logs it: the
 * client's mistakes at info, our faults at error, never with a stack trace. The rendering itself is left
 * to @middy/http-error-handler, which only ever exposes what this middleware hands it.
 */
export const problemDetails = ({ logger }: { logger: Log }): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => ({
  onError: (request) => {
    if (request.response !== undefined) return;
    const { status, headers, problem, severity } = toHttpProblem(request.error, requestIdOf(request));
    if (severity === 'server') {
      logger.error('request failed', { status, code: problem.code, error: describeError(request.error) });
    } else {
      logger.info('request rejected', { status, code: problem.code, detail: problem.detail });
    }
    request.error = Object.assign(new Error(JSON.stringify(problem)), { statusCode: status, expose: true, headers });
  },
});
