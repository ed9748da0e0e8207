/**
 * Builds the analyze function as the Lambda runs it and `npm start` serves it: ESM split into chunks,
 * so a container evaluates only what its engine needs (the OpenAI engine, the openai SDK, the AWS SDK
 * and Parameters sit behind dynamic imports), with the compiled catalogue beside index.mjs as data.
 * Source maps are written beside the asset, not into it: nothing at run time reads them.
 *
 *   tsx bin/build-function.ts <outdir> [<sourcemap dir>]
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build, type Metafile, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const FUNCTION_ENTRY = join(ROOT, 'functions/analyze/handler.ts');
/** The compiled catalogue's folder in the sources; the build carries it as compiled/ beside index.mjs. */
export const CATALOG_DIR = join(ROOT, 'functions/analyze/catalog/compiled');

/**
 * @middy/util imports STATUS_CODES from node:http, and importing node:http costs a cold start ~20 ms:
 * for middy, the same table as a plain module. Every other importer (the SDKs, in their lazy chunks)
 * still gets the real node:http.
 */
const middyStatusCodes: Plugin = {
  name: 'middy-status-codes',
  setup(b) {
    b.onResolve({ filter: /^node:http$/ }, (args) =>
      args.importer.includes(`${join('node_modules', '@middy')}`) ? { path: 'status-codes', namespace: 'middy-http' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'middy-http' }, () => ({
      contents: `export const STATUS_CODES = ${JSON.stringify(STATUS_CODES)};`,
      loader: 'js',
    }));
  },
};

export interface FunctionBuild {
  metafile: Metafile;
  outdir: string;
}

/**
 * How the function's code is built, each flag said why: here, and for the bench's scenarios, which
 * must measure code built exactly as it is deployed.
 */
export const FUNCTION_BUILD_OPTIONS = {
  bundle: true,
  // Chunks: what only one engine needs is loaded by that engine's container alone.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  // middy 7 and our code are ESM; an ESM bundle also loads faster than CJS interop.
  format: 'esm',
  platform: 'node',
  target: 'node24',
  mainFields: ['module', 'main'],
  // Less JavaScript for V8 to read at cold start.
  minify: true,
  // No keepNames: it wraps every closure the code creates in a naming call, which cost the catalogue
  // engine about 30% of its time. Errors name themselves (`name` set in each class), which the logs
  // read; nothing reads a function's or a class's own name.
  sourcesContent: false,
  // Some dependencies still call require(); ESM has none, so give each chunk one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [middyStatusCodes],
  logLevel: 'warning',
} satisfies BuildOptions;

export const buildFunction = async (outdir: string, sourcemapDir?: string): Promise<FunctionBuild> => {
  rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    ...FUNCTION_BUILD_OPTIONS,
    entryPoints: { index: FUNCTION_ENTRY },
    outdir,
    // For whoever debugs: written here, moved out of the asset below. Line mappings only.
    sourcemap: sourcemapDir ? 'external' : false,
    metafile: true,
  });
  if (sourcemapDir) {
    const moveMaps = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) moveMaps(path);
        else if (entry.name.endsWith('.map')) {
          const target = join(sourcemapDir, relative(outdir, path));
          mkdirSync(dirname(target), { recursive: true });
          renameSync(path, target);
        }
      }
    };
    rmSync(sourcemapDir, { recursive: true, force: true });
    moveMaps(outdir);
  }
  // The catalogue is data the function reads at cold start, not code.
  cpSync(CATALOG_DIR, join(outdir, 'compiled'), { recursive: true });
  return { metafile, outdir };
};

// Run as a script (by the CDK asset's local bundling, in its own process): build into the given folder.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [outdir, sourcemapDir] = process.argv.slice(2);
  if (!outdir) {
    console.error('usage: tsx bin/build-function.ts <outdir> [<sourcemap dir>]');
    process.exit(2);
  }
  if (!existsSync(join(CATALOG_DIR, 'catalog.bin'))) {
    console.error('The compiled catalogue is missing: run npm run generate.');
    process.exit(1);
  }
  await buildFunction(outdir, sourcemapDir);
}
