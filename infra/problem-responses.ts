import { ResponseType, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { ProblemCode } from '../functions/analyze/contract.js';

interface GatewayProblem {
  type: ResponseType;
  status: number;
  title: string;
  code: ProblemCode;
  /** Fixed text, or undefined to pass on API Gateway's own message. */
  detail?: string;
}

/**
 * API Gateway's own answers (throttling, unknown route, body validation …) in the service's problem
 * shape. Gateway response templates substitute $context variables but run no VTL logic.
 */
const GATEWAY_PROBLEMS: readonly GatewayProblem[] = [
  { type: ResponseType.BAD_REQUEST_BODY, status: 400, title: 'Bad Request', code: 'INVALID_BODY' },
  {
    type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
    status: 404,
    title: 'Not Found',
    code: 'NOT_FOUND',
    detail: 'No such route: use POST /api/analyze (or POST /mcp for MCP clients).',
  },
  { type: ResponseType.REQUEST_TOO_LARGE, status: 413, title: 'Payload Too Large', code: 'PAYLOAD_TOO_LARGE' },
  { type: ResponseType.UNSUPPORTED_MEDIA_TYPE, status: 415, title: 'Unsupported Media Type', code: 'UNSUPPORTED_MEDIA_TYPE' },
  {
    type: ResponseType.THROTTLED,
    status: 429,
    title: 'Too Many Requests',
    code: 'THROTTLED',
    detail: 'Too many requests: slow down and retry shortly.',
  },
  {
    type: ResponseType.QUOTA_EXCEEDED,
    status: 429,
    title: 'Too Many Requests',
    code: 'THROTTLED',
    detail: 'The quota of this API key is used up.',
  },
  {
    type: ResponseType.INVALID_API_KEY,
    status: 403,
    title: 'Forbidden',
    code: 'FORBIDDEN',
    detail: 'A valid x-api-key header is required.',
  },
  { type: ResponseType.ACCESS_DENIED, status: 403, title: 'Forbidden', code: 'FORBIDDEN' },
  {
    type: ResponseType.INTEGRATION_TIMEOUT,
    status: 502,
    title: 'Bad Gateway',
    code: 'AI_PROVIDER_UNAVAILABLE',
    detail: 'The analysis took too long. Please retry shortly.',
  },
  { type: ResponseType.DEFAULT_4XX, status: 400, title: 'Bad Request', code: 'INVALID_BODY' },
  {
    type: ResponseType.DEFAULT_5XX,
    status: 500,
    title: 'Internal Server Error',
    code: 'INTERNAL',
    detail: 'Something went wrong on our side. Please retry later.',
  },
];

const template = ({ status, title, code, detail }: GatewayProblem): string =>
  `{"type":"about:blank","title":"${title}","status":${status},"detail":${
    detail ? JSON.stringify(detail) : '$context.error.messageString'
  },"code":"${code}","requestId":"$context.requestId"}`;

/** Every status is pinned, because a template cannot read the status it answers with. */
export const addProblemResponses = (api: RestApi, corsOrigin: string | undefined): void => {
  for (const problem of GATEWAY_PROBLEMS) {
    api.addGatewayResponse(`Problem${problem.type.responseType}`, {
      type: problem.type,
      statusCode: String(problem.status),
      responseHeaders: {
        'Content-Type': "'application/problem+json'",
        // As on the function's own answers: the id a client quotes to us.
        'X-Request-Id': 'context.requestId',
        ...(corsOrigin ? { 'Access-Control-Allow-Origin': `'${corsOrigin}'` } : {}),
        ...(problem.status === 429 || problem.status === 502 ? { 'Retry-After': "'10'" } : {}),
      },
      templates: { 'application/json': template(problem) },
    });
  }
};
