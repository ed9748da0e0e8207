import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULTS } from '../../infra/stack-analyzer-stack.js';
import { asArray, flattenJoin, StackFixture, type Synthesised } from '../support/cdk.js';

const fixture = new StackFixture();
/** The stack with every default, synthesised once for the tests that need no other props. */
let base: Synthesised;
beforeAll(() => {
  base = fixture.synth();
});
afterAll(() => fixture.dispose());

const EXISTING_SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:openai-AbCdEf';

const ref = (logicalId: string) => ({ Ref: logicalId });
const getAttArn = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });
const refId = (value: unknown): string => {
  const id = (value as { Ref?: unknown } | undefined)?.Ref;
  if (typeof id !== 'string') throw new Error(`Expected a Ref, got ${JSON.stringify(value)}.`);
  return id;
};
const getAttId = (value: unknown): string => {
  const getAtt = (value as { 'Fn::GetAtt'?: unknown } | undefined)?.['Fn::GetAtt'];
  if (!Array.isArray(getAtt) || typeof getAtt[0] !== 'string')
    throw new Error(`Expected Fn::GetAtt, got ${JSON.stringify(value)}.`);
  return getAtt[0];
};

const secretLogicalId = (s: Synthesised): string => {
  if (!s.stack.secret) throw new Error('This stack has no secret.');
  return s.logicalId(s.stack.secret);
};
const analyzeFunction = (s: Synthesised) => s.props(s.logicalId(s.stack.fn));
const environmentOf = (s: Synthesised) => (analyzeFunction(s).Environment as { Variables: Record<string, unknown> }).Variables;
const methods = (s: Synthesised) => s.ofType('AWS::ApiGateway::Method');
const postMethod = (s: Synthesised) => {
  const posts = methods(s).filter(([, p]) => p.HttpMethod === 'POST');
  expect(posts).toHaveLength(1);
  return (posts[0] as [string, Record<string, unknown>])[1];
};
const stageProps = (s: Synthesised) => {
  const stages = s.ofType('AWS::ApiGateway::Stage');
  expect(stages).toHaveLength(1);
  return (stages[0] as [string, Record<string, unknown>])[1];
};
/** The stage-wide method settings: CDK renders deployOptions' throttling there, on every resource and method. */
const stageWideSettings = (s: Synthesised) =>
  (stageProps(s).MethodSettings as Record<string, unknown>[]).find((m) => m.ResourcePath === '/*' && m.HttpMethod === '*');
/** The statements of the analyze function's own role. */
const functionRoleStatements = (s: Synthesised) => {
  const roleId = getAttId(analyzeFunction(s).Role);
  const policies = s.ofType('AWS::IAM::Policy').filter(([, p]) => asArray(p.Roles as unknown[]).some((r) => refId(r) === roleId));
  expect(policies).toHaveLength(1);
  return s.statements().filter(({ logicalId }) => policies.some(([id]) => id === logicalId));
};
const actionsOf = (statement: { Action?: string | string[] }) => asArray(statement.Action);
const secretsManagerStatements = (s: Synthesised) =>
  s.statements().filter(({ statement }) => actionsOf(statement).some((a) => a.toLowerCase().startsWith('secretsmanager:')));
const expectLogGroupWithRetention = (s: Synthesised, logicalId: string) => {
  expect(s.resource(logicalId).Type).toBe('AWS::Logs::LogGroup');
  expect(s.props(logicalId).RetentionInDays).toBe(DEFAULTS.logRetention);
};

