/**
 * What containers share: model answers (the cache behind each container's LRU) and the day's model
 * token counter. In the cloud a DynamoDB table (on demand, TTL on `expiresAt`, partition key `pk`);
 * with no table configured (`npm start`), the same behaviour in memory. The AWS SDK is loaded on first
 * use, so a container that never touches the table never pays for it.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface SharedState {
  /** A stored answer's JSON, while it lives. */
  readAnswer(key: string): Promise<string | undefined>;
  writeAnswer(key: string, json: string, ttlSeconds: number): Promise<void>;
  /** Adds tokens to a day's counter, atomically; the total after. */
  addTokens(day: string, tokens: number): Promise<number>;
  tokensOn(day: string): Promise<number>;
}

/** A day's counter outlives the day by this much, then the table forgets it. */
const COUNTER_TTL_SECONDS = 3 * 86_400;

const answerKey = (key: string) => `answer#${key}`;
const counterKey = (day: string) => `tokens#${day}`;

export const createMemoryState = (now: () => number = Date.now): SharedState => {
  const answers = new Map<string, { json: string; expiresAt: number }>();
  const counters = new Map<string, number>();
  return {
    readAnswer: async (key) => {
      const found = answers.get(key);
      if (found && found.expiresAt > now()) return found.json;
      answers.delete(key);
      return undefined;
    },
    writeAnswer: async (key, json, ttlSeconds) => {
      answers.set(key, { json, expiresAt: now() + ttlSeconds * 1_000 });
    },
    addTokens: async (day, tokens) => {
      const total = (counters.get(day) ?? 0) + tokens;
      counters.set(day, total);
      return total;
    },
    tokensOn: async (day) => counters.get(day) ?? 0,
  };
};

/**
 * The table through the AWS SDK, which finds its region, credentials and endpoint the standard way
 * (AWS_REGION, the Lambda role, AWS_ENDPOINT_URL_DYNAMODB in tests).
 */
export const createTableState = (tableName: string, now: () => number = Date.now): SharedState => {
  let sdk: Promise<{ client: DynamoDBClient; commands: typeof import('@aws-sdk/client-dynamodb') }> | undefined;
  const load = () => {
    sdk ??= import('@aws-sdk/client-dynamodb').then((commands) => ({ client: new commands.DynamoDBClient({}), commands }));
    return sdk;
  };
  const epochSeconds = () => Math.floor(now() / 1_000);
  return {
    readAnswer: async (key) => {
      const { client, commands } = await load();
      const { Item } = await client.send(
        new commands.GetItemCommand({ TableName: tableName, Key: { pk: { S: answerKey(key) } } }),
      );
      // TTL deletion lags by up to days: an expired item is a miss.
      const expiresAt = Number(Item?.expiresAt?.N ?? 0);
      return Item?.body?.S !== undefined && expiresAt > epochSeconds() ? Item.body.S : undefined;
    },
    writeAnswer: async (key, json, ttlSeconds) => {
      const { client, commands } = await load();
      await client.send(
        new commands.PutItemCommand({
          TableName: tableName,
          Item: {
            pk: { S: answerKey(key) },
            body: { S: json },
            expiresAt: { N: String(epochSeconds() + ttlSeconds) },
          },
        }),
      );
    },
    addTokens: async (day, tokens) => {
      const { client, commands } = await load();
      const { Attributes } = await client.send(
        new commands.UpdateItemCommand({
          TableName: tableName,
          Key: { pk: { S: counterKey(day) } },
          UpdateExpression: 'ADD tokens :n SET expiresAt = if_not_exists(expiresAt, :expires)',
          ExpressionAttributeValues: {
            ':n': { N: String(Math.max(0, Math.round(tokens))) },
            ':expires': { N: String(epochSeconds() + COUNTER_TTL_SECONDS) },
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(Attributes?.tokens?.N ?? 0);
    },
    tokensOn: async (day) => {
      const { client, commands } = await load();
      const { Item } = await client.send(
        new commands.GetItemCommand({ TableName: tableName, Key: { pk: { S: counterKey(day) } }, ConsistentRead: true }),
      );
      return Number(Item?.tokens?.N ?? 0);
    },
  };
};
