import { CfnOutput, RemovalPolicy, SecretValue, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  Period,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import { AllowedMethods, CachePolicy, Distribution, OriginRequestPolicy, ViewerProtocolPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { RestApiOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { AnalyzeFunction } from './analyze-function.js';
import { analyzeRequestModelSchema } from './api-model.js';
import { suppressJustifiedFindings } from './nag-suppressions.js';
import { addProblemResponses } from './problem-responses.js';

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
  reservedConcurrency?: number;
  logRetention?: RetentionDays;
  /** Origin allowed to call the API from other sites' pages; the search page itself is same-origin. */
  corsOrigin?: string;
  /** Folder with the built search page; when set, it is served by CloudFront in front of the API. */
  webAssetsDir?: string;
}

export const DEFAULTS = {
  openaiModel: 'gpt-4.1-mini',
  throttleRateLimit: 20,
  throttleBurstLimit: 40,
  logRetention: RetentionDays.ONE_MONTH,
  corsOrigin: '*',
} as const;

export class StackAnalyzerStack extends Stack {
  readonly api: RestApi;
  readonly fn: AnalyzeFunction;
  readonly secret: ISecret | undefined;

  constructor(scope: Construct, id: string, props: StackAnalyzerStackProps = {}) {
    super(scope, id, props);
    const {
      catalogOnly = false,
      openaiModel = DEFAULTS.openaiModel,
      throttleRateLimit = DEFAULTS.throttleRateLimit,
      throttleBurstLimit = DEFAULTS.throttleBurstLimit,
      logRetention = DEFAULTS.logRetention,
      corsOrigin = DEFAULTS.corsOrigin,
      apiKeyRequired = false,
    } = props;

    this.secret = catalogOnly ? undefined : this.openAISecret(props.existingSecret);

    this.fn = new AnalyzeFunction(this, 'Analyze', {
      logRetention,
      reservedConcurrency: props.reservedConcurrency,
      environment: {
        POWERTOOLS_SERVICE_NAME: 'stack-analyzer',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        ANALYZE_ENGINE: catalogOnly ? 'catalog' : 'openai',
        CORS_ALLOW_ORIGINS: corsOrigin,
        ...(this.secret ? { OPENAI_SECRET_ID: this.secret.secretArn, OPENAI_MODEL: openaiModel } : {}),
      },
    });
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

    this.api = this.restApi({ throttleRateLimit, throttleBurstLimit, logRetention, corsOrigin, apiKeyRequired });
    new CfnOutput(this, 'ApiUrl', { value: this.api.urlForPath('/api/analyze'), description: 'POST a description here' });
    if (this.secret) new CfnOutput(this, 'SecretArn', { value: this.secret.secretArn, description: 'Put the OpenAI key here' });
    if (props.webAssetsDir) this.searchPage(props.webAssetsDir);

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

  private restApi(o: {
    throttleRateLimit: number;
    throttleBurstLimit: number;
    logRetention: RetentionDays;
    corsOrigin: string;
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
      defaultCorsPreflightOptions: {
        allowOrigins: [o.corsOrigin],
        allowMethods: ['POST'],
        allowHeaders: ['Content-Type', 'X-Api-Key'],
      },
    });
    analyze.addMethod('POST', new LambdaIntegration(this.fn, { proxy: true }), {
      requestModels: { 'application/json': model },
      requestValidator: validator,
      apiKeyRequired: o.apiKeyRequired,
    });

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

  /** The search page: a private bucket behind CloudFront, with /api/* routed to the API on the same origin. */
  private searchPage(webAssetsDir: string): void {
    const bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    const distribution = new Distribution(this, 'Site', {
      comment: 'Stack Analyzer search page and API',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new RestApiOrigin(this.api),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // API Gateway needs its own Host header; everything else the client sent goes through.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
    });
    new BucketDeployment(this, 'SiteContent', {
      sources: [Source.asset(webAssetsDir)],
      destinationBucket: bucket,
      distribution,
      distributionPaths: ['/*'],
    });
    new CfnOutput(this, 'SiteUrl', { value: `https://${distribution.distributionDomainName}`, description: 'The search page' });
  }
}