describe('analyze Lambda', () => {
  it('runs Node.js 24 on arm64 with 512 MB, active tracing and a timeout under API Gateway’s 29 s', () => {
    const fn = analyzeFunction(base);
    expect(fn.Runtime).toBe('nodejs24.x');
    expect(fn.Architectures).toEqual(['arm64']);
    expect(fn.MemorySize).toBe(512);
    expect(fn.Timeout).toBeLessThanOrEqual(29);
    expect(fn.TracingConfig).toEqual({ Mode: 'Active' });
  });

  it('gets the Powertools settings, the secret reference, the model and the openai engine in its environment', () => {
    const secretId = secretLogicalId(base);
    expect(environmentOf(base)).toMatchObject({
      POWERTOOLS_SERVICE_NAME: 'stack-analyzer',
      POWERTOOLS_LOG_LEVEL: expect.any(String),
      OPENAI_SECRET_ID: ref(secretId),
      OPENAI_MODEL: DEFAULTS.openaiModel,
      ANALYZE_ENGINE: 'openai',
    });
  });

  it('logs to its own log group with a retention period, not to an unmanaged /aws/lambda group', () => {
    const loggingConfig = analyzeFunction(base).LoggingConfig as { LogGroup: unknown; LogFormat?: string };
    expectLogGroupWithRetention(base, refId(loggingConfig.LogGroup));
  });

  it('sets reserved concurrency only when the prop asks for it', () => {
    expect(analyzeFunction(base).ReservedConcurrentExecutions).toBeUndefined();
    expect(analyzeFunction(fixture.synth({ reservedConcurrency: 7 })).ReservedConcurrentExecutions).toBe(7);
  });
});

describe('REST API', () => {
  it('exposes exactly one method besides OPTIONS: POST /api/analyze, proxied to the function', () => {
    const apiId = base.logicalId(base.stack.api);
    const nonOptions = methods(base).filter(([, p]) => p.HttpMethod !== 'OPTIONS');
    expect(nonOptions).toHaveLength(1);
    const post = postMethod(base);
    const analyze = base.props(refId(post.ResourceId));
    expect(analyze.PathPart).toBe('analyze');
    const api = base.props(refId(analyze.ParentId));
    expect(api.PathPart).toBe('api');
    expect(api.ParentId).toEqual({ 'Fn::GetAtt': [apiId, 'RootResourceId'] });
    expect(post.Integration).toMatchObject({
      Type: 'AWS_PROXY',
      IntegrationHttpMethod: 'POST',
      Uri: { 'Fn::Join': ['', expect.arrayContaining([getAttArn(base.logicalId(base.stack.fn))])] },
    });
  });

  it('answers the CORS preflight with OPTIONS on /api/analyze', () => {
    const options = methods(base).filter(([, p]) => p.HttpMethod === 'OPTIONS');
    expect(options).toHaveLength(1);
    const [, preflight] = options[0] as [string, Record<string, unknown>];
    expect(preflight.ResourceId).toEqual(postMethod(base).ResourceId);
  });

  it('validates the request body with a validator attached to POST', () => {
    const validatorId = refId(postMethod(base).RequestValidatorId);
    expect(base.resource(validatorId).Type).toBe('AWS::ApiGateway::RequestValidator');
    expect(base.props(validatorId).ValidateRequestBody).toBe(true);
  });

  it('models the body: description required, 10 to 5,000 characters, unknown fields allowed', () => {
    const models = postMethod(base).RequestModels as Record<string, unknown>;
    const schema = base.props(refId(models['application/json'])).Schema as {
      required?: string[];
      properties: Record<string, { minLength?: number; maxLength?: number }>;
      additionalProperties?: unknown;
    };
    expect(schema.required).toContain('description');
    expect(schema.properties.description).toMatchObject({ minLength: 10, maxLength: 5000 });
    // The contract ignores unknown fields, so the gateway must not refuse them.
    expect(schema.additionalProperties).not.toBe(false);
  });
});

