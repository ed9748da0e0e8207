import { Duration, type Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { METRIC_NAMESPACE } from '../functions/analyze/metrics.js';

const FIVE_MINUTES = Duration.minutes(5);

/** A metric the function reports itself (functions/analyze/metrics.ts). */
const serviceMetric = (name: string) =>
  new Metric({
    namespace: METRIC_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: 'stack-analyzer' },
    statistic: 'Sum',
    period: FIVE_MINUTES,
  });

/**
 * The alarms someone should hear about, all notifying one SNS topic (and an e-mail address when given):
 * the API failing, the function failing or throttled, the model provider failing, the budget spent.
 */
export const addAlarms = (
  stack: Stack,
  { fn, api, email }: { fn: IFunction; api: RestApi; email?: string | undefined },
): Topic => {
  const key = new Key(stack, 'AlarmsKey', { enableKeyRotation: true, description: 'Stack Analyzer alarm topic' });
  // CloudWatch must be able to encrypt what it publishes to the topic.
  key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
  const topic = new Topic(stack, 'Alarms', { displayName: 'Stack Analyzer alarms', masterKey: key, enforceSSL: true });
  if (email) topic.addSubscription(new EmailSubscription(email));
  const notify = new SnsAction(topic);

  const alarms = [
    new Alarm(stack, 'Api5xxRate', {
      alarmDescription: 'Over 5% of API requests answered 5xx (at least 10 requests) in 5 minutes.',
      metric: new MathExpression({
        expression: 'IF(requests >= 10, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
          requests: api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }),
        },
        period: FIVE_MINUTES,
      }),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
    new Alarm(stack, 'FunctionErrors', {
      alarmDescription: 'The analyze function failed (an unhandled error or a time-out), e.g. an unreadable secret.',
      metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
    new Alarm(stack, 'FunctionThrottles', {
      alarmDescription: 'Requests were turned away at the reserved concurrency.',
      metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
    new Alarm(stack, 'ProviderFailures', {
      alarmDescription: 'The model provider failed at least 5 times in 5 minutes (answered 502).',
      metric: serviceMetric('ProviderFailures'),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
    new Alarm(stack, 'BudgetSpent', {
      alarmDescription: "The day's model token budget is spent: the catalogue answers until midnight UTC.",
      metric: serviceMetric('BudgetFallbacks'),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  ];
  for (const alarm of alarms) alarm.addAlarmAction(notify);
  return topic;
};
