import type { JsonSchema } from 'aws-cdk-lib/aws-apigateway';
import { z } from 'zod';
import { analyzeRequestSchema } from '../functions/analyze/contract.js';

/** JSON Schema keys whose CDK names drop the `$`. */
const RENAMED: Readonly<Record<string, string>> = { $schema: 'schema', $ref: 'ref', $id: 'id' };

const toCdkJsonSchema = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(toCdkJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [RENAMED[k] ?? k, toCdkJsonSchema(v)]));
};

/**
 * The request body model for API Gateway, generated from the contract's zod schema (draft 4, which is
 * what API Gateway validates), so the gateway and the Lambda never disagree on the shape.
 */
export const analyzeRequestModelSchema = (): JsonSchema =>
  toCdkJsonSchema(z.toJSONSchema(analyzeRequestSchema, { target: 'draft-4', io: 'input' })) as JsonSchema;
