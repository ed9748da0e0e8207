/**
 * The OpenAI engine: chat completions with strict structured output from a zod schema, grounded in the
 * catalogue's candidates. Every way the provider can fail becomes a ProviderUnavailableError (502) or,
 * when the fault is in our own request, an error that surfaces as 500.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import OpenAI from 'openai';
import { VERSION as OPENAI_SDK_VERSION } from 'openai/version';
import { DEFAULT_RETRY_AFTER_SECONDS, ProviderUnavailableError } from '../../errors.js';
import type { Log } from '../../logger.js';
import { groundingFor } from '../../reading/grounding.js';
import { readDescription } from '../../reading/reading.js';
import type { Engine, EngineRequest, RawRecommendation } from '../engine.js';
import type { ApiKeySource } from './api-key.js';
import { InvalidModelOutputError, parseModelOutput } from './check-model-output.js';
import type { ModelOutput } from './model-output.js';
import { MODEL_RESPONSE_FORMAT } from './model-output-format.js';
import { buildUserContent, maxOutputTokens, modelDescription, PROMPT_VERSION, SYSTEM_PROMPT } from './prompt.js';

export interface OpenAIEngineOptions {
  apiKey: ApiKeySource;
  model: string;
  baseURL?: string | undefined;
  logger: Log;
}

/** One attempt may take this long; the rest of the budget goes to a retry. */
const ATTEMPT_TIMEOUT_MS = 12_000;
/** Below this, an attempt has no real chance: answer 502 at once rather than time out later. */
const MIN_ATTEMPT_MS = 1_500;
/** At most one retry per analysis, whatever failed: each attempt is paid for. */
const MAX_ATTEMPTS = 2;
const RETRY_AFTER_BOUNDS = { min: 1, max: 120 };
/** One cache key for every request: they share the static prefix, and OpenAI routes them together. */
const PROMPT_CACHE_KEY = `stack-analyzer/${PROMPT_VERSION}`;

/** How the SDK's attempts are counted per call: the client is shared, the counter is not. */
const attemptCounter = new AsyncLocalStorage<{ attempts: number }>();
const countingFetch: typeof fetch = (input, init) => {
  const store = attemptCounter.getStore();
  if (store) store.attempts += 1;
  return fetch(input, init);
};

/**
 * Timeout per attempt and SDK retries that fit the budget: with 28 s left, two 12 s attempts and the
 * back-off between them; with less, fewer. A deadline signal stops everything at the budget regardless.
 */
export const attemptPlan = (budgetMs: number, attemptsLeft = MAX_ATTEMPTS): { timeout: number; maxRetries: number } => {
  const timeout = Math.max(MIN_ATTEMPT_MS, Math.min(ATTEMPT_TIMEOUT_MS, budgetMs));
  const maxRetries = Math.max(0, Math.min(attemptsLeft - 1, Math.floor(budgetMs / timeout) - 1));
  return { timeout, maxRetries };
};

/**
 * The identifier OpenAI's abuse controls see for a caller: a keyed hash of its address, so they can tell
 * callers apart while the address itself never leaves us. Keyed with our API key: nobody without it can
 * tie an identifier back to an address, and it changes when the key is rotated.
 */
export const safetyIdentifier = (apiKey: string, client: string): string =>
  `sa-${createHmac('sha256', apiKey).update(client).digest('hex').slice(0, 32)}`;

const retryAfterOf = (headers: Headers | undefined): number => {
  const seconds = Number(headers?.get('retry-after'));
  if (!Number.isFinite(seconds) || seconds <= 0) return DEFAULT_RETRY_AFTER_SECONDS;
  return Math.min(RETRY_AFTER_BOUNDS.max, Math.max(RETRY_AFTER_BOUNDS.min, Math.ceil(seconds)));
};

/** Output that broke the schema or was not JSON, or a response body the SDK could not parse. */
const isUnusableOutput = (err: unknown): boolean => err instanceof InvalidModelOutputError || err instanceof SyntaxError;

/** The model's nulls ("the catalogue has it") as absent fields, which is how shape() reads them. */
const withoutNulls = (output: ModelOutput): RawRecommendation => ({
  categories: output.categories.map((category) => ({
    ...category,
    providers: category.providers.map(({ name, description, bestUseCases, website }) => ({
      name,
      description: description ?? undefined,
      bestUseCases: bestUseCases ?? undefined,
      website: website ?? undefined,
    })),
  })),
});

/** A failure this close to the deadline is the deadline's: timers and sockets race at its edge. */
const DEADLINE_SLACK_MS = 100;

/** Maps an SDK failure onto our errors; returns the error to throw. */
const toEngineError = (err: unknown, logger: Log): Error => {
  if (err instanceof OpenAI.APIUserAbortError || err instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderUnavailableError('timeout', DEFAULT_RETRY_AFTER_SECONDS, { cause: err });
  }
  if (err instanceof OpenAI.APIConnectionError)
    return new ProviderUnavailableError('connection', DEFAULT_RETRY_AFTER_SECONDS, { cause: err });
  if (err instanceof OpenAI.RateLimitError)
    return new ProviderUnavailableError('rate_limited', retryAfterOf(err.headers), { cause: err });
  if (err instanceof OpenAI.AuthenticationError || err instanceof OpenAI.PermissionDeniedError) {
    logger.error('OpenAI refused our API key: check the key or the secret that holds it', { status: err.status });
    return new ProviderUnavailableError('auth', DEFAULT_RETRY_AFTER_SECONDS * 6, { cause: err });
  }
  if (err instanceof OpenAI.InternalServerError)
    return new ProviderUnavailableError('provider_error', retryAfterOf(err.headers), { cause: err });
  if (isUnusableOutput(err)) return new ProviderUnavailableError('invalid_output', DEFAULT_RETRY_AFTER_SECONDS, { cause: err });
  // 400, 404, 422 …: the provider says our request is wrong. That is our bug, and a 500.
  return err instanceof Error ? err : new Error('OpenAI call failed', { cause: err });
};

