/**
 * The OpenAI request and answer sizes in approximate tokens, for a typical description. Run in its own
 * Node by bench/run.ts; prints one JSON line.
 */

import { MODEL_RESPONSE_FORMAT } from '../functions/analyze/engines/openai/model-output-format.js';
import { approximateTokens, buildUserContent, SYSTEM_PROMPT } from '../functions/analyze/engines/openai/prompt.js';
import { groundingFor } from '../functions/analyze/reading/grounding.js';
import { readDescription } from '../functions/analyze/reading/reading.js';
import { TYPICAL_DESCRIPTION } from './descriptions.js';
import { TYPICAL_CATEGORIES, TYPICAL_PROVIDERS, typicalModelAnswer } from './typical-answer.js';

const user = buildUserContent(TYPICAL_DESCRIPTION, TYPICAL_PROVIDERS, groundingFor(readDescription(TYPICAL_DESCRIPTION)));
const schema = JSON.stringify(MODEL_RESPONSE_FORMAT.schema);
const completion = JSON.stringify(typicalModelAnswer());
const spelledOut = JSON.stringify(typicalModelAnswer({ spelledOut: true }));

const system = approximateTokens(SYSTEM_PROMPT);
const userTokens = approximateTokens(user);
const schemaTokens = approximateTokens(schema);
console.log(
  JSON.stringify({
    description: TYPICAL_DESCRIPTION,
    promptTokens: { system, user: userTokens, schema: schemaTokens, total: system + userTokens + schemaTokens },
    promptChars: { system: SYSTEM_PROMPT.length, user: user.length, schema: schema.length },
    completion: {
      categories: TYPICAL_CATEGORIES,
      providers: TYPICAL_PROVIDERS,
      chars: completion.length,
      tokens: approximateTokens(completion),
      spelledOutTokens: approximateTokens(spelledOut),
    },
  }),
);
