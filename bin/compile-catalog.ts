/**
 * `npm run compile:catalog`: compiles the catalogue (functions/analyze/catalog/data/) into
 * compiled/catalog.bin, the file the function reads at cold start. Run it after editing anything in
 * data/; the tests fail while the file is out of date.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { compileCatalog, packCatalog } from '../functions/analyze/catalog/compile.js';
import { CATALOG_FILE } from '../functions/analyze/catalog/packed.js';

const packed = packCatalog(compileCatalog());
let current: Buffer | undefined;
try {
  current = readFileSync(CATALOG_FILE);
} catch {
  // Not there yet: written below.
}
if (current?.equals(packed)) {
  console.log('compiled/catalog.bin is up to date');
} else {
  mkdirSync(new URL('.', CATALOG_FILE), { recursive: true });
  writeFileSync(CATALOG_FILE, packed);
  console.log(`wrote compiled/catalog.bin (${Math.round(packed.length / 1024)} KB)`);
}
