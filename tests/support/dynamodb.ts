import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';

export interface LocalDynamoDB {
  /** For AWS_ENDPOINT_URL_DYNAMODB. */
  url: string;
  /** The environment a process needs to reach it through the AWS SDK's standard settings. */
  env: Record<string, string>;
  client: DynamoDBClient;
  /** Creates a state table as the stack does: partition key `pk`, on demand. */
  createStateTable(name: string): Promise<void>;
  /** The day's token counter as stored. */
  tokensOn(table: string, day: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * dynalite, a DynamoDB implementation, in memory on a free port of 127.0.0.1: the SDK reaches it over
 * real HTTP with the real protocol and the real validation.
 */
export const startDynamoDB = async (): Promise<LocalDynamoDB> => {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = {
    AWS_ENDPOINT_URL_DYNAMODB: url,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDSTANDIN',
    AWS_SECRET_ACCESS_KEY: 'stand-in-secret-access-key',
  };
  const client = new DynamoDBClient({
    endpoint: url,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  });
  return {
    url,
    env,
    client,
    createStateTable: async (name) => {
      await client.send(
        new CreateTableCommand({
          TableName: name,
          KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
          AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
    },
    tokensOn: async (table, day) => {
      const { Item } = await client.send(
        new GetItemCommand({ TableName: table, Key: { pk: { S: `tokens#${day}` } }, ConsistentRead: true }),
      );
      return Number(Item?.tokens?.N ?? 0);
    },
    close: async () => {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
