import { readFileSync } from 'node:fs';
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
  expect?: Partial<Record<CategoryId, TopProviderExpectation>>;
}

/** The sets `npm test` holds to the quality bar; the others (d to h) are measured by `npm run quality`. */
const TESTED_SETS = ['labelled-descriptions.jsonl', 'labelled-descriptions-b.jsonl', 'labelled-descriptions-c.jsonl'];

export const readLabelledSet = (file: string): LabelledDescription[] =>
  readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LabelledDescription);

/** The project's own labelled descriptions the tests hold to the bar (three sets, 160 in all). */
export const labelledDescriptions = (): LabelledDescription[] => TESTED_SETS.flatMap(readLabelledSet);

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
