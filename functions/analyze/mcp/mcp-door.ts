/**
 * POST /mcp: the MCP server over stateless Streamable HTTP, answered with JSON (no SSE, no session:
 * any container can answer any request). Clients of both protocol eras are served: the 2026-07-28
 * per-request envelope through the SDK's handler, and 2025-era clients (initialize, then calls) through
 * a fresh server and transport per request. The API's door around it gives the same request id, logs,
 * CORS, body limit and error shape; the tool calls the same use case, so the cache and the model budget
 * apply as they do to POST /api/analyze.
 */
import {
  createMcpHandler,
  isLegacyRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { config, engineBudgetMs, recommend } from '../container.js';
import { MAX_BODY_BYTES } from '../limits.js';
import { logger } from '../logger.js';
import { clientAddress, httpDoor, reportProblem } from '../middlewares.js';
import { createStackServer } from './stack-server.js';

/** The API Gateway event as the web Request the SDK reads. */
const toWebRequest = (event: APIGatewayProxyEvent, signal: AbortSignal): Request => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  const body = event.body == null ? undefined : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
  return new Request(`https://${headers.get('host') ?? 'localhost'}${event.path}`, {
    method: event.httpMethod,
    headers,
    body,
    signal,
  });
};

const toResult = async (response: Response): Promise<APIGatewayProxyResult> => {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { statusCode: response.status, headers, body: await response.text() };
};

/** A 2025-era exchange: a server and a JSON-answering transport that live for this one request. */
const serveLegacy = async (server: McpServer, request: Request): Promise<Response> => {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await transport.close();
    await server.close();
  }
};

/** GET (a stream of server messages) and DELETE (ending a session) have nothing to serve when stateless. */
const methodNotAllowed: APIGatewayProxyResult = {
  statusCode: 405,
  headers: { 'Content-Type': 'application/json', Allow: 'POST' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    error: { code: -32000, message: 'Method not allowed: this server is stateless, use POST.' },
    id: null,
  }),
};

export const mcpDoor = httpDoor(config).handler(async (event, context: Context, { signal }) => {
  if (event.httpMethod !== 'POST') return methodNotAllowed;
  const request = toWebRequest(event, signal);
  const id = event.requestContext?.requestId ?? context.awsRequestId;
  const server = () =>
    createStackServer(
      async (input, toolSignal) =>
        (
          await recommend(input, {
            signal: AbortSignal.any([signal, toolSignal]),
            budgetMs: engineBudgetMs(context),
            client: clientAddress(event),
          })
        ).response,
      (err) => reportProblem(logger, err, id).problem,
    );
  if (await isLegacyRequest(request, undefined, { maxRequestBodySize: MAX_BODY_BYTES }))
    return toResult(await serveLegacy(server(), request));
  const modern = createMcpHandler(server, { legacy: 'reject', responseMode: 'json', maxRequestBodySize: MAX_BODY_BYTES });
  try {
    return await toResult(await modern.fetch(request));
  } finally {
    await modern.close();
  }
});
