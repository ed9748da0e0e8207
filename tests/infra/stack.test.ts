import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EDGE_DEFAULTS } from '../../infra/edge-stack.js';
import { DEFAULTS, ORIGIN_VERIFY_HEADER } from '../../infra/stack-analyzer-stack.js';
import { asArray, type CfnResource, flattenJoin, StackFixture, type Synthesised } from '../support/cdk.js';

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

  it('reserves concurrency by default, so a hung model cannot hold hundreds of executions; 0 turns it off', () => {
    expect(analyzeFunction(base).ReservedConcurrentExecutions).toBe(DEFAULTS.reservedConcurrency);
    expect(analyzeFunction(fixture.synth({ reservedConcurrency: 7 })).ReservedConcurrentExecutions).toBe(7);
    expect(analyzeFunction(fixture.synth({ reservedConcurrency: 0 })).ReservedConcurrentExecutions).toBeUndefined();
  });

  it('is told its state table and the day’s token budget, and allows no cross-site calls by default', () => {
    expect(environmentOf(base)).toMatchObject({
      STATE_TABLE_NAME: ref(base.logicalId(base.stack.table)),
      MODEL_DAILY_TOKEN_BUDGET: String(DEFAULTS.dailyTokenBudget),
    });
    expect(environmentOf(base)).not.toHaveProperty('CORS_ALLOW_ORIGINS');
    expect(environmentOf(fixture.synth({ corsOrigin: 'https://partner.example' })).CORS_ALLOW_ORIGINS).toBe(
      'https://partner.example',
    );
  });
});

describe('REST API', () => {
  it('exposes two doors besides OPTIONS, both proxied to the function: POST /api/analyze and ANY /mcp', () => {
    const apiId = base.logicalId(base.stack.api);
    const nonOptions = methods(base).filter(([, p]) => p.HttpMethod !== 'OPTIONS');
    expect(nonOptions.map(([, p]) => p.HttpMethod).sort()).toEqual(['ANY', 'POST']);
    const post = postMethod(base);
    const analyze = base.props(refId(post.ResourceId));
    expect(analyze.PathPart).toBe('analyze');
    const api = base.props(refId(analyze.ParentId));
    expect(api.PathPart).toBe('api');
    expect(api.ParentId).toEqual({ 'Fn::GetAtt': [apiId, 'RootResourceId'] });
    const mcp = (nonOptions.find(([, p]) => p.HttpMethod === 'ANY') as [string, Record<string, unknown>])[1];
    const mcpResource = base.props(refId(mcp.ResourceId));
    expect(mcpResource.PathPart).toBe('mcp');
    expect(mcpResource.ParentId).toEqual({ 'Fn::GetAtt': [apiId, 'RootResourceId'] });
    for (const method of [post, mcp])
      expect(method.Integration).toMatchObject({
        Type: 'AWS_PROXY',
        IntegrationHttpMethod: 'POST',
        Uri: { 'Fn::Join': ['', expect.arrayContaining([getAttArn(base.logicalId(base.stack.fn))])] },
      });
  });

  it('answers no CORS preflight by default (the page is same-origin), and one per door for a configured origin', () => {
    expect(methods(base).filter(([, p]) => p.HttpMethod === 'OPTIONS')).toHaveLength(0);
    const s = fixture.synth({ corsOrigin: 'https://partner.example' });
    const options = methods(s).filter(([, p]) => p.HttpMethod === 'OPTIONS');
    expect(options).toHaveLength(2);
    expect(options.map(([, p]) => p.ResourceId)).toContainEqual(postMethod(s).ResourceId);
    for (const [, preflight] of options) expect(JSON.stringify(preflight.Integration)).toContain("'https://partner.example'");
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
    // And no other principal in the stack is granted the secret.
    expect(secretsManagerStatements(base).map(({ statement }) => statement)).toEqual(secretStatements);
  });

  it('gives the function a role of its own: its log group, its table, its secret and X-Ray, nothing else', () => {
    const statements = functionRoleStatements(base).map(({ statement }) => statement);
    expect(new Set(statements.flatMap(actionsOf))).toEqual(
      new Set([
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'secretsmanager:GetSecretValue',
        'xray:PutTraceSegments',
        'xray:PutTelemetryRecords',
      ]),
    );
    const logGroupId = refId((analyzeFunction(base).LoggingConfig as { LogGroup: unknown }).LogGroup);
    const logs = statements.find((st) => actionsOf(st).includes('logs:PutLogEvents'));
    expect(flattenJoin(logs?.Resource)).toBe(`\${${logGroupId}.Arn}:*`);
    const table = statements.find((st) => actionsOf(st).includes('dynamodb:UpdateItem'));
    expect(table?.Resource).toEqual(getAttArn(base.logicalId(base.stack.table)));
    // No managed policy that would let it write to any log group.
    const roleId = getAttId(analyzeFunction(base).Role);
    expect(base.props(roleId).ManagedPolicyArns).toBeUndefined();
  });

  it('grants no wildcard action anywhere in the template', () => {
    const allows = base.statements().filter(({ statement }) => statement.Effect === 'Allow');
    expect(allows.length).toBeGreaterThan(0);
    // Deny statements may use wildcards (the site bucket denies s3:* without TLS); an allow never may,
    // but for the one KMS requires: a key's own account administers it (its default key policy).
    const keyAdministration = (logicalId: string, statement: { Action?: string | string[]; Principal?: unknown }) =>
      base.resource(logicalId).Type === 'AWS::KMS::Key' &&
      actionsOf(statement).join() === 'kms:*' &&
      JSON.stringify(statement.Principal).includes(':root');
    const wildcards = allows.filter(
      ({ logicalId, statement }) =>
        !keyAdministration(logicalId, statement) &&
        (statement.NotAction !== undefined || actionsOf(statement).some((a) => a === '*' || a.endsWith(':*'))),
    );
    expect(wildcards).toEqual([]);
  });
});

