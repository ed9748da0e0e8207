/**
 * The page's one call: POST /api/analyze on the same origin. Every outcome, including a dropped
 * connection or an answer that is not the contract, comes back as a value the page can put into words.
 */
import type { AnalyzeResponse, Category, Problem, Provider } from '../functions/analyze/contract.js';

export const API_PATH = '/api/analyze';
/** A little over the API Gateway limit (29 s), so the gateway's own answer arrives first. */
const REQUEST_TIMEOUT_MS = 35_000;

export type Outcome =
  | { kind: 'ok'; data: AnalyzeResponse }
  | { kind: 'problem'; status: number; title: string; detail: string; retryable: boolean; retryAfterSeconds?: number }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Keeps only what the page can show safely; an item without a name or a provider is left out. */
const toProvider = (value: unknown, index: number): Provider | undefined => {
  if (!isRecord(value) || !isText(value.name)) return undefined;
  return {
    name: value.name,
    rank: typeof value.rank === 'number' && Number.isFinite(value.rank) ? value.rank : index + 1,
    description: isText(value.description) ? value.description : '',
    bestUseCases: Array.isArray(value.bestUseCases) ? value.bestUseCases.filter(isText) : [],
    website: isText(value.website) ? value.website : '',
    // Anything but an explicit true-or-absent counts as unverified: the page then shows no link.
    ...(value.verified === undefined || value.verified === true ? {} : { verified: false as const }),
  };
};

const toCategory = (value: unknown): Category | undefined => {
  if (!isRecord(value) || !isText(value.name) || !Array.isArray(value.providers)) return undefined;
  const providers = value.providers
    .map(toProvider)
    .filter((p): p is Provider => p !== undefined)
    .sort((a, b) => a.rank - b.rank);
  if (providers.length === 0) return undefined;
  return {
    id: (isText(value.id) ? value.id : value.name) as Category['id'],
    name: value.name,
    ...(isText(value.reason) ? { reason: value.reason } : {}),
    providers,
  };
};

export const toAnalyzeResponse = (value: unknown): AnalyzeResponse | undefined => {
  if (!isRecord(value) || !Array.isArray(value.categories)) return undefined;
  const categories = value.categories.map(toCategory).filter((c): c is Category => c !== undefined);
  return { query: typeof value.query === 'string' ? value.query : '', categories };
};

const toProblem = (value: unknown): Pick<Problem, 'title' | 'detail'> | undefined =>
  isRecord(value) && isText(value.detail) ? { title: isText(value.title) ? value.title : '', detail: value.detail } : undefined;

/** Retry-After in seconds (delta form); an HTTP date is turned into seconds from now. */
const retryAfterSeconds = (header: string | null): number | undefined => {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
};

const readJson = async (res: Response): Promise<unknown> => {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
};

/** Statuses where the same request may well succeed a moment later. */
const isRetryable = (status: number) => status === 429 || status >= 500;

const fallbackDetail = (status: number): string => {
  if (status === 429) return 'Too many requests right now. Please wait a moment and try again.';
  if (status >= 500) return `The service had a problem answering (HTTP ${status}). Please try again in a moment.`;
  return `The request was not accepted (HTTP ${status}).`;
};

export const analyze = async (description: string, signal: AbortSignal): Promise<Outcome> => {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, application/problem+json' },
      body: JSON.stringify({ description }),
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch {
    if (signal.aborted) return { kind: 'aborted' };
    if (timeout.aborted) return { kind: 'timeout' };
    return { kind: 'network' };
  }
  const body = await readJson(res);
  if (signal.aborted) return { kind: 'aborted' };
  if (res.ok) {
    const data = toAnalyzeResponse(body);
    if (data) return { kind: 'ok', data };
    return {
      kind: 'problem',
      status: res.status,
      title: 'Unexpected answer',
      detail: 'The service answered in a form this page does not understand. Please try again.',
      retryable: true,
    };
  }
  const problem = toProblem(body);
  const after = retryAfterSeconds(res.headers.get('retry-after'));
  return {
    kind: 'problem',
    status: res.status,
    title: problem?.title || res.statusText || 'Error',
    detail: problem?.detail ?? fallbackDetail(res.status),
    retryable: isRetryable(res.status),
    ...(after === undefined ? {} : { retryAfterSeconds: after }),
  };
};
