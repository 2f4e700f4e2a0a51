// Bundles src/cli/main.ts into dist/ (ESM, minified, code-split). See
// design.md section 3, trap 9, for why each option is here.
import { renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Build into a private folder, then swap it in, so a test running the old
// bundle while someone rebuilds sees one complete bundle or the other.
const staging = join(root, '.tmp', `dist-${process.pid}`);
rmSync(staging, { recursive: true, force: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: false,
  metafile: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // The WebAssembly SQLite build loads its .wasm beside its own .js file.
  external: ['node-sqlite3-wasm'],
  alias: { 'react-devtools-core': './scripts/stubs/react-devtools-core.js' },
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});

rmSync(join(root, 'dist'), { recursive: true, force: true });
renameSync(staging, join(root, 'dist'));

if (process.argv.includes('--analyze')) {
  const { analyzeMetafile } = await import('esbuild');
  console.log(await analyzeMetafile(result.metafile));
}