describe('OpenAI secret', () => {
  // Besides the OpenAI key, the stack always holds one secret of its own: the origin header value.
  it('is created by the stack by default', () => {
    base.template.resourceCountIs('AWS::SecretsManager::Secret', 2);
  });

  it('is used as is when given as a complete ARN', () => {
    const s = fixture.synth({ existingSecret: EXISTING_SECRET_ARN });
    s.template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    expect(secretsManagerStatements(s).map(({ statement }) => statement.Resource)).toEqual([EXISTING_SECRET_ARN]);
    expect(environmentOf(s).OPENAI_SECRET_ID).toBe(EXISTING_SECRET_ARN);
  });

  it('is granted with the random six-character suffix pattern when given by name', () => {
    const s = fixture.synth({ existingSecret: 'prod/openai' });
    s.template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    const resources = secretsManagerStatements(s).map(({ statement }) => flattenJoin(statement.Resource));
    expect(resources).toHaveLength(1);
    expect(resources[0]).toMatch(/:secretsmanager:.*:secret:prod\/openai-\?{6}$/);
  });

  it('is absent in catalogue-only mode, with no Secrets Manager permission and the catalog engine', () => {
    const s = fixture.synth({ catalogOnly: true });
    s.template.resourceCountIs('AWS::SecretsManager::Secret', 1);
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
    const s = fixture.synth({ apiKeyRequired: true, corsOrigin: 'https://partner.example' });
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

  it('routes /api/* and /mcp to the API Gateway origin, and the OpenAPI document, first, to the page bucket', () => {
    const config = distribution();
    const originOf = (pattern: string) => {
      const behavior = config.CacheBehaviors.find((b) => b.PathPattern === pattern);
      return config.Origins.find((o) => o.Id === behavior?.TargetOriginId);
    };
    for (const pattern of ['/api/*', '/mcp'])
      expect(JSON.stringify(originOf(pattern)?.DomainName)).toContain(JSON.stringify(ref(base.logicalId(base.stack.api))));
    expect(originOf('/api/openapi.json')?.S3OriginConfig).toBeDefined();
    // CloudFront takes the first pattern that matches: the document must come before /api/*.
    const order = config.CacheBehaviors.map((b) => b.PathPattern);
    expect(order.indexOf('/api/openapi.json')).toBeLessThan(order.indexOf('/api/*'));
  });

  it('keeps its buckets (the page, the edge logs) private: all public access blocked', () => {
    const buckets = base.ofType('AWS::S3::Bucket');
    expect(buckets).toHaveLength(2);
    for (const [, bucket] of buckets) {
      expect(bucket.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });

  it('sits behind the edge web ACL and keeps standard logs (client address, user agent, status, time taken)', () => {
    const config = distribution() as unknown as { WebACLId?: unknown; Logging?: { Bucket?: unknown } };
    expect(JSON.stringify(config.WebACLId)).toMatch(/WebAcl|Fn::GetAtt|ExportsReader/);
    expect(config.Logging?.Bucket).toBeDefined();
  });

  it('adds the origin header the API requires, on the API origin only', () => {
    const config = distribution() as unknown as {
      Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
      CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
    };
    const apiOriginId = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')?.TargetOriginId;
    for (const origin of config.Origins) {
      const header = origin.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
      if (origin.Id === apiOriginId) expect(JSON.stringify(header?.HeaderValue)).toContain('resolve:secretsmanager');
      else expect(header).toBeUndefined();
    }
  });

  it('sends security headers: HSTS, nosniff, no framing, a referrer policy and a CSP with frame-ancestors', () => {
    const policies = base.ofType('AWS::CloudFront::ResponseHeadersPolicy');
    expect(policies).toHaveLength(1);
    const [, policy] = policies[0] as [string, Record<string, unknown>];
    const security = (policy.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> })
      .SecurityHeadersConfig;
    expect(security.StrictTransportSecurity?.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(security.ContentTypeOptions).toMatchObject({ Override: true });
    expect(security.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(security.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    expect(security.ContentSecurityPolicy?.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
  });
});

describe('only CloudFront reaches the API', () => {
  it('puts a regional web ACL on the stage that admits only requests carrying the origin header', () => {
    const acls = base.ofType('AWS::WAFv2::WebACL');
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0] as [string, Record<string, unknown>];
    expect(acl.Scope).toBe('REGIONAL');
    expect(acl.DefaultAction).toMatchObject({ Block: { CustomResponse: { ResponseCode: 403 } } });
    const [rule] = acl.Rules as { Action: unknown; Statement: { ByteMatchStatement: Record<string, unknown> } }[];
    expect(rule?.Action).toEqual({ Allow: {} });
    expect(rule?.Statement.ByteMatchStatement.FieldToMatch).toEqual({ SingleHeader: { Name: ORIGIN_VERIFY_HEADER } });
    expect(JSON.stringify(rule?.Statement.ByteMatchStatement.SearchString)).toContain('resolve:secretsmanager');
    const [, association] = base.ofType('AWS::WAFv2::WebACLAssociation')[0] as [string, Record<string, unknown>];
    expect(association.WebACLArn).toEqual(getAttArn(aclId));
    expect(flattenJoin(association.ResourceArn)).toMatch(
      /:apigateway:.*::\/restapis\/\$\{Api\w+\}\/stages\/\$\{ApiDeploymentStageprod\w+\}$/,
    );
  });

  it("blocks with the service's problem shape", () => {
    const [, acl] = base.ofType('AWS::WAFv2::WebACL')[0] as [string, Record<string, unknown>];
    const bodies = acl.CustomResponseBodies as Record<string, { Content: string; ContentType: string }>;
    expect(JSON.parse(bodies.forbidden?.Content ?? '{}')).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});

describe('edge web ACL (us-east-1)', () => {
  const edge = () => {
    const template = fixture.edge();
    const acls = Object.values((template.toJSON() as { Resources: Record<string, CfnResource> }).Resources).filter(
      (r) => r.Type === 'AWS::WAFv2::WebACL',
    );
    expect(acls).toHaveLength(1);
    return (acls[0] as CfnResource).Properties as {
      Scope: string;
      Rules: { Name: string; Action?: unknown; Statement: Record<string, Record<string, unknown>> }[];
      CustomResponseBodies: Record<string, { Content: string }>;
    };
  };

  it('is a CloudFront-scope ACL that limits each client address, the API more tightly than the page', () => {
    const acl = edge();
    expect(acl.Scope).toBe('CLOUDFRONT');
    const rate = acl.Rules.filter((r) => r.Statement.RateBasedStatement);
    expect(
      rate.map((r) => [r.Name, r.Statement.RateBasedStatement?.AggregateKeyType, r.Statement.RateBasedStatement?.Limit]),
    ).toEqual([
      ['ApiRequestsPerClient', 'IP', EDGE_DEFAULTS.apiRequestsPer5Minutes],
      ['RequestsPerClient', 'IP', EDGE_DEFAULTS.requestsPer5Minutes],
    ]);
  });

  it('counts the API and the MCP door against one per-client limit', () => {
    const rule = edge().Rules.find((r) => r.Name === 'ApiRequestsPerClient');
    const scope = rule?.Statement.RateBasedStatement?.ScopeDownStatement as {
      OrStatement: { Statements: { ByteMatchStatement: { SearchString: string; PositionalConstraint: string } }[] };
    };
    expect(
      scope.OrStatement.Statements.map((s) => [s.ByteMatchStatement.PositionalConstraint, s.ByteMatchStatement.SearchString]),
    ).toEqual([
      ['STARTS_WITH', '/api/'],
      ['STARTS_WITH', '/mcp'],
    ]);
  });

  it('answers a blocked client 429 THROTTLED in the problem shape, with Retry-After', () => {
    const acl = edge();
    const rule = acl.Rules.find((r) => r.Name === 'ApiRequestsPerClient');
    expect(rule?.Action).toMatchObject({
      Block: { CustomResponse: { ResponseCode: 429, ResponseHeaders: [expect.objectContaining({ Name: 'Retry-After' })] } },
    });
    expect(JSON.parse(acl.CustomResponseBodies.throttled?.Content ?? '{}')).toMatchObject({ status: 429, code: 'THROTTLED' });
  });

  it("uses AWS's managed rules: common, known bad inputs and IP reputation", () => {
    const groups = edge()
      .Rules.map((r) => (r.Statement.ManagedRuleGroupStatement as { Name?: string } | undefined)?.Name)
      .filter(Boolean);
    expect(groups).toEqual(
      expect.arrayContaining([
        'AWSManagedRulesCommonRuleSet',
        'AWSManagedRulesKnownBadInputsRuleSet',
        'AWSManagedRulesAmazonIpReputationList',
      ]),
    );
  });
});

describe('shared state table', () => {
  it('is on demand, keyed by pk, with TTL on expiresAt', () => {
    const table = base.props(base.logicalId(base.stack.table));
    expect(table.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.KeySchema).toEqual([{ AttributeName: 'pk', KeyType: 'HASH' }]);
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
  });
});

describe('alarms', () => {
  it('watch API 5xx, function errors and throttles, provider failures and the spent budget, all on one topic', () => {
    const alarms = base.ofType('AWS::CloudWatch::Alarm');
    const topics = base.ofType('AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    const [topicId] = topics[0] as [string, Record<string, unknown>];
    const watched = alarms.map(([, a]) => JSON.stringify([a.MetricName, a.Metrics]));
    for (const metric of ['5XXError', 'Errors', 'Throttles', 'ProviderFailures', 'BudgetFallbacks'])
      expect(watched.some((w) => w.includes(metric))).toBe(true);
    for (const [, alarm] of alarms) expect(alarm.AlarmActions).toEqual([ref(topicId)]);
  });

  it('e-mail someone only when asked to', () => {
    base.template.resourceCountIs('AWS::SNS::Subscription', 0);
    const s = fixture.synth({ alarmEmail: 'ops@example.com' });
    const [, subscription] = s.ofType('AWS::SNS::Subscription')[0] as [string, Record<string, unknown>];
    expect(subscription).toMatchObject({ Protocol: 'email', Endpoint: 'ops@example.com' });
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
