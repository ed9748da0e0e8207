/**
 * The CDK app. Environment-agnostic and free of look-ups, so `cdk synth` runs offline with no AWS
 * account. Settings come from context (`-c key=value` or cdk.json).
 */
import { fileURLToPath } from 'node:url';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EdgeStack } from '../infra/edge-stack.js';
import { StackAnalyzerStack } from '../infra/stack-analyzer-stack.js';
import { writeWebAssets } from '../web/build.js';

const app = new App();
const context = (key: string): string | undefined => {
  const value = app.node.tryGetContext(key) as unknown;
  return value === undefined || value === null || value === '' ? undefined : String(value);
};
const numberContext = (key: string): number | undefined => {
  const value = context(key);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`Context ${key} must be a non-negative number, got "${value}".`);
  return n;
};

// The page is built from web/ at every synth, so a deploy always ships the page that matches the code.
const webAssetsDir = fileURLToPath(new URL('../web/dist', import.meta.url));
await writeWebAssets(webAssetsDir);

const stackName = context('stackName') ?? 'StackAnalyzer';
// Cross-region references need a concrete region for both stacks; the account may stay open.
const region = context('region') ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1';
const account = process.env.CDK_DEFAULT_ACCOUNT;

// CloudFront's web ACL must live in us-east-1: a small companion stack, referenced across regions.
const edge = new EdgeStack(app, `${stackName}Edge`, {
  description: 'Stack Analyzer: the edge web ACL (per-client rate limits, AWS managed rules) for CloudFront',
  env: { account, region: 'us-east-1' },
  crossRegionReferences: true,
  limits: {
    apiRequestsPer5Minutes: numberContext('apiRequestsPer5Minutes'),
    requestsPer5Minutes: numberContext('requestsPer5Minutes'),
  },
});

new StackAnalyzerStack(app, stackName, {
  description: 'Stack Analyzer: POST /api/analyze behind API Gateway, with its search page on CloudFront',
  env: { account, region },
  crossRegionReferences: true,
  webAclArn: edge.webAclArn,
  alarmEmail: context('alarmEmail'),
  dailyTokenBudget: numberContext('dailyTokenBudget'),
  catalogOnly: context('catalogOnly') === 'true',
  existingSecret: context('secret'),
  openaiModel: context('openaiModel'),
  throttleRateLimit: numberContext('throttleRateLimit'),
  throttleBurstLimit: numberContext('throttleBurstLimit'),
  apiKeyRequired: context('apiKeyRequired') === 'true',
  reservedConcurrency: numberContext('reservedConcurrency'),
  corsOrigin: context('corsOrigin'),
  webAssetsDir,
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
