import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { EdgeStack } from '../../infra/edge-stack.js';
import { StackAnalyzerStack, type StackAnalyzerStackProps } from '../../infra/stack-analyzer-stack.js';

/** cdk.json's context (feature flags), so tests synthesise the template `cdk synth` does. */
const CDK_JSON_CONTEXT = (JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context?: object })
  .context;

/**
 * Synthesises StackAnalyzerStack for tests: cdk.json's feature flags, no esbuild and no Docker
 * ('aws:cdk:bundling-stacks': [] skips every bundling step, so assets keep a stand-in hash and the
 * template is otherwise the real one), and every cloud assembly under one temp folder that dispose()
 * removes.
 */
export class StackFixture {
  private readonly root = mkdtempSync(join(tmpdir(), 'stack-analyzer-cdk-'));
  /** A one-file search page: the stack only needs a folder to deploy. */
  readonly webAssetsDir = join(this.root, 'web');
  private apps = 0;

  constructor() {
    mkdirSync(this.webAssetsDir);
    writeFileSync(join(this.webAssetsDir, 'index.html'), '<!doctype html><title>Stack Analyzer</title>');
  }

  app(): App {
    this.apps += 1;
    return new App({
      outdir: join(this.root, `cdk.out-${this.apps}`),
      context: { ...CDK_JSON_CONTEXT, 'aws:cdk:bundling-stacks': [] },
    });
  }

  /**
   * The app as bin/app.ts builds it: the edge stack in us-east-1 and the service's stack in another
   * region, joined by a cross-region reference to the web ACL.
   */
  stacks(props: StackAnalyzerStackProps = {}, app: App = this.app()): { edge: EdgeStack; main: StackAnalyzerStack } {
    const edge = new EdgeStack(app, 'StackAnalyzerEdge', { env: { region: 'us-east-1' }, crossRegionReferences: true });
    const main = new StackAnalyzerStack(app, 'StackAnalyzer', {
      env: { region: 'eu-west-1' },
      crossRegionReferences: true,
      webAssetsDir: this.webAssetsDir,
      webAclArn: edge.webAclArn,
      ...props,
    });
    return { edge, main };
  }

  stack(props: StackAnalyzerStackProps = {}, app: App = this.app()): StackAnalyzerStack {
    return this.stacks(props, app).main;
  }

  synth(props: StackAnalyzerStackProps = {}): Synthesised {
    const stack = this.stack(props);
    return new Synthesised(stack, Template.fromStack(stack));
  }

  /** The edge stack's template. */
  edge(): Template {
    return Template.fromStack(this.stacks().edge);
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** A CloudFormation resource as it appears in the synthesised template. */
export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
}

/** An IAM policy statement, in any policy document of the template. */
export interface PolicyStatement {
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: unknown;
  Principal?: unknown;
}

export const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The stack, its template, and the look-ups the infra tests share. */
export class Synthesised {
  readonly json: { Resources: Record<string, CfnResource>; Outputs?: Record<string, { Value: unknown }> };

  constructor(
    readonly stack: StackAnalyzerStack,
    readonly template: Template,
  ) {
    this.json = template.toJSON() as Synthesised['json'];
  }

  logicalId(construct: { node: { defaultChild?: unknown } }): string {
    return this.stack.getLogicalId(construct.node.defaultChild as CfnElement);
  }

  resource(logicalId: string): CfnResource {
    const resource = this.json.Resources[logicalId];
    if (!resource) throw new Error(`No resource ${logicalId} in the template.`);
    return resource;
  }

  props(logicalId: string): Record<string, unknown> {
    return this.resource(logicalId).Properties ?? {};
  }

  /** [logicalId, Properties] of every resource of the type. */
  ofType(type: string): [string, Record<string, unknown>][] {
    return Object.entries(this.json.Resources)
      .filter(([, r]) => r.Type === type)
      .map(([id, r]) => [id, r.Properties ?? {}]);
  }

  /** Every policy statement anywhere in the template: identity, resource and trust policies alike. */
  statements(): { logicalId: string; statement: PolicyStatement }[] {
    const found: { logicalId: string; statement: PolicyStatement }[] = [];
    const walk = (logicalId: string, node: unknown): void => {
      if (Array.isArray(node)) {
        for (const item of node) walk(logicalId, item);
      } else if (node !== null && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'Statement')
            for (const statement of asArray(value as PolicyStatement[])) found.push({ logicalId, statement });
          else walk(logicalId, value);
        }
      }
    };
    for (const [logicalId, resource] of Object.entries(this.json.Resources)) walk(logicalId, resource.Properties);
    return found;
  }
}

/** Fn::Join of strings and references as one readable string, references shown as ${Ref} or ${Id.Attr}. */
export const flattenJoin = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if (node['Fn::Join']) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(flattenJoin).join(separator);
  }
  if (node.Ref) return `\${${String(node.Ref)}}`;
  if (node['Fn::GetAtt']) return `\${${(node['Fn::GetAtt'] as string[]).join('.')}}`;
  return JSON.stringify(value);
};
