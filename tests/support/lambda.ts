import { readFileSync } from 'node:fs';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

const fixturesDir = new URL('../fixtures/', import.meta.url);

/** A full API Gateway REST proxy event from tests/fixtures, with optional overrides. */
export const eventFixture = (name: string, overrides: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent => ({
  ...(JSON.parse(readFileSync(new URL(`${name}.json`, fixturesDir), 'utf8')) as APIGatewayProxyEvent),
  ...overrides,
});

/** A POST /api/analyze event carrying `body` as JSON text. */
export const analyzeEvent = (body: unknown, headers: Record<string, string> = {}): APIGatewayProxyEvent => {
  const base = eventFixture('analyze-request');
  return {
    ...base,
    headers: { ...base.headers, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
};

export const lambdaContext = (remainingMs = 28_000): Context => {
  const deadline = Date.now() + remainingMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: 'stack-analyzer-test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:stack-analyzer-test',
    memoryLimitInMB: '1024',
    awsRequestId: 'c6af9ac6-7b61-11e6-9a41-93e812345678',
    logGroupName: '/aws/lambda/stack-analyzer-test',
    logStreamName: '2026/11/22/[$LATEST]abcdef',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

export type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** Header lookup that ignores case, as HTTP does. */
export const header = (result: APIGatewayProxyResult, name: string): string | undefined => {
  const entry = Object.entries(result.headers ?? {}).find(([k]) => k.toLowerCase() === name.toLowerCase());
  return entry === undefined ? undefined : String(entry[1]);
};