describe('stage', () => {
  it('throttles at 20 requests per second with a burst of 40 by default', () => {
    expect(stageWideSettings(base)).toMatchObject({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 });
  });

  it('honours custom throttle limits', () => {
    const custom = fixture.synth({ throttleRateLimit: 5, throttleBurstLimit: 10 });
    expect(stageWideSettings(custom)).toMatchObject({ ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 });
  });

  it('traces with X-Ray and writes access logs to a log group with retention', () => {
    const stage = stageProps(base);
    expect(stage.TracingEnabled).toBe(true);
    const accessLogs = stage.AccessLogSetting as { DestinationArn: unknown; Format: string };
    expectLogGroupWithRetention(base, getAttId(accessLogs.DestinationArn));
    expect(JSON.parse(accessLogs.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
  });
});

describe('gateway responses', () => {
  it.each([
    ['DEFAULT_4XX', /^4\d\d$/],
    ['DEFAULT_5XX', /^5\d\d$/],
    ['THROTTLED', /^429$/],
    ['BAD_REQUEST_BODY', /^400$/],
    ['MISSING_AUTHENTICATION_TOKEN', /^404$/],
  ])('answers %s as application/problem+json with code and status', (responseType, status) => {
    const responses = base.ofType('AWS::ApiGateway::GatewayResponse').filter(([, p]) => p.ResponseType === responseType);
    expect(responses).toHaveLength(1);
    const [, response] = responses[0] as [string, Record<string, unknown>];
    expect(response.StatusCode).toMatch(status);
    expect((response.ResponseParameters as Record<string, string>)['gatewayresponse.header.Content-Type']).toBe(
      "'application/problem+json'",
    );
    const template = (response.ResponseTemplates as Record<string, string>)['application/json'] ?? '';
    // $context.error.messageString is already a quoted JSON string; $context.requestId sits inside quotes.
    const body = JSON.parse(template.replaceAll('$context.error.messageString', '"x"').replaceAll('$context.requestId', 'r')) as {
      code?: unknown;
      status?: unknown;
    };
    expect(body.code).toEqual(expect.stringMatching(/^[A-Z_]+$/));
    expect(body.status).toBe(Number(response.StatusCode));
  });
});

describe('IAM', () => {
  it('lets the function read its one secret and nothing else from Secrets Manager', () => {
    const secretId = secretLogicalId(base);
    const statements = functionRoleStatements(base).map(({ statement }) => statement);
    const secretStatements = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')));
    expect(secretStatements).toEqual([{ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: ref(secretId) }]);
    // Besides the secret, the role may only write X-Ray traces (logs come from the managed basic role).
    expect(new Set(statements.flatMap(actionsOf))).toEqual(
      new Set(['secretsmanager:GetSecretValue', 'xray:PutTraceSegments', 'xray:PutTelemetryRecords']),
    );
    // And no other principal in the stack is granted the secret.
    expect(secretsManagerStatements(base).map(({ statement }) => statement)).toEqual(secretStatements);
  });

  it('grants no wildcard action anywhere in the template', () => {
    const allows = base.statements().filter(({ statement }) => statement.Effect === 'Allow');
    expect(allows.length).toBeGreaterThan(0);
    // Deny statements may use wildcards (the site bucket denies s3:* without TLS); an allow never may.
    const wildcards = allows.filter(
      ({ statement }) => statement.NotAction !== undefined || actionsOf(statement).some((a) => a === '*' || a.endsWith(':*')),
    );
    expect(wildcards).toEqual([]);
  });
});

describe('OpenAI secret', () => {
  it('is created by the stack by default', () => {
    base.template.resourceCountIs('AWS::SecretsManager::Secret', 1);
  });

  it('is used as is when given as a complete ARN', () => {
    const s = fixture.synth({ existingSecret: EXISTING_SECRET_ARN });
    s.template.resourceCountIs('AWS::SecretsManager::Secret', 0);
    expect(secretsManagerStatements(s).map(({ statement }) => statement.Resource)).toEqual([EXISTING_SECRET_ARN]);
    expect(environmentOf(s).OPENAI_SECRET_ID).toBe(EXISTING_SECRET_ARN);
  });

  it('is granted with the random six-character suffix pattern when given by name', () => {
    const s = fixture.synth({ existingSecret: 'prod/openai' });
    s.template.resourceCountIs('AWS::SecretsManager::Secret', 0);
    const resources = secretsManagerStatements(s).map(({ statement }) => flattenJoin(statement.Resource));
    expect(resources).toHaveLength(1);
    expect(resources[0]).toMatch(/:secretsmanager:.*:secret:prod\/openai-\?{6}$/);
  });

  it('is absent in catalogue-only mode, with no Secrets Manager permission and the catalog engine', () => {
    const s = fixture.synth({ catalogOnly: true });
    s.template.resourceCountIs('AWS::SecretsManager::Secret', 0);
    expect(secretsManagerStatements(s)).toEqual([]);
    expect(environmentOf(s).ANALYZE_ENGINE).toBe('catalog');
    expect(environmentOf(s)).not.toHaveProperty('OPENAI_SECRET_ID');
    expect(s.json.Outputs).not.toHaveProperty('SecretArn');
  });
});

describe('API key', () => {
  it('is off by default', () => {
    base.template.resourceCountIs('AWS::ApiGateway::ApiKey', 0);
    base.template.resourceCountIs('AWS::ApiGateway::UsagePlan', 0);
    expect(postMethod(base).ApiKeyRequired ?? false).toBe(false);
  });

  it('comes with a usage plan when required, on POST but not on the preflight', () => {
    const s = fixture.synth({ apiKeyRequired: true });
    s.template.resourceCountIs('AWS::ApiGateway::ApiKey', 1);
    s.template.resourceCountIs('AWS::ApiGateway::UsagePlan', 1);
    s.template.resourceCountIs('AWS::ApiGateway::UsagePlanKey', 1);
    expect(postMethod(s).ApiKeyRequired).toBe(true);
    // Browsers send no custom headers on a preflight, so OPTIONS must stay open.
    const [, preflight] = methods(s).find(([, p]) => p.HttpMethod === 'OPTIONS') as [string, Record<string, unknown>];
    expect(preflight.ApiKeyRequired ?? false).toBe(false);
  });
});

describe('search page on CloudFront', () => {
  const distribution = () => {
    const distributions = base.ofType('AWS::CloudFront::Distribution');
    expect(distributions).toHaveLength(1);
    const [, props] = distributions[0] as [string, Record<string, unknown>];
    return props.DistributionConfig as {
      Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; S3OriginConfig?: unknown }[];
      DefaultCacheBehavior: { TargetOriginId: string };
      CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
    };
  };

  it('serves the page from the S3 bucket through Origin Access Control', () => {
    const config = distribution();
    const origin = config.Origins.find((o) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
    expect(origin?.S3OriginConfig).toBeDefined();
    const oacId = getAttId(origin?.OriginAccessControlId);
    expect(base.resource(oacId).Type).toBe('AWS::CloudFront::OriginAccessControl');
    expect(base.props(oacId).OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
    });
    expect(base.resource(getAttId(origin?.DomainName)).Type).toBe('AWS::S3::Bucket');
  });

  it('routes /api/* to the API Gateway origin', () => {
    const config = distribution();
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o) => o.Id === api?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain(JSON.stringify(ref(base.logicalId(base.stack.api))));
  });

  it('keeps the bucket private: all public access blocked', () => {
    const buckets = base.ofType('AWS::S3::Bucket');
    expect(buckets).toHaveLength(1);
    const [, bucket] = buckets[0] as [string, Record<string, unknown>];
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });
});

describe('outputs and tags', () => {
  it('outputs the API URL and the secret ARN', () => {
    expect(flattenJoin(base.json.Outputs?.ApiUrl?.Value)).toMatch(/^https:\/\/.*\/api\/analyze$/);
    expect(base.json.Outputs?.SecretArn?.Value).toEqual(ref(secretLogicalId(base)));
  });

  it('tags the stack and its resources with project=stack-analyzer', () => {
    expect(base.stack.tags.tagValues()).toMatchObject({ project: 'stack-analyzer' });
    expect(analyzeFunction(base).Tags).toContainEqual({ Key: 'project', Value: 'stack-analyzer' });
  });
});
