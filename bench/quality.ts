/**
 * `npm run quality`: the catalogue engine scored in-process on every labelled set in tests/fixtures,
 * with the published scorer's rules: recall of `must` groups, precision against must+ok, and provider
 * fit (the share of `first`/`avoid` checks passed). `--verbose` lists each description that missed.
 * `--set <substring>` scores only the matching sets; QUALITY_DIR=<folder> scores the sets in another folder.
 */
import { readdirSync } from 'node:fs';
import { recommendFromCatalog } from '../functions/analyze/engines/catalog/catalog-engine.js';
import { shape } from '../functions/analyze/shape.js';
import { readLabelledSet, scoreCategories, scoreProviders } from '../tests/support/labelled-set.js';

const verbose = process.argv.includes('--verbose');
const only = process.argv[process.argv.indexOf('--set') + 1];
const dir = process.env.QUALITY_DIR
  ? new URL(`file://${process.env.QUALITY_DIR}`)
  : new URL('../tests/fixtures/', import.meta.url);
const files = readdirSync(dir).filter(
  (f) => /\.jsonl$/.test(f) && (!process.argv.includes('--set') || (only !== undefined && f.includes(only))),
);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

const rows = files.sort().map((file) => {
  const scores = readLabelledSet(file, dir).map((item) => {
    const answer = shape(recommendFromCatalog(item.description, 3), { providersPerCategory: 3 });
    const returned = answer.map((c) => c.id);
    const categories = scoreCategories(item, returned);
    const providers = scoreProviders(item, new Map(answer.map((c) => [c.id, c.providers.map((p) => p.name)])));
    if (verbose && (categories.missing.length || categories.extra.length || providers.failures.length))
      console.log(
        `${item.id} missing=[${categories.missing}] extra=[${categories.extra}] fit-fails=[${providers.failures.join(' ')}] ${item.description.slice(0, 110)}`,
      );
    return { ...categories, ...providers };
  });
  const checks = scores.reduce((a, s) => a + s.checks, 0);
  return {
    set: file,
    descriptions: scores.length,
    recall: mean(scores.map((s) => s.recall)).toFixed(3),
    precision: mean(scores.map((s) => s.precision)).toFixed(3),
    fit: checks ? (scores.reduce((a, s) => a + s.passed, 0) / checks).toFixed(3) : '-',
    checks,
  };
});
console.table(rows);
