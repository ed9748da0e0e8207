/**
 * Checks a real HTTP answer against the published OpenAPI document: the status is one the operation
 * documents, every required header is present and matches its schema, and the body matches the schema
 * of its content type. Ajv reads the document's JSON Schemas (OpenAPI 3.1 is JSON Schema 2020-12).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { openApiDocument } from '../../functions/analyze/openapi.js';

interface HeaderObject {
  required?: boolean;
  schema: object;
}
interface ResponseObject {
  headers?: Record<string, HeaderObject>;
  content?: Record<string, { schema: object }>;
}

export const DOCUMENT = openApiDocument() as unknown as {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
};
const DOCUMENT_ID = 'https://stack-analyzer.example/openapi.json';
// The document itself is not a JSON Schema; its components are. Formats are the contract tests' job.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(DOCUMENT, DOCUMENT_ID);

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** What does not conform, in words; empty when the answer is one the document describes. */
export const nonConformance = async (path: string, method: string, response: Response): Promise<string[]> => {
  const documented = DOCUMENT.paths[path]?.[method]?.responses[String(response.status)];
  if (!documented) return [`status ${response.status} is not documented for ${method.toUpperCase()} ${path}`];
  const problems: string[] = [];
  const base = `${DOCUMENT_ID}#/paths/${pointer(path, method, 'responses', String(response.status))}`;
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    const value = response.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`required header ${name} is missing`);
      continue;
    }
    const validate = ajv.getSchema(`${base}/headers/${pointer(name)}/schema`);
    if (validate && !validate(value)) problems.push(`header ${name}: ${ajv.errorsText(validate.errors)}`);
  }
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const content = documented.content?.[mediaType];
  if (!content) return [...problems, `content type "${mediaType}" is not documented for status ${response.status}`];
  const validate = ajv.getSchema(`${base}/content/${pointer(mediaType)}/schema`);
  const body: unknown = await response.json();
  if (!validate) problems.push('no schema for the body');
  else if (!validate(body)) problems.push(`body: ${ajv.errorsText(validate.errors)}`);
  return problems;
};
