/**
 * A Secrets Manager stand-in speaking the JSON protocol (x-amz-json-1.1): GetSecretValue only. The AWS SDK
 * reaches it through AWS_ENDPOINT_URL_SECRETS_MANAGER and signs its requests as it would for AWS.
 */
import type { ServerResponse } from 'node:http';
import { type StandIn, startStandIn } from './http-stand-in.js';

export interface SecretsManagerStandIn extends StandIn {
  /** GetSecretValue calls received. */
  reads(): number;
}

const reply = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': 'standin-request' });
  res.end(JSON.stringify(body));
};

export const startSecretsManagerStandIn = async (secrets: Record<string, string>): Promise<SecretsManagerStandIn> => {
  const server = await startStandIn((req, res) => {
    if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue') {
      reply(res, 400, { __type: 'InvalidAction', message: `Unsupported action ${String(req.headers['x-amz-target'])}` });
      return;
    }
    const { SecretId } = JSON.parse(req.body) as { SecretId: string };
    const name = SecretId.startsWith('arn:') ? (SecretId.split(':secret:')[1] ?? '').replace(/-[A-Za-z0-9]{6}$/, '') : SecretId;
    const value = secrets[name];
    if (value === undefined) {
      reply(res, 400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." });
      return;
    }
    reply(res, 200, {
      ARN: `arn:aws:secretsmanager:eu-west-1:123456789012:secret:${name}-AbCdEf`,
      Name: name,
      SecretString: value,
      VersionId: '00000000-0000-0000-0000-000000000001',
      VersionStages: ['AWSCURRENT'],
      CreatedDate: 1_795_338_942,
    });
  });
  return {
    ...server,
    reads: () => server.requests.filter((r) => r.headers['x-amz-target'] === 'secretsmanager.GetSecretValue').length,
  };
};
