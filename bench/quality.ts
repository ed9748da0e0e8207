/**
 * `npm run quality`: the catalogue engine scored in-process on the labelled sets in
 * tests/fixtures/labelled (held-out/ and tuning/), with the published scorer's rules: recall of `must`
 * groups, precision against must+ok, and provider fit (the share of `first`/`avoid` checks passed).
 * (The published scorer's hit@3 needs its own list of accepted providers: run it against npm start.) `--verbose` lists each description that
 * missed; `--set <substring>` scores only the matching sets; QUALITY_DIR=<folder> scores another folder.
 */
import { pathToFileURL } from 'node:url';
import { recommend } from '../tests/support/catalog-answer.js';
import {
  HELD_OUT,
  type LabelledDescription,
  labelledSetsIn,
  readLabelledSet,
  scoreCategories,
  scoreProviders,
  TUNING,
} from '../tests/support/labelled-set.js';

const verbose = process.argv.includes('--verbose');
const only = process.argv.includes('--set') ? process.argv[process.argv.indexOf('--set') + 1] : undefined;
const folders: [string, URL][] = process.env.QUALITY_DIR
  ? [[process.env.QUALITY_DIR, pathToFileURL(`${process.env.QUALITY_DIR.replace(/\/?$/, '/')}`)]]
  : [
      ['held-out', HELD_OUT],
      ['tuning', TUNING],
    ];
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

interface Scored {
  recall: number;
  precision: number;
  checks: number;
  passed: number;
}

const scoreItem = (item: LabelledDescription): Scored => {
  const answer = recommend(item.description);
  const returned = answer.map((c) => c.id);
  const categories = scoreCategories(item, returned);
  const providers = scoreProviders(item, new Map(answer.map((c) => [c.id, c.providers.map((p) => p.name)])));
  if (verbose && (categories.missing.length || categories.extra.length || providers.failures.length))
    console.log(
      `${item.id} missing=[${categories.missing}] extra=[${categories.extra}] fit-fails=[${providers.failures.join(' ')}] ${item.description.slice(0, 110)}`,
    );
  return {
    recall: categories.recall,
    precision: categories.precision,
    checks: providers.checks,
    passed: providers.passed,
  };
};

const row = (set: string, scores: Scored[]) => {
  const checks = scores.reduce((a, s) => a + s.checks, 0);
  return {
    set,
    descriptions: scores.length,
    recall: mean(scores.map((s) => s.recall)).toFixed(3),
    precision: mean(scores.map((s) => s.precision)).toFixed(3),
    fit: checks ? (scores.reduce((a, s) => a + s.passed, 0) / checks).toFixed(3) : '-',
    checks,
  };
};

const rows = [];
for (const [label, dir] of folders) {
  const files = labelledSetsIn(dir).filter((f) => only === undefined || f.includes(only));
  const all: Scored[] = [];
  for (const file of files) {
    const scores = readLabelledSet(file, dir).map(scoreItem);
    all.push(...scores);
    rows.push(row(`${label}/${file}`, scores));
  }
  if (files.length > 1) rows.push(row(`${label}: all`, all));
}
console.table(rows);
