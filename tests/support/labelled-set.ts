import { readdirSync, readFileSync } from 'node:fs';
import type { CategoryId } from '../../functions/analyze/contract.js';

export interface TopProviderExpectation {
  vendor?: 'aws' | 'gcp' | 'azure';
  openSourceSelfHosted?: boolean;
  euResidency?: boolean;
  freeTier?: boolean;
  name?: string;
  sso?: boolean;
}

export interface LabelledDescription {
  id: string;
  description: string;
  /** Groups the answer must contain; "a|b" is met by either. */
  must: string[];
  /** Further ids that are fine to return. */
  ok: string[];
  /** Provider checks: the category's rank-1 provider is one of these names. */
  first?: Partial<Record<CategoryId, string[]>>;
  /** Provider checks: none of these names in the category's top 3. */
  avoid?: Partial<Record<CategoryId, string[]>>;
  expect?: Partial<Record<CategoryId, TopProviderExpectation>>;
}

/**
 * Labelled descriptions written by people who saw only the category list (and, for provider checks,
 * what kind of provider fits), never the engine. `held-out/`: never trained or tuned on, only scored;
 * `npm test` holds the engine to a floor on them. `tuning/`: looked at while developing. `npm run
 * quality` scores both.
 */
export const LABELLED = new URL('../fixtures/labelled/', import.meta.url);
export const HELD_OUT = new URL('held-out/', LABELLED);
export const TUNING = new URL('tuning/', LABELLED);

const FIXTURES = new URL('../fixtures/', import.meta.url);

/** The .jsonl files of a folder, sorted. */
export const labelledSetsIn = (dir: URL): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
/** The labelled examples the catalogue learns from (see catalog/learn.ts). */
export const EXAMPLES = new URL('../../functions/analyze/catalog/data/examples/', import.meta.url);

export const readLabelledSet = (file: string, dir: URL = FIXTURES): LabelledDescription[] =>
  readFileSync(new URL(file, dir), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LabelledDescription);

/** The held-out labelled descriptions the tests hold to the bar. */
export const heldOutDescriptions = (): LabelledDescription[] =>
  labelledSetsIn(HELD_OUT).flatMap((file) => readLabelledSet(file, HELD_OUT));

/** Recall of `must` groups and precision against must+ok, as the published scorer defines them. */
export const scoreCategories = (item: LabelledDescription, returned: readonly string[]) => {
  const allowed = new Set([...item.must, ...item.ok].flatMap((g) => g.split('|')));
  const missing = item.must.filter((group) => !group.split('|').some((id) => returned.includes(id)));
  const extra = returned.filter((id) => !allowed.has(id));
  return {
    recall: (item.must.length - missing.length) / item.must.length,
    precision: returned.length ? (returned.length - extra.length) / returned.length : 0,
    missing,
    extra,
  };
};

/** Names compared as the published scorer compares them: letters and digits only, containment from 5 characters. */
const norm = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
const sameName = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= 5 && (a.includes(b) || b.includes(a)));
const matchesAny = (name: string, names: readonly string[]) => names.some((n) => sameName(norm(name), norm(n)));

/** Provider checks (`first`, `avoid`) against the providers returned per category, best first. */
export const scoreProviders = (item: LabelledDescription, returned: ReadonlyMap<string, readonly string[]>) => {
  const failures: string[] = [];
  let checks = 0;
  for (const [id, names] of Object.entries(item.first ?? {})) {
    checks += 1;
    const top = returned.get(id)?.[0];
    if (top === undefined || !matchesAny(top, names ?? [])) failures.push(`${id}#1=${top ?? 'absent'}`);
  }
  for (const [id, names] of Object.entries(item.avoid ?? {})) {
    checks += 1;
    const bad = (returned.get(id) ?? []).slice(0, 3).filter((name) => matchesAny(name, names ?? []));
    if (bad.length > 0) failures.push(`${id}!${bad.join('+')}`);
  }
  return { checks, passed: checks - failures.length, failures };
};
