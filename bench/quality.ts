/**
 * `npm run quality`: the catalogue engine scored in-process on every labelled set in tests/fixtures,
 * with the published scorer's rules (recall of `must` groups, precision against must+ok). `--verbose`
 * lists each description that missed a category or got one it should not.
 */
import { readdirSync } from 'node:fs';
import { recommendFromCatalog } from '../functions/analyze/engines/catalog/catalog-engine.js';
import { readLabelledSet, scoreCategories } from '../tests/support/labelled-set.js';

const verbose = process.argv.includes('--verbose');
const files = readdirSync(new URL('../tests/fixtures/', import.meta.url)).filter((f) =>
  /^labelled-descriptions.*\.jsonl$/.test(f),
);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

const rows = files.sort().map((file) => {
  const scores = readLabelledSet(file).map((item) => {
    const returned = recommendFromCatalog(item.description, 3).categories.map((c) => c.id);
    const score = scoreCategories(item, returned);
    if (verbose && (score.missing.length || score.extra.length))
      console.log(`${item.id} missing=[${score.missing}] extra=[${score.extra}] ${item.description.slice(0, 100)}`);
    return score;
  });
  return {
    set: file,
    descriptions: scores.length,
    recall: mean(scores.map((s) => s.recall)).toFixed(3),
    precision: mean(scores.map((s) => s.precision)).toFixed(3),
  };
});
console.table(rows);
