import type { Log } from '../../functions/analyze/logger.js';

export interface RecordedLog {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  attributes: Record<string, unknown>;
}

/** A logger for unit and engine tests that keeps what it was told. */
export const recordingLogger = (): Log & { entries: RecordedLog[] } => {
  const entries: RecordedLog[] = [];
  const at =
    (level: RecordedLog['level']) =>
    (message: unknown, ...rest: unknown[]) => {
      entries.push({ level, message: String(message), attributes: Object.assign({}, ...(rest as object[])) });
    };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } as unknown as Log & {
    entries: RecordedLog[];
  };
};
