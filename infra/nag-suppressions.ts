import { type Stack, Token, Validations } from 'aws-cdk-lib';

/** A cdk-nag finding we accept, by rule id or, for rules with several findings, by finding id. */
export interface Acknowledgement {
  id: string;
  reason: string;
}

const MANAGED_POLICY = 'arn:<AWS::Partition>:iam::aws:policy/service-role';

/**
 * Every cdk-nag finding we accept, each with the reason. Anything not listed here fails the nag test
 * and `cdk synth`.
 */
export const acknowledgements = (region: string): readonly Acknowledgement[] => [
  {
    id: 'AwsSolutions-APIG4',
    reason:
      'A public, unauthenticated API by design; abuse is bounded by stage throttling and an optional API key with a usage plan.',
  },
  {
    id: 'AwsSolutions-COG4',
    reason: 'No end-user identity exists to authorise with Cognito: the API is public by design (see APIG4).',
  },
  {
    id: `AwsSolutions-IAM4[Policy::${MANAGED_POLICY}/AWSLambdaBasicExecutionRole]`,
    reason:
      'The AWS managed policy for Lambda logs on CDK custom resource roles only; the analyze function has its own scoped role.',
  },
  {
    id: 'AwsSolutions-IAM5[Resource::<AnalyzeLogs3803B657.Arn>:*]',
    reason: 'The log streams of the function’s own log group: Lambda names each stream at run time.',
  },
  {
    id: `AwsSolutions-IAM4[Policy::${MANAGED_POLICY}/AmazonAPIGatewayPushToCloudWatchLogs]`,
    reason: "API Gateway's account-level role for execution logs; AWS publishes this managed policy for exactly that purpose.",
  },
  {
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'X-Ray PutTraceSegments/PutTelemetryRecords support no resource scope, and the CDK bucket-deployment handler lists buckets.',
  },
  ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
    id: `AwsSolutions-IAM5[Action::${action}]`,
    reason: 'Granted by the CDK bucket-deployment handler to copy the search page into its own bucket only.',
  })),
  {
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${region}/*]`,
    reason: 'The bucket-deployment handler reads the page bundle from the CDK bootstrap asset bucket.',
  },
  {
    id: 'AwsSolutions-IAM5[Resource::<SiteBucket397A1860.Arn>/*]',
    reason: 'The bucket-deployment handler writes objects into the site bucket, whose keys it cannot know in advance.',
  },
  {
    id: 'AwsSolutions-SMG4',
    reason:
      'The OpenAI key is rotated in the OpenAI dashboard, not by a Lambda; the origin header value is rotated by redeploying with a new secret.',
  },
  {
    id: 'AwsSolutions-L1',
    reason:
      'Only CDK-managed custom resource handlers (bucket deployment, auto-delete) use runtimes we do not choose; the analyze function runs Node.js 24.',
  },
  {
    id: 'AwsSolutions-S1',
    reason:
      'The site bucket holds only the public page deployed from git and the log bucket holds CloudFront logs; CloudFront logs every request.',
  },
  { id: 'AwsSolutions-CFR1', reason: 'The service is meant for everyone; no geographic restriction applies.' },
  {
    id: 'AwsSolutions-CFR4',
    reason:
      'The default CloudFront certificate cannot pin a minimum TLS version; use a custom domain with TLSv1.2_2021 in production.',
  },
];

export const suppressJustifiedFindings = (stack: Stack): void => {
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  for (const acknowledgement of acknowledgements(region)) Validations.of(stack).acknowledge(acknowledgement);
};