export const createOpenAIEngine = ({ apiKey, model, baseURL, logger }: OpenAIEngineOptions): Engine => {
  const responseFormat = { type: 'json_schema' as const, json_schema: MODEL_RESPONSE_FORMAT };
  let client: { key: string; openai: OpenAI } | undefined;
  /** One client per key: a rotated secret gets a fresh client, an unchanged one reuses its connections. */
  const clientFor = (key: string): OpenAI => {
    if (client?.key !== key) {
      client = {
        key,
        openai: new OpenAI({
          apiKey: key,
          baseURL,
          fetch: countingFetch,
          maxRetries: 0,
          // The SDK names itself by its class name, which the minified build does not keep.
          defaultHeaders: { 'User-Agent': `OpenAI/JS ${OPENAI_SDK_VERSION} stack-analyzer` },
        }),
      };
    }
    return client.openai;
  };

  const recommend = async ({
    description,
    providersPerCategory,
    signal,
    budgetMs = 25_000,
    client,
  }: EngineRequest): Promise<RawRecommendation> => {
    const started = Date.now();
    const deadline = AbortSignal.timeout(Math.max(0, budgetMs));
    const callSignal = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const key = await apiKey();
    const openai = clientFor(key);
    // The catalogue's reading grounds the answer, and shape() holds the answer to it afterwards.
    const reading = readDescription(description);
    // The static instructions first and the description last, so OpenAI can cache the shared prefix.
    const messages = [
      { role: 'system' as const, content: SYSTEM_PROMPT },
      {
        role: 'user' as const,
        content: buildUserContent(modelDescription(description), providersPerCategory, groundingFor(reading)),
      },
    ];
    const body = {
      model,
      messages,
      response_format: responseFormat,
      max_completion_tokens: maxOutputTokens(providersPerCategory),
      prompt_cache_key: PROMPT_CACHE_KEY,
      ...(client ? { safety_identifier: safetyIdentifier(key, client) } : {}),
    };
    const counter = { attempts: 0 };
    let outcome = 'ok';
    let usage: OpenAI.CompletionUsage | undefined;
    try {
      // One more call when the output breaks the schema (a fresh sample usually fixes it), unless the
      // SDK has already spent the one retry an analysis may have.
      for (;;) {
        const left = budgetMs - (Date.now() - started);
        if (left < MIN_ATTEMPT_MS) throw new ProviderUnavailableError('timeout');
        try {
          const completion = await attemptCounter.run(counter, () =>
            openai.chat.completions.create(body, {
              ...attemptPlan(left, MAX_ATTEMPTS - counter.attempts),
              signal: callSignal,
            }),
          );
          usage = completion.usage;
          const choice = completion.choices[0];
          if (choice?.message.refusal) throw new ProviderUnavailableError('refusal');
          if (choice?.finish_reason === 'length') throw new ProviderUnavailableError('length');
          if (choice?.finish_reason === 'content_filter') throw new ProviderUnavailableError('content_filter');
          const parsed = parseModelOutput(choice?.message.content);
          return {
            ...withoutNulls(parsed),
            reading,
            usage: { inputTokens: usage?.prompt_tokens ?? 0, outputTokens: usage?.completion_tokens ?? 0 },
          };
        } catch (err: unknown) {
          if (counter.attempts < MAX_ATTEMPTS && isUnusableOutput(err)) continue;
          throw err;
        }
      }
    } catch (err: unknown) {
      // Once our deadline has fired or is due, whatever the SDK reports (its own time-out, an abort, a
      // dropped connection: the order is a race, more so on a busy machine) the fault is that the
      // provider took the whole budget.
      const outOfTime = callSignal.aborted || Date.now() - started >= budgetMs - DEADLINE_SLACK_MS;
      const mapped =
        err instanceof ProviderUnavailableError
          ? err
          : outOfTime
            ? new ProviderUnavailableError('timeout', DEFAULT_RETRY_AFTER_SECONDS, { cause: err })
            : toEngineError(err, logger);
      outcome = mapped instanceof ProviderUnavailableError ? mapped.reason : 'request_rejected';
      throw mapped;
    } finally {
      logger.info('model call', {
        engine: 'openai',
        model,
        promptVersion: PROMPT_VERSION,
        outcome,
        latencyMs: Date.now() - started,
        attempts: counter.attempts,
        retries: Math.max(0, counter.attempts - 1),
        inputTokens: usage?.prompt_tokens,
        cachedInputTokens: usage?.prompt_tokens_details?.cached_tokens,
        outputTokens: usage?.completion_tokens,
      });
    }
  };

  return { name: 'openai', version: `${model}/${PROMPT_VERSION}`, recommend };
};
