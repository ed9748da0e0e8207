import { afterAll, describe, expect, it } from '@jest/globals';
import { type App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { acknowledgements } from '../../infra/nag-suppressions.js';

const ACKNOWLEDGEMENTS = acknowledgements('<AWS::Region>');

import type { StackAnalyzerStackProps } from '../../infra/stack-analyzer-stack.js';
import { StackFixture } from '../support/cdk.js';

const fixture = new StackFixture();
afterAll(() => fixture.dispose());

/** An app with the AWS Solutions pack as a CDK validation plugin: synth throws on any unacknowledged error. */
const nagged = (build: (app: App) => void): App => {
  const app = fixture.app();
  build(app);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return app;
};

describe('cdk-nag AwsSolutions', () => {
  it.each<[string, StackAnalyzerStackProps]>([
    ['the default stack', {}],
    ['the catalogue-only stack', { catalogOnly: true }],
    ['the stack with an API key', { apiKeyRequired: true }],
    ['the stack with CORS and an alarm e-mail', { corsOrigin: 'https://partner.example', alarmEmail: 'ops@example.com' }],
  ])('passes on %s, and the edge stack with it, with no unacknowledged finding', (_label, props) => {
    const app = nagged((a) => fixture.stack(props, a));
    expect(() => app.synth()).not.toThrow();
  });

  it('fails synth on an unacknowledged finding (so the checks above are not vacuous)', () => {
    const app = nagged((a) => new Bucket(new Stack(a, 'Bare'), 'Open'));
    expect(() => app.synth()).toThrow(/AwsSolutions-S\d+/);
  });
});

describe('nag acknowledgements', () => {
  it('are unique and name an AwsSolutions rule, optionally with a finding', () => {
    const ids = ACKNOWLEDGEMENTS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^AwsSolutions-[A-Z]+\d+(\[[^\]]+\])?$/);
  });

  it.each(ACKNOWLEDGEMENTS.map((a) => [a.id, a.reason]))('%s gives a real reason', (id, reason) => {
    const words = reason.split(/\s+/).filter((w) => /\w/.test(w));
    expect(reason.length).toBeGreaterThanOrEqual(40);
    expect(words.length).toBeGreaterThanOrEqual(8);
    expect(reason).not.toMatch(/\b(todo|tbd|fixme|n\/a|suppress(ed)?|ignored?)\b/i);
    expect(reason).not.toContain(id);
  });
});
