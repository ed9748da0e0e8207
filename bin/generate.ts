/**
 * `npm run generate`: writes what the function reads but should not build at cold start, from its
 * sources: the compiled catalogue (functions/analyze/catalog/data → compiled/catalog.bin) and the JSON
 * Schema the model answers in (engines/openai/model-output.ts → model-output-format.ts). Run it after
 * editing either; the tests fail while a generated file is out of date.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { CATALOG_SOURCE, compileCatalog, packCatalog, WEAK_PHRASES_FILE } from '../functions/analyze/catalog/compile.js';
import { learnWeakPhrases } from '../functions/analyze/catalog/learn.js';
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
// Which phrases say too little alone is learned by reading the examples with the catalogue just
// written (the reader loads it on import), every phrase at its written strength.
const { readEveryPhraseAsWritten } = await import('../functions/analyze/catalog/catalog.js');
const { readDescription } = await import('../functions/analyze/reading/reading.js');
readEveryPhraseAsWritten();
const weakPhrases = learnWeakPhrases(CATALOG_SOURCE.examples, (text) => readDescription(text).needs);
if (JSON.stringify(weakPhrases) !== JSON.stringify(CATALOG_SOURCE.weakPhrases)) {
  write(WEAK_PHRASES_FILE, `${JSON.stringify(weakPhrases, null, 1)}\n`, 'catalog/compiled/weak-phrases.json');
  write(CATALOG_FILE, packCatalog(compileCatalog({ ...CATALOG_SOURCE, weakPhrases })), 'catalog/compiled/catalog.bin');
} else console.log('catalog/compiled/weak-phrases.json is up to date');
write(MODEL_FORMAT_FILE, modelFormatSource(), 'engines/openai/model-output-format.ts');
