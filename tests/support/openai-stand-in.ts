/**
 * An OpenAI-compatible stand-in for POST /v1/chat/completions, answering from a script: each request
 * takes the next step, and the last step repeats. The SDK talks to it over real HTTP.
 */
import type { ServerResponse } from 'node:http';
import { type RecordedRequest, type StandIn, startStandIn } from './http-stand-in.js';

export type Step =
  | { kind: 'ok'; output: unknown; delayMs?: number }
  | { kind: 'hang' }
  | { kind: 'status'; status: number; headers?: Record<string, string>; message?: string }
  | { kind: 'malformed' }
  | { kind: 'refusal' }
  | { kind: 'finish'; reason: 'length' | 'content_filter' };

export interface OpenAIStandIn extends StandIn {
  script(...steps: Step[]): void;
  /** The chat requests received, parsed. */
  calls(): Array<{ model: string; messages: Array<{ role: string; content: string }>; response_format: unknown }>;
}

/** A valid answer in the model output schema. */
export const modelAnswer = (categories: Array<{ id: string; providers: string[] }>) => ({
  categories: categories.map(({ id, providers }) => ({
    id,
    reason: `Because the project needs ${id}.`,
    providers: providers.map((name) => ({
      name,
      description: `${name} is a provider. It does things.`,
      bestUseCases: ['Doing things well'],
      website: `https://www.${name.toLowerCase().replace(/[^a-z0-9]/g, '')}.com`,
    })),
  })),
});

const completion = (content: string | null, finishReason: string, refusal: string | null = null) => ({
  id: 'chatcmpl-standin',
  object: 'chat.completion',
  created: 1_795_338_942,
  model: 'gpt-stand-in',
  choices: [{ index: 0, message: { role: 'assistant', content, refusal }, finish_reason: finishReason, logprobs: null }],
  usage: { prompt_tokens: 812, completion_tokens: 356, total_tokens: 1_168 },
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

export const startOpenAIStandIn = async (): Promise<OpenAIStandIn> => {
  let steps: Step[] = [{ kind: 'ok', output: modelAnswer([{ id: 'payments', providers: ['Stripe'] }]) }];
  const answer = async (req: RecordedRequest, res: ServerResponse) => {
    if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
      json(res, 404, { error: { message: 'Unknown route', type: 'invalid_request_error' } });
      return;
    }
    const step = (steps.length > 1 ? steps.shift() : steps[0]) as Step;
    switch (step.kind) {
      case 'ok':
        if (step.delayMs) await new Promise((r) => setTimeout(r, step.delayMs));
        json(res, 200, completion(JSON.stringify(step.output), 'stop'));
        return;
      case 'hang':
        return; // never answers: the client's time-out has to act
      case 'status':
        json(
          res,
          step.status,
          { error: { message: step.message ?? 'stand-in error', type: 'stand_in', code: null } },
          step.headers,
        );
        return;
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id": "chatcmpl-standin", "choices": [');
        return;
      case 'refusal':
        json(res, 200, completion(null, 'stop', "I'm sorry, I can't help with that."));
        return;
      case 'finish':
        json(res, 200, completion('{"categories": [', step.reason));
        return;
    }
  };
  const server = await startStandIn(answer);
  return {
    ...server,
    script: (...next: Step[]) => {
      steps = next;
    },
    calls: () => server.requests.filter((r) => r.url.endsWith('/chat/completions')).map((r) => JSON.parse(r.body)),
  };
};
