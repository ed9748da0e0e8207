import { fileURLToPath } from 'node:url';
import { Duration } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction, type NodejsFunctionProps, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** The compiled catalogue's folder in the sources; the bundle carries it as compiled/ beside index.mjs. */
export const CATALOG_DIR = 'functions/analyze/catalog/compiled';

/**
 * How the handler is bundled: one place, read by NodejsFunction here and by `npm run bench`, which
 * measures the same bundle. Each flag says why it is set.
 */
export const ANALYZE_BUNDLING = {
  // middy 7 and our code are ESM; an ESM bundle also loads faster than CJS interop.
  format: OutputFormat.ESM,
  target: 'node24',
  mainFields: ['module', 'main'],
  // Smaller bundle, faster cold start; source maps keep stack traces readable in the logs.
  minify: true,
  sourceMap: true,
  // Line mappings only: the sources are in git, and embedding them would ship ~9 MB with every deploy.
  sourcesContent: false,
  // Error class names (ProviderUnavailableError …) appear in logs and must survive minifying.
  keepNames: true,
  // Bundle the AWS SDK we tested against instead of the runtime's copy.
  bundleAwsSDK: true,
  externalModules: [],
  // Some dependencies still call require(); ESM has none, so give it one.
  banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  // The compiled catalogue is data the function reads at cold start, not code: it travels beside index.mjs.
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) => [`cp -R "${inputDir}/${CATALOG_DIR}" "${outputDir}/compiled"`],
  },
} satisfies BundlingOptions;

export interface AnalyzeFunctionProps {
  environment: Record<string, string>;
  logRetention: RetentionDays;
  /** Reserved concurrency: caps what one function can cost, and what a hung model can hold; 0 for none. */
  reservedConcurrency: number;
}

/**
 * The analyze Lambda with every default in one place. Each bundling flag says why it is set.
 */
export class AnalyzeFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, { environment, logRetention, reservedConcurrency }: AnalyzeFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: logRetention });
    // A role of its own, instead of the managed basic-execution policy that may write to any log group:
    // this function writes to its own group and nowhere else.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Stack Analyzer analyze function',
    });
    role.addToPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [`${logGroup.logGroupArn}:*`] }),
    );
    const props: NodejsFunctionProps = {
      role,
      entry: fileURLToPath(new URL('../functions/analyze/handler.ts', import.meta.url)),
      handler: 'handler',
      runtime: Runtime.NODEJS_24_X,
      // Graviton: about 20% cheaper per GB-second than x86 for the same work.
      architecture: Architecture.ARM_64,
      // The work is waiting on the model (I/O); more memory buys little there. 512 MB keeps the cold
      // start (module load, TLS) short while the catalogue engine needs only a few MB.
      memorySize: 512,
      // Under API Gateway's 29 s; the handler keeps a second back to answer 502 before either limit.
      timeout: Duration.seconds(28),
      tracing: Tracing.ACTIVE,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      reservedConcurrentExecutions: reservedConcurrency > 0 ? reservedConcurrency : undefined,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...environment },
      bundling: ANALYZE_BUNDLING,
    };
    super(scope, id, props);
  }
}
