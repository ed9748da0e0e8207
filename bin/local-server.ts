/**
 * A node:http adapter that serves the Lambda handler locally: each request becomes an API Gateway REST
 * proxy event (v1), and the handler's result becomes the HTTP answer. Routing, method and size checks
 * that API Gateway does in the cloud are done here, in the same problem shape.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { RequestError, toHttpProblem } from '../functions/analyze/errors.js';
import { ANALYZE_PATH, MAX_BODY_BYTES, MCP_PATH, type ProblemCode } from '../functions/analyze/limits.js';

export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface StaticAsset {
  contentType: string;
  body: Buffer;
}

export interface LocalServerOptions {
  handler: ProxyHandler;
  /** Files served with GET, by path ("/" for the page). */
  assets?: ReadonlyMap<string, StaticAsset>;
  /** Time the handler may take, as the Lambda timeout would allow. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Origins whose pages may call the API (CORS_ALLOW_ORIGINS): preflight is answered as API Gateway answers it. */
  corsOrigins?: readonly string[];
}

/** The function's doors: every method reaches the MCP door (its SDK answers GET and DELETE itself). */
const ROUTES = new Map<string, readonly string[] | 'any'>([
  [ANALYZE_PATH, ['POST']],
  [MCP_PATH, 'any'],
]);
/** Headers a browser may send cross-origin, as API Gateway's CORS options allow them. */
const CORS_ALLOW_HEADERS = 'Content-Type,X-Api-Key,Accept,Mcp-Protocol-Version,Mcp-Session-Id,Mcp-Method,Mcp-Name';
const DEFAULT_TIMEOUT_MS = 29_000;

class BodyTooLarge extends Error {}

/** Reads the body, refusing as soon as it passes the limit rather than after reading it whole. */
const readBody = (req: IncomingMessage, maxBytes: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * Collects name/value pairs the way API Gateway's event JSON holds them: the last value, and all of them.
 * Maps, then Object.fromEntries: a name such as "__proto__" or "constructor" is a legal header or query
 * name and must become an own property, as JSON.parse makes it in Lambda, not reach Object.prototype.
 */
const collect = (pairs: Iterable<readonly [string, string]>) => {
  const single = new Map<string, string>();
  const multi = new Map<string, string[]>();
  for (const [name, value] of pairs) {
    single.set(name, value);
    const values = multi.get(name);
    if (values) values.push(value);
    else multi.set(name, [value]);
  }
  return { single: Object.fromEntries(single), multi: Object.fromEntries(multi) };
};

function* headerPairs(rawHeaders: readonly string[]): Generator<readonly [string, string]> {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) yield [rawHeaders[i] as string, rawHeaders[i + 1] as string];
}

const toHeaders = (req: IncomingMessage) => {
  const { single, multi } = collect(headerPairs(req.rawHeaders));
  return { headers: single, multiValueHeaders: multi };
};

const toQuery = (url: URL) => {
  if (url.searchParams.size === 0) return { queryStringParameters: null, multiValueQueryStringParameters: null };
  const { single, multi } = collect(url.searchParams);
  return { queryStringParameters: single, multiValueQueryStringParameters: multi };
};

/** The request target as a URL; undefined when it is not one (an absolute-form target such as "http://[/"). */
const parseTarget = (target: string | undefined): URL | undefined => {
  try {
    return new URL(target ?? '/', 'http://local');
  } catch {
    return undefined;
  }
};

export const toProxyEvent = (req: IncomingMessage, url: URL, body: Buffer, requestId: string): APIGatewayProxyEvent => {
  const now = Date.now();
  const method = req.method ?? 'GET';
  return {
    resource: url.pathname,
    path: url.pathname,
    httpMethod: method,
    ...toHeaders(req),
    ...toQuery(url),
    pathParameters: null,
    stageVariables: null,
    body: body.length > 0 ? body.toString('utf8') : null,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: null,
      protocol: `HTTP/${req.httpVersion}`,
      httpMethod: method,
      path: url.pathname,
      stage: 'local',
      requestId,
      requestTimeEpoch: now,
      resourceId: 'local',
      resourcePath: url.pathname,
      identity: {
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? null,
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        user: null,
        userArn: null,
      },
    },
  };
};

