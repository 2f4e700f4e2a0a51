// Bundles src/cli/main.ts into dist/ (ESM, minified, code-split). See
// design.md section 3, trap 9, for why each option is here.
//
//   node scripts/build.mjs                      build dist/ (swapped in whole)
//   node scripts/build.mjs --analyze            ... and print what each chunk holds
//   node scripts/build.mjs --clean              ... and drop chunks of earlier builds now (prepack)
//   node scripts/build.mjs --outdir DIR [--metafile FILE]
//                                               build into DIR only (tests inspect it)
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function flag(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * yoga-layout (Ink's layout engine) ships its WebAssembly as a base64 data:
 * URI and, finding a global `fetch`, loads it through fetch(). In Node that
 * first touch of `fetch` loads undici, then decodes the data: URI through it:
 * tens of milliseconds before the first frame. Telling it there is no fetch
 * makes it decode the base64 itself (its own fallback path).
 */
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/].*\.js$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      const patched = source.replaceAll('"function"!=typeof fetch', 'true');
      return { contents: patched, loader: 'js', warnings: patched === source ? [{ text: 'yoga-without-fetch: pattern not found; yoga may load undici at start-up' }] : [] };
    });
  },
};

/**
 * Commander requires node:child_process at load, only to spawn executable
 * subcommands (which fence-tutor has none of). Loading it pulls in net,
 * stream and dgram: several milliseconds of every start-up, the largest
 * part of `sim --json` over `node -e 0`. This defers the require to the
 * first spawn, which never comes.
 */
const commanderLazyChildProcess = {
  name: 'commander-lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      const lazy = "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };";
      const patched = source.replace(eager, lazy);
      return {
        contents: patched,
        loader: 'js',
        warnings: patched === source ? [{ text: 'commander-lazy-child-process: pattern not found; start-up loads child_process' }] : [],
      };
    });
  },
};

/**
 * An ESM `import { x } from 'node:fs'` makes Node build the module's whole
 * namespace, which runs every lazy getter on it: for node:fs that loads the
 * stream modules (about 2.5 ms here, on every start-up, for streams we never
 * open; node:process would even build stdin and stdout). In our own sources
 * such an import becomes a `require` (the banner's), which runs no getter.
 * Only whole-line named, default or namespace imports of node:fs are
 * rewritten; anything else is left as written.
 */
const fsThroughRequire = {
  name: 'fs-through-require',
  setup(b) {
    const line = /^import (\{[^}]*\}|\* as \w+|\w+) from 'node:fs';$/gm;
    b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      if (!source.includes("from 'node:fs';")) return undefined;
      const contents = source.replace(line, (_m, what) => {
        const binding = what.startsWith('* as ') ? what.slice(5) : what.replace(/\s+as\s+/g, ': ');
        return `const ${binding} = require('node:fs');`;
      });
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

const outdirFlag = flag('--outdir');
const metafileFlag = flag('--metafile');
// Build into a private folder, then move it in file by file (see installInto),
// so a process running the old bundle while someone rebuilds keeps working.
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
  plugins: [fsThroughRequire, yogaWithoutFetch, commanderLazyChildProcess],
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

if (!outdirFlag) installInto(join(root, 'dist'), staging, process.argv.includes('--clean'));

if (process.argv.includes('--analyze')) {
  const { analyzeMetafile } = await import('esbuild');
  console.log(await analyzeMetafile(result.metafile));
}

/**
 * Several people and test runs build and run the bundle at once. Removing
 * dist/ and renaming the new one in leaves a moment with no dist/main.js, and
 * a process started from the old main.js that later `import()`s one of its
 * chunks finds it gone. So: chunks (named by content hash) are moved in
 * beside the old ones, then each entry file replaces its old self with one
 * atomic rename. Chunks no build uses any more are deleted a while after they
 * were retired (at once with --clean, before packing).
 */
function installInto(dist, staged, clean) {
  const RETIRE_AFTER_MS = 10 * 60 * 1000;
  mkdirSync(join(dist, 'chunks'), { recursive: true });
  const newChunks = existsSync(join(staged, 'chunks')) ? readdirSync(join(staged, 'chunks')) : [];
  for (const name of newChunks) renameSync(join(staged, 'chunks', name), join(dist, 'chunks', name));
  const entries = readdirSync(staged).filter((name) => name !== 'chunks');
  for (const name of entries) renameSync(join(staged, name), join(dist, name));
  rmSync(staged, { recursive: true, force: true });

  // Retirement ledger, outside dist/ so it is never packed.
  const ledgerPath = join(root, '.tmp', 'retired-chunks.json');
  let ledger = {};
  try {
    ledger = JSON.parse(readFileSync(ledgerPath, 'utf8'));
  } catch {
    ledger = {};
  }
  const now = Date.now();
  const keep = new Set(newChunks);
  const next = {};
  for (const name of readdirSync(join(dist, 'chunks'))) {
    if (keep.has(name)) continue;
    const retiredAt = ledger[name] ?? now;
    if (clean || now - retiredAt > RETIRE_AFTER_MS) rmSync(join(dist, 'chunks', name), { force: true });
    else next[name] = retiredAt;
  }
  for (const name of readdirSync(dist)) {
    if (name !== 'chunks' && !entries.includes(name)) rmSync(join(dist, name), { recursive: true, force: true });
  }
  mkdirSync(dirname(ledgerPath), { recursive: true });
  const tmp = `${ledgerPath}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify(next));
  renameSync(tmp, ledgerPath);
}
