import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One logger per container. Service name and level come from POWERTOOLS_SERVICE_NAME and
 * POWERTOOLS_LOG_LEVEL; the defaults suit local runs.
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'stack-analyzer' });

/** The part of the logger the use case and the engines need, so tests can pass a recorder. */
export type Log = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
