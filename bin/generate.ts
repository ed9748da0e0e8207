/**
 * `npm run generate`: writes what the function reads but should not build at cold start, from its
 * sources: the compiled catalogue (functions/analyze/catalog/data → compiled/catalog.bin) and the JSON
 * Schema the model answers in (engines/openai/model-output.ts → model-output-format.ts). Run it after
 * editing either; the tests fail while a generated file is out of date.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { compileCatalog, packCatalog } from '../functions/analyze/catalog/compile.js';
import { CATALOG_FILE } from '../functions/analyze/catalog/packed.js';
import { MODEL_FORMAT_FILE, modelFormatSource } from '../functions/analyze/engines/openai/model-format-source.js';

const write = (file: URL, content: Buffer | string, label: string) => {
  let current: Buffer | undefined;
  try {
    current = readFileSync(file);
  } catch {
    // Not there yet: written below.
  }
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  if (current?.equals(bytes)) {
    console.log(`${label} is up to date`);
    return;
  }
  mkdirSync(new URL('.', file), { recursive: true });
  writeFileSync(file, bytes);
  console.log(`wrote ${label} (${Math.round(bytes.length / 1024)} KB)`);
};

write(CATALOG_FILE, packCatalog(compileCatalog()), 'catalog/compiled/catalog.bin');
write(MODEL_FORMAT_FILE, modelFormatSource(), 'engines/openai/model-output-format.ts');
