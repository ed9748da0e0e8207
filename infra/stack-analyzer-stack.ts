import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  Period,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { RestApiOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { ANALYZE_PATH, MCP_PATH, OPENAPI_PATH } from '../functions/analyze/limits.js';
import { addAlarms } from './alarms.js';
import { AnalyzeFunction } from './analyze-function.js';
import { analyzeRequestModelSchema } from './api-model.js';
import { edgeProblem } from './edge-stack.js';
import { suppressJustifiedFindings } from './nag-suppressions.js';
import { addProblemResponses } from './problem-responses.js';

/** The headers of the MCP Streamable HTTP transport, which the MCP door reads. */
const MCP_HEADERS = ['Mcp-Protocol-Version', 'Mcp-Session-Id', 'Mcp-Method', 'Mcp-Name'];

export interface StackAnalyzerStackProps extends StackProps {
  /** Deploy with the embedded catalogue engine and no secret at all. */
  catalogOnly?: boolean;
  /** An existing secret (name or ARN) holding the OpenAI key; by default the stack creates one. */
  existingSecret?: string;
  openaiModel?: string;
  /** Steady-state requests per second across the stage, and the burst above it. */
  throttleRateLimit?: number;
  throttleBurstLimit?: number;
  /** Require an x-api-key header, with a usage plan; off by default. */
  apiKeyRequired?: boolean;
  /** The function's reserved concurrency; 0 for none. */
  reservedConcurrency?: number;
  logRetention?: RetentionDays;
  /** An origin allowed to call the API from other sites' pages; none by default (the page is same-origin). */
  corsOrigin?: string;
  /** The day's model token budget, after which the catalogue answers. */
  dailyTokenBudget?: number;
  /** An e-mail address the alarms notify, besides the SNS topic. */
  alarmEmail?: string;
  /** Folder with the built search page; when set, it is served by CloudFront in front of the API. */
  webAssetsDir?: string;
  /** The edge web ACL (CloudFront scope, us-east-1) attached to the distribution: see edge-stack.ts. */
  webAclArn?: string;
}

export const DEFAULTS = {
  openaiModel: 'gpt-4.1-mini',
  throttleRateLimit: 20,
  throttleBurstLimit: 40,
  // A hung model holds an execution for up to 28 s: at the stage limit that would be hundreds. 25 keeps
  // a day's worst case bounded and leaves the account's pool for everything else.
  reservedConcurrency: 25,
  logRetention: RetentionDays.ONE_MONTH,
  dailyTokenBudget: 3_000_000,
} as const;

/** The header CloudFront adds to every request it sends the API, and the API's web ACL requires. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

export class StackAnalyzerStack extends Stack {
  readonly api: RestApi;
  readonly fn: AnalyzeFunction;
  readonly secret: ISecret | undefined;
  readonly table: Table;
  readonly originVerify: Secret;
  distribution: Distribution | undefined;

  constructor(scope: Construct, id: string, props: StackAnalyzerStackProps = {}) {
    super(scope, id, props);
    const {
      catalogOnly = false,
      openaiModel = DEFAULTS.openaiModel,
      throttleRateLimit = DEFAULTS.throttleRateLimit,
      throttleBurstLimit = DEFAULTS.throttleBurstLimit,
      logRetention = DEFAULTS.logRetention,
      corsOrigin,
      apiKeyRequired = false,
      reservedConcurrency = DEFAULTS.reservedConcurrency,
      dailyTokenBudget = DEFAULTS.dailyTokenBudget,
    } = props;

    this.secret = catalogOnly ? undefined : this.openAISecret(props.existingSecret);
    this.table = this.stateTable();

    this.fn = new AnalyzeFunction(this, 'Analyze', {
      logRetention,
      reservedConcurrency,
      environment: {
        POWERTOOLS_SERVICE_NAME: 'stack-analyzer',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        ANALYZE_ENGINE: catalogOnly ? 'catalog' : 'openai',
        ...(corsOrigin ? { CORS_ALLOW_ORIGINS: corsOrigin } : {}),
        STATE_TABLE_NAME: this.table.tableName,
        MODEL_DAILY_TOKEN_BUDGET: String(dailyTokenBudget),
        ...(this.secret ? { OPENAI_SECRET_ID: this.secret.secretArn, OPENAI_MODEL: openaiModel } : {}),
      },
    });
    // The shared cache and the token counter: this one table, item reads and writes only.
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
        resources: [this.table.tableArn],
      }),
    );
    if (this.secret) {
      // GetSecretValue on this one secret, nothing else. An imported-by-name secret's ARN ends in a
      // random six-character suffix, hence the pattern.
      this.fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [this.secret.secretFullArn ?? `${this.secret.secretArn}-??????`],
        }),
      );
    }

    // A value only CloudFront knows: it adds it to every request to the API, and the API's web ACL turns
    // away any request without it, so the execute-api address is no way around the edge's limits.
    this.originVerify = new Secret(this, 'OriginVerify', {
      description: 'Stack Analyzer: the header value CloudFront sends the API',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });

    this.api = this.restApi({ throttleRateLimit, throttleBurstLimit, logRetention, corsOrigin, apiKeyRequired });
    this.apiWebAcl();
    new CfnOutput(this, 'ApiUrl', {
      value: this.api.urlForPath(ANALYZE_PATH),
      description: 'The API itself: it answers only requests that come through the site (SiteUrl/api/analyze)',
    });
    if (this.secret) new CfnOutput(this, 'SecretArn', { value: this.secret.secretArn, description: 'Put the OpenAI key here' });
    if (props.webAssetsDir) this.distribution = this.searchPage(props.webAssetsDir, logRetention, props.webAclArn);

    addAlarms(this, { fn: this.fn, api: this.api, email: props.alarmEmail });

    Tags.of(this).add('project', 'stack-analyzer');
    Tags.of(this).add('service', 'analyze-api');
    Tags.of(this).add('managed-by', 'cdk');
    suppressJustifiedFindings(this);
  }

  private openAISecret(existing: string | undefined): ISecret {
    if (existing) {
      return existing.startsWith('arn:')
        ? Secret.fromSecretCompleteArn(this, 'OpenAIKey', existing)
        : Secret.fromSecretNameV2(this, 'OpenAIKey', existing);
    }
    // A placeholder the operator fills in after the first deploy; until then the API answers 500.
    return new Secret(this, 'OpenAIKey', {
      description: 'OpenAI API key for Stack Analyzer: a plain string or {"apiKey": "sk-..."}',
      secretStringValue: SecretValue.unsafePlainText('{"apiKey":""}'),
    });
  }

  /** What containers share: model answers and the day's token counter (functions/analyze/state.ts). */
  private stateTable(): Table {
    return new Table(this, 'State', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'expiresAt',
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Cached answers and counters only: nothing to keep when the stack goes.
      removalPolicy: RemovalPolicy.DESTROY,
    });
  }

  private restApi(o: {
    throttleRateLimit: number;
    throttleBurstLimit: number;
    logRetention: RetentionDays;
    corsOrigin: string | undefined;
    apiKeyRequired: boolean;
  }): RestApi {
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: o.logRetention });
    const api = new RestApi(this, 'Api', {
      restApiName: 'stack-analyzer',
      description: 'POST /api/analyze: a project description in, a ranked technology stack out.',
      endpointTypes: [EndpointType.REGIONAL],
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.DESTROY,
      deployOptions: {
        stageName: 'prod',
        throttlingRateLimit: o.throttleRateLimit,
        throttlingBurstLimit: o.throttleBurstLimit,
        tracingEnabled: true,
        metricsEnabled: true,
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        // API Gateway sees CloudFront's address: the client's address, user agent and timing are in
        // CloudFront's standard logs, joined to these by the request id CloudFront forwards.
        accessLogFormat: AccessLogFormat.jsonWithStandardFields({
          caller: false,
          httpMethod: true,
          ip: true,
          protocol: true,
          requestTime: true,
          resourcePath: true,
          responseLength: true,
          status: true,
          user: false,
        }),
      },
    });
    addProblemResponses(api, o.corsOrigin);

    const model = api.addModel('AnalyzeRequestModel', {
      contentType: 'application/json',
      modelName: 'AnalyzeRequest',
      schema: analyzeRequestModelSchema(),
    });
    const validator = api.addRequestValidator('BodyValidator', { validateRequestBody: true, validateRequestParameters: true });
    const analyze = api.root.addResource('api').addResource('analyze', {
      ...(o.corsOrigin
        ? {
            defaultCorsPreflightOptions: {
              allowOrigins: [o.corsOrigin],
              allowMethods: ['POST'],
              allowHeaders: ['Content-Type', 'X-Api-Key'],
              maxAge: Duration.minutes(10),
            },
          }
        : {}),
    });
    const integration = new LambdaIntegration(this.fn, { proxy: true });
    analyze.addMethod('POST', integration, {
      requestModels: { 'application/json': model },
      requestValidator: validator,
      apiKeyRequired: o.apiKeyRequired,
    });
    // The MCP door: every method reaches the function, whose MCP SDK answers JSON-RPC over POST and
    // refuses GET and DELETE (no streams, no sessions) as the protocol expects.
    const mcp = api.root.addResource('mcp', {
      ...(o.corsOrigin
        ? {
            defaultCorsPreflightOptions: {
              allowOrigins: [o.corsOrigin],
              allowMethods: ['POST'],
              allowHeaders: ['Content-Type', 'Accept', 'X-Api-Key', ...MCP_HEADERS],
              maxAge: Duration.minutes(10),
            },
          }
        : {}),
    });
    mcp.addMethod('ANY', integration, { apiKeyRequired: o.apiKeyRequired });

    if (o.apiKeyRequired) {
      const plan = api.addUsagePlan('UsagePlan', {
        name: 'stack-analyzer',
        throttle: { rateLimit: o.throttleRateLimit, burstLimit: o.throttleBurstLimit },
        quota: { limit: 100_000, period: Period.MONTH },
      });
      plan.addApiStage({ stage: api.deploymentStage });
      plan.addApiKey(api.addApiKey('ApiKey', { description: 'Stack Analyzer client key' }));
    }
    return api;
  }

  /** A regional web ACL on the stage: only requests carrying CloudFront's origin header get through. */
  private apiWebAcl(): void {
    const acl = new CfnWebACL(this, 'ApiWebAcl', {
      scope: 'REGIONAL',
      description: 'Stack Analyzer API: only requests that come through CloudFront',
      defaultAction: {
        block: { customResponse: { responseCode: 403, customResponseBodyKey: 'forbidden' } },
      },
      customResponseBodies: {
        forbidden: {
          contentType: 'APPLICATION_JSON',
          content: edgeProblem(403, 'Forbidden', 'FORBIDDEN', 'Call the API through the site: POST <site>/api/analyze.'),
        },
      },
      rules: [
        {
          name: 'FromCloudFront',
          priority: 0,
          action: { allow: {} },
          statement: {
            byteMatchStatement: {
              fieldToMatch: { singleHeader: { Name: ORIGIN_VERIFY_HEADER } },
              positionalConstraint: 'EXACTLY',
              searchString: this.originVerify.secretValue.unsafeUnwrap(),
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
          visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'FromCloudFront', sampledRequestsEnabled: false },
        },
      ],
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'StackAnalyzerApi', sampledRequestsEnabled: true },
    });
    new CfnWebACLAssociation(this, 'ApiWebAclAssociation', {
      resourceArn: this.api.deploymentStage.stageArn,
      webAclArn: acl.attrArn,
    });
  }

  /**
   * The search page: a private bucket behind CloudFront, with /api/* routed to the API on the same
   * origin, the edge web ACL in front, security headers on every answer and standard logs kept.
   */
  private searchPage(webAssetsDir: string, logRetention: RetentionDays, webAclArn: string | undefined): Distribution {
    const bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    // CloudFront's standard logs: the client address, user agent, status and time taken of every request.
    const logs = new Bucket(this, 'EdgeLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logging writes with an ACL.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(retentionDays(logRetention)) }],
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Stack Analyzer: HSTS, no sniffing, no framing, a strict CSP',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: {
          contentSecurityPolicy:
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
          override: true,
        },
      },
    });
    // What the API needs of a request, and the client's address as CloudFront saw it (for the model
    // provider's abuse controls); never the Host, which must be API Gateway's own.
    const apiRequestPolicy = new OriginRequestPolicy(this, 'ApiRequests', {
      comment: 'Stack Analyzer API: the headers it reads, and the viewer address',
      headerBehavior: OriginRequestHeaderBehavior.allowList(
        'Content-Type',
        'Accept',
        'Origin',
        'User-Agent',
        'X-Api-Key',
        'Access-Control-Request-Method',
        'Access-Control-Request-Headers',
        'CloudFront-Viewer-Address',
      ),
      queryStringBehavior: OriginRequestQueryStringBehavior.none(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    // MCP clients send their protocol headers; the function reads them. Another policy, as one may
    // list at most ten headers.
    const mcpRequestPolicy = new OriginRequestPolicy(this, 'McpRequests', {
      comment: 'Stack Analyzer MCP: the headers MCP clients send, and the viewer address',
      headerBehavior: OriginRequestHeaderBehavior.allowList(
        'Content-Type',
        'Accept',
        'Origin',
        'User-Agent',
        'X-Api-Key',
        'CloudFront-Viewer-Address',
        ...MCP_HEADERS,
      ),
      queryStringBehavior: OriginRequestQueryStringBehavior.none(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    const apiOrigin = new RestApiOrigin(this.api, {
      customHeaders: { [ORIGIN_VERIFY_HEADER]: this.originVerify.secretValue.unsafeUnwrap() },
    });
    const pageOrigin = S3BucketOrigin.withOriginAccessControl(bucket);
    const apiBehavior = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      responseHeadersPolicy: headers,
    };
    const distribution = new Distribution(this, 'Site', {
      comment: 'Stack Analyzer search page and API',
      defaultRootObject: 'index.html',
      webAclId: webAclArn,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: pageOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
      },
      // In order of precedence: the OpenAPI document is a file of the page's, built from the contract.
      additionalBehaviors: {
        [OPENAPI_PATH]: {
          origin: pageOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
        },
        '/api/*': { ...apiBehavior, originRequestPolicy: apiRequestPolicy },
        [MCP_PATH]: { ...apiBehavior, originRequestPolicy: mcpRequestPolicy },
      },
    });
    new BucketDeployment(this, 'SiteContent', {
      sources: [Source.asset(webAssetsDir)],
      destinationBucket: bucket,
      distribution,
      distributionPaths: ['/*'],
    });
    new CfnOutput(this, 'SiteUrl', { value: `https://${distribution.distributionDomainName}`, description: 'The search page' });
    return distribution;
  }
}

const retentionDays = (retention: RetentionDays): number => (retention === RetentionDays.INFINITE ? 3_650 : retention);
