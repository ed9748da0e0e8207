/**
 * The Lambda entry point: the function's doors, wiring only. POST /api/analyze is answered here; POST
 * /mcp by the MCP door, whose code (the MCP SDK, zod) is loaded by the first MCP request a container
 * sees, so it never adds to the cold start of a container that serves the API.
 */
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { checkAnalyzeRequest } from './check-request.js';
import { config, engineBudgetMs, recommend } from './container.js';
import type { AnalyzeResponse } from './contract.js';
import { RequestError } from './errors.js';
import { JSON_CONTENT_TYPE, MCP_PATH } from './limits.js';
import { clientAddress, httpDoor } from './middlewares.js';

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

const analyzeDoor = httpDoor(config)
  .use(httpJsonBodyParser())
  .handler(async (event, context, { signal }): Promise<APIGatewayProxyResult> => {
    const checked = checkAnalyzeRequest(event.body);
    if (!checked.ok) throw new RequestError(400, checked.code, checked.detail);
    const { response, cache, engine } = await recommend(checked.request, {
      signal,
      budgetMs: engineBudgetMs(context),
      client: clientAddress(event),
    });
    return {
      statusCode: 200,
      headers: { 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': 'no-store', 'X-Cache': cache, 'X-Engine': engine },
      body: toBody(response),
    };
  });

type Door = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
let mcpDoor: Promise<Door> | undefined;

export const handler: Door = (event, context) => {
  if (event.resource !== MCP_PATH) return analyzeDoor(event, context);
  mcpDoor ??= import('./mcp/mcp-door.js').then((door) => door.mcpDoor);
  return mcpDoor.then((door) => door(event, context));
};
