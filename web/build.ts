/**
 * Builds the search page in memory with esbuild: '/' (index.html), '/app.js' (web/app.ts bundled and
 * minified) and '/styles.css' (minified), and the API's OpenAPI document ('/api/openapi.json', from the
 * contract). `npm start` serves the map; `npm run build:web` writes the same files to web/dist for the
 * stack to deploy.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { OPENAPI_PATH } from '../functions/analyze/limits.js';
import { openApiDocument } from '../functions/analyze/openapi.js';

export interface WebAsset {
  contentType: string;
  body: Buffer;
}

const webDir = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_OUT_DIR = join(webDir, 'dist');

const bundle = async (entryPoint: string, outfile: string): Promise<Buffer> => {
  const result = await build({
    entryPoints: [join(webDir, entryPoint)],
    outfile: join(webDir, 'dist', outfile),
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    sourcemap: false,
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  });
  const file = result.outputFiles.find((f) => f.path.endsWith(outfile));
  if (!file) throw new Error(`esbuild produced no ${outfile}.`);
  return Buffer.from(file.contents);
};

export const buildWebAssets = async (): Promise<Map<string, WebAsset>> => {
  const [html, script, styles] = await Promise.all([
    readFile(join(webDir, 'index.html')),
    bundle('app.ts', 'app.js'),
    bundle('styles.css', 'styles.css'),
  ]);
  return new Map<string, WebAsset>([
    ['/', { contentType: 'text/html; charset=utf-8', body: html }],
    ['/app.js', { contentType: 'text/javascript; charset=utf-8', body: script }],
    ['/styles.css', { contentType: 'text/css; charset=utf-8', body: styles }],
    [
      OPENAPI_PATH,
      { contentType: 'application/json; charset=utf-8', body: Buffer.from(`${JSON.stringify(openApiDocument(), null, 2)}\n`) },
    ],
  ]);
};

/** The file each path is stored as: '/' is index.html. */
export const fileNameFor = (path: string): string => (path === '/' ? 'index.html' : path.replace(/^\/+/, ''));

/** Writes the built page to outDir (created if missing) and returns the files written. */
export const writeWebAssets = async (outDir: string = DEFAULT_OUT_DIR): Promise<string[]> => {
  const assets = await buildWebAssets();
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const [path, { body }] of assets) {
    const file = join(outDir, fileNameFor(path));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, body);
    written.push(file);
  }
  return written;
};

// `tsx web/build.ts [outDir]` (npm run build:web) writes web/dist.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_OUT_DIR;
  const files = await writeWebAssets(outDir);
  for (const file of files) console.log(`wrote ${file}`);
}
