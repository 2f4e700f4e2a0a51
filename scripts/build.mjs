// Bundles src/cli/main.ts into dist/ (ESM, minified, code-split). See
// design.md section 3, trap 9, for why each option is here.
//
//   node scripts/build.mjs                      build dist/ (swapped in whole)
//   node scripts/build.mjs --analyze            ... and print what each chunk holds
//   node scripts/build.mjs --outdir DIR [--metafile FILE]
//                                               build into DIR only (tests inspect it)
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function flag(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const outdirFlag = flag('--outdir');
const metafileFlag = flag('--metafile');
// Build into a private folder, then swap it in, so a test running the old
// bundle while someone rebuilds sees one complete bundle or the other.
const staging = outdirFlag ? resolve(outdirFlag) : join(root, '.tmp', `dist-${process.pid}`);
rmSync(staging, { recursive: true, force: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: staging,
  bundle: true,
  // Code splitting keeps the Ink app (React, Ink, yoga) in chunks that only
  // a dynamic import() reaches, so plain and JSON commands never load them.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: false,
  metafile: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // The WebAssembly SQLite build loads its .wasm beside its own .js file, so
  // it stays a runtime dependency (README: "Why one runtime dependency").
  external: ['node-sqlite3-wasm'],
  alias: { 'react-devtools-core': './scripts/stubs/react-devtools-core.js' },
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});

if (metafileFlag) {
  mkdirSync(dirname(resolve(metafileFlag)), { recursive: true });
  writeFileSync(resolve(metafileFlag), JSON.stringify(result.metafile));
}

if (!outdirFlag) {
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  renameSync(staging, join(root, 'dist'));
}

if (process.argv.includes('--analyze')) {
  const { analyzeMetafile } = await import('esbuild');
  console.log(await analyzeMetafile(result.metafile));
}
