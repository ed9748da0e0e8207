/**
 * Counts the service reports as CloudWatch metrics (Powertools Metrics, embedded metric format): one
 * Metrics instance per container, flushed after each invocation by the handler's middleware. Alarms
 * watch some of them (infra/alarms.ts).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export const METRIC_NAMESPACE = 'StackAnalyzer';

export type MetricName =
  | 'ModelCalls'
  | 'ModelInputTokens'
  | 'ModelOutputTokens'
  | 'ProviderFailures'
  | 'BudgetFallbacks'
  | 'CacheHitsContainer'
  | 'CacheHitsShared'
  | 'CacheMisses';

/** The part of Metrics the use case needs, so tests can pass a recorder. */
export interface Meter {
  count(name: MetricName, value?: number): void;
}

export const metrics = new Metrics({
  namespace: METRIC_NAMESPACE,
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'stack-analyzer',
});

export const meter: Meter = {
  count: (name, value = 1) => metrics.addMetric(name, MetricUnit.Count, value),
};

/** A Meter that counts nothing: for callers with no metrics to report (the command line, tests). */
export const noMeter: Meter = { count: () => undefined };
