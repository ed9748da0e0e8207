/**
 * The OpenAPI 3.1 document of POST /api/analyze, built from the contract's zod schemas by zod-openapi.
 * It is built with the page (web/build.ts) and served as a static file at GET /api/openapi.json, by
 * `npm start` and, deployed, by CloudFront from the page's bucket: the function never loads this.
 */
import * as z from 'zod';
import { createDocument, type ZodOpenApiResponseObject } from 'zod-openapi';
import {
  ANALYZE_PATH,
  analyzeRequestSchema,
  analyzeResponseSchema,
  categorySchema,
  JSON_CONTENT_TYPE,
  MAX_BODY_BYTES,
  PROBLEM_CONTENT_TYPE,
  type ProblemCode,
  problemSchema,
  providerSchema,
} from './contract.js';

/** The version of the contract this document describes; it changes when the contract does. */
export const API_VERSION = '1.1.0';

const requestIdHeader = z.string().meta({ description: 'The id to quote when asking us about this request.' });
const retryAfterHeader = z.string().regex(/^\d+$/).meta({ description: 'Seconds to wait before retrying.', example: '10' });

const problem = (
  description: string,
  codes: readonly ProblemCode[],
  { retry = false, fromEdge = false } = {},
): ZodOpenApiResponseObject => ({
  description: `${description} Codes: ${codes.join(', ')}.`,
  headers: z.object({
    // The web ACLs' own refusals carry no request id; everything behind them does.
    'X-Request-Id': fromEdge ? requestIdHeader.optional().meta(requestIdHeader.meta() ?? {}) : requestIdHeader,
    ...(retry ? { 'Retry-After': retryAfterHeader } : {}),
  }),
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
});

export const openApiDocument = () =>
  createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Stack Analyzer',
      version: API_VERSION,
      summary: 'A free-text project description in, a ranked technology stack out.',
      description: [
        'Send a description of a software project; get back the categories of technology it needs',
        '(payments, maps, realtime …), each with providers ranked best first. Errors are RFC 9457',
        'problem details with a stable `code`. The same analysis is an MCP tool, `recommend_stack`, at',
        'POST /mcp (stateless Streamable HTTP).',
      ].join(' '),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    paths: {
      [ANALYZE_PATH]: {
        post: {
          operationId: 'analyzeProject',
          summary: 'Recommend a technology stack for a project description',
          description: `The body is JSON, at most ${MAX_BODY_BYTES / 1024} KiB. Answers are not cached by HTTP caches (Cache-Control: no-store).`,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: analyzeRequestSchema,
                example: {
                  description: 'A marketplace where dog walkers get paid weekly and owners follow the walk on a map.',
                  providersPerCategory: 3,
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'The recommended stack.',
              headers: z.object({
                'X-Request-Id': requestIdHeader,
                'X-Cache': z
                  .enum(['HIT', 'MISS'])
                  .meta({ description: 'HIT when the answer came from the cache of earlier answers.' }),
                'X-Engine': z.enum(['catalog', 'openai']).meta({
                  description: 'What answered: the AI model grounded in the catalogue, or the catalogue engine alone.',
                }),
              }),
              content: { [JSON_CONTENT_TYPE.split(';')[0] as string]: { schema: analyzeResponseSchema } },
            },
            '400': problem('The body is not JSON, or not a valid request.', [
              'INVALID_JSON',
              'INVALID_BODY',
              'DESCRIPTION_REQUIRED',
              'DESCRIPTION_INVALID',
              'DESCRIPTION_TOO_SHORT',
              'DESCRIPTION_TOO_LONG',
              'PROVIDERS_PER_CATEGORY_INVALID',
            ]),
            '403': problem(
              'The request did not come through the site, or lacks a valid API key where one is required.',
              ['FORBIDDEN'],
              {
                fromEdge: true,
              },
            ),
            '413': problem(`The body is larger than ${MAX_BODY_BYTES / 1024} KiB.`, ['PAYLOAD_TOO_LARGE']),
            '415': problem('The body is not sent as application/json.', ['UNSUPPORTED_MEDIA_TYPE']),
            '429': problem('Too many requests from this address, or the API key quota is used up.', ['THROTTLED'], {
              retry: true,
              fromEdge: true,
            }),
            '500': problem('Something went wrong on our side.', ['INTERNAL']),
            '502': problem('The AI model could not be reached or gave no usable answer in time.', ['AI_PROVIDER_UNAVAILABLE'], {
              retry: true,
            }),
          },
        },
      },
    },
    components: {
      schemas: {
        AnalyzeRequest: analyzeRequestSchema,
        AnalyzeResponse: analyzeResponseSchema,
        Category: categorySchema,
        Provider: providerSchema,
        Problem: problemSchema,
      },
    },
  });
