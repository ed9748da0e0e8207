import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Duration } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The function's asset, built by bin/build-function.ts on this machine (no Docker): ESM chunks, the
 * compiled catalogue beside index.mjs. The build runs in its own process because CDK's local bundling
 * is synchronous and esbuild's plugins are not. Source maps go beside the asset in cdk.out, not into it.
 */
export const analyzeCode = (): Code =>
  Code.fromAsset(ROOT, {
    // Hash what is deployed, not the project tree.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Only used if local bundling declined, which it never does: there is no Docker here.
      image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs24.x'),
      local: {
        tryBundle(outputDir: string) {
          // One folder in cdk.out, replaced by each build: the maps of what was last synthesized.
          const sourcemaps = join(dirname(outputDir), 'analyze-sourcemaps');
          const built = spawnSync(
            process.execPath,
            [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'bin/build-function.ts'), outputDir, sourcemaps],
            { cwd: ROOT, stdio: 'inherit' },
          );
          if (built.status !== 0) throw new Error(`Building the analyze function failed (exit ${built.status}).`);
          return true;
        },
      },
    },
  });

export interface AnalyzeFunctionProps {
  environment: Record<string, string>;
  logRetention: RetentionDays;
  /** Reserved concurrency: caps what one function can cost, and what a hung model can hold; 0 for none. */
  reservedConcurrency: number;
}

/** The analyze Lambda with every default in one place, each said why. */
export class AnalyzeFunction extends LambdaFunction {
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
    super(scope, id, {
      role,
      code: analyzeCode(),
      handler: 'index.handler',
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
      // No --enable-source-maps: it costs every cold start tens of milliseconds, and the logs carry no
      // stack traces to map (errors are logged by name and message). The maps are kept in cdk.out.
      environment,
    });
  }
}