const toContext = (requestId: string, timeoutMs: number): Context => {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'stack-analyzer-local',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:stack-analyzer-local',
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: 'local',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

const send = (res: ServerResponse, result: APIGatewayProxyResult): void => {
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) res.setHeader(name, values.map(String));
  res.statusCode = result.statusCode;
  res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
};

/** The CORS headers for a request's Origin, when it is one allowed; none otherwise. */
const corsHeaders = (req: IncomingMessage, allowed: readonly string[]): Record<string, string> => {
  const origin = req.headers.origin;
  if (!origin || allowed.length === 0) return {};
  if (allowed.includes('*')) return { 'Access-Control-Allow-Origin': '*' };
  return allowed.includes(origin) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
};

/** Answers the way API Gateway's gateway responses do, in the same problem shape (CORS headers included). */
const sendProblem = (res: ServerResponse, err: RequestError, requestId: string, cors: Record<string, string> = {}): void => {
  const { status, headers, problem } = toHttpProblem(err, requestId);
  send(res, { statusCode: status, headers: { ...headers, ...cors, 'X-Request-Id': requestId }, body: JSON.stringify(problem) });
};

/** How long a browser may keep a preflight answer, as API Gateway's CORS options set it. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

const refuse = (status: 404 | 405 | 413, code: ProblemCode, detail: string, headers: Record<string, string> = {}) =>
  new RequestError(status, code, detail, headers);

export const createLocalServer = ({
  handler,
  assets = new Map(),
  timeoutMs = DEFAULT_TIMEOUT_MS,
  maxBodyBytes = MAX_BODY_BYTES,
  corsOrigins = [],
}: LocalServerOptions): Server =>
  createServer(async (req, res) => {
    const requestId = randomUUID();
    const cors = corsHeaders(req, corsOrigins);
    try {
      // Parsed inside the try: a target that does not parse is answered, it must not reject this listener.
      const url = parseTarget(req.url);
      if (url === undefined) {
        sendProblem(
          res,
          refuse(404, 'NOT_FOUND', `No route for ${req.method}: the request target is not a valid path.`),
          requestId,
        );
        return;
      }
      const methods = ROUTES.get(url.pathname);
      if (methods === undefined) {
        const asset = req.method === 'GET' || req.method === 'HEAD' ? assets.get(url.pathname) : undefined;
        if (!asset) {
          sendProblem(res, refuse(404, 'NOT_FOUND', `No route for ${req.method} ${url.pathname}.`), requestId, cors);
          return;
        }
        res.writeHead(200, {
          'Content-Type': asset.contentType,
          'Content-Length': asset.body.length,
          'Cache-Control': 'no-cache',
        });
        res.end(req.method === 'HEAD' ? undefined : asset.body);
        return;
      }
      if (req.method === 'OPTIONS' && cors['Access-Control-Allow-Origin']) {
        res.writeHead(204, {
          ...cors,
          'Access-Control-Allow-Methods': 'OPTIONS,POST',
          'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
          'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
          'X-Request-Id': requestId,
        });
        res.end();
        return;
      }
      if (methods !== 'any' && !methods.includes(req.method ?? '')) {
        const detail = `${req.method} is not allowed on ${url.pathname}; use POST.`;
        sendProblem(res, refuse(405, 'METHOD_NOT_ALLOWED', detail, { Allow: 'POST' }), requestId, cors);
        return;
      }
      const body = await readBody(req, maxBodyBytes);
      const result = await handler(toProxyEvent(req, url, body, requestId), toContext(requestId, timeoutMs));
      send(res, result);
    } catch (err: unknown) {
      if (err instanceof BodyTooLarge) {
        // The rest of the body is not read: answer, then close the connection it arrived on.
        res.setHeader('Connection', 'close');
        sendProblem(res, refuse(413, 'PAYLOAD_TOO_LARGE', `The body must be at most ${maxBodyBytes} bytes.`), requestId, cors);
        res.on('finish', () => req.socket.destroySoon());
        return;
      }
      // The handler answers every error itself; reaching here means the adapter broke.
      const { status, headers, problem } = toHttpProblem(err, requestId);
      if (!res.headersSent)
        send(res, {
          statusCode: status,
          headers: { ...headers, ...cors, 'X-Request-Id': requestId },
          body: JSON.stringify(problem),
        });
      else res.destroy();
    }
  });
