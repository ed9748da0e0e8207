import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { suppressJustifiedFindings } from './nag-suppressions.js';

export interface EdgeLimits {
  /** Requests one client address may make to /api/* and /mcp in any 5-minute window before it is blocked. */
  apiRequestsPer5Minutes: number;
  /** The same for everything else (the page and its files). */
  requestsPer5Minutes: number;
}

export const EDGE_DEFAULTS: EdgeLimits = { apiRequestsPer5Minutes: 100, requestsPer5Minutes: 1_000 };

/** How long a blocked client is told to wait: WAF re-evaluates rate-based rules continuously. */
const RETRY_AFTER_SECONDS = 60;

/** The service's problem shape; WAF cannot fill in a request id, so the edge's answers say where they came from. */
export const edgeProblem = (status: number, title: string, code: string, detail: string) =>
  JSON.stringify({ type: 'about:blank', title, status, detail, code, requestId: 'edge' });

const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

const managedGroup = (priority: number, name: string, overrides: string[] = []): CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ruleActionOverrides: overrides.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
    },
  },
  visibilityConfig: visibility(name),
});

const rateRule = (
  priority: number,
  name: string,
  limit: number,
  scope?: CfnWebACL.StatementProperty,
): CfnWebACL.RuleProperty => ({
  name,
  priority,
  action: {
    block: {
      customResponse: {
        responseCode: 429,
        customResponseBodyKey: 'throttled',
        responseHeaders: [{ name: 'Retry-After', value: String(RETRY_AFTER_SECONDS) }],
      },
    },
  },
  statement: {
    rateBasedStatement: {
      limit,
      evaluationWindowSec: 300,
      // The address of the connection CloudFront saw: a client cannot forge it with a header.
      aggregateKeyType: 'IP',
      ...(scope ? { scopeDownStatement: scope } : {}),
    },
  },
  visibilityConfig: visibility(name),
});

const pathStartsWith = (prefix: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/** What reaches the function: the API and the MCP door share one per-client limit. */
const API_PATHS: CfnWebACL.StatementProperty = {
  orStatement: { statements: [pathStartsWith('/api/'), pathStartsWith('/mcp')] },
};

export interface EdgeStackProps extends StackProps {
  limits?: { [K in keyof EdgeLimits]?: number | undefined };
}

/**
 * What sits at the edge, in us-east-1 as CloudFront requires: the web ACL that limits each client
 * address and filters known-bad traffic before it reaches the API (and the OpenAI bill behind it). The
 * app's stack, in any region, attaches it to its distribution through a cross-region reference.
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps = {}) {
    super(scope, id, props);
    const limits = {
      apiRequestsPer5Minutes: props.limits?.apiRequestsPer5Minutes ?? EDGE_DEFAULTS.apiRequestsPer5Minutes,
      requestsPer5Minutes: props.limits?.requestsPer5Minutes ?? EDGE_DEFAULTS.requestsPer5Minutes,
    };
    const acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Stack Analyzer: per-client rate limits and AWS managed protections',
      defaultAction: { allow: {} },
      customResponseBodies: {
        throttled: {
          contentType: 'APPLICATION_JSON',
          content: edgeProblem(
            429,
            'Too Many Requests',
            'THROTTLED',
            'Too many requests from your address: slow down and retry shortly.',
          ),
        },
      },
      rules: [
        rateRule(0, 'ApiRequestsPerClient', limits.apiRequestsPer5Minutes, API_PATHS),
        rateRule(1, 'RequestsPerClient', limits.requestsPer5Minutes),
        managedGroup(2, 'AWSManagedRulesAmazonIpReputationList'),
        // The body limit is the API's own (64 KiB, answered 413): descriptions are longer than this
        // group's 8 KB body rule allows.
        managedGroup(3, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']),
        managedGroup(4, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
      visibilityConfig: visibility('StackAnalyzerEdge'),
    });
    this.webAclArn = acl.attrArn;
    suppressJustifiedFindings(this);
  }
}
