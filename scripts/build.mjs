// Bundles the command line into dist/. See design.md section 3, trap 9, for
// why each option is here, and docs/performance.md ("Why the entry is CommonJS").
//
//   dist/cli.cjs     the entry (CommonJS, one file): commander, every command's
//                    definition, and what `sim`, `explore` and `--version` run
//   dist/esm/*.js    everything else a command imports lazily (ESM, code-split:
//   dist/chunks/     the Ink app, lessons, quizzes, the lab), one entry per import
//
//   node scripts/build.mjs                      build dist/ (swapped in file by file), its
//                                               metafile in .tmp/dist-meta.json (tests read it)
//   node scripts/build.mjs --analyze            ... and print what each output holds
//   node scripts/build.mjs --clean              the same (kept for prepack: every build now drops earlier outputs)
//   node scripts/build.mjs --outdir DIR [--metafile FILE]
//                                               build into DIR only (tests inspect it)
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { patchPlugin } from './build-patches.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function flag(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

// Third-party patches, each pinned to its dependency's version (scripts/build-patches.mjs).
const yogaWithoutFetch = patchPlugin('yoga-without-fetch');
const stringWidthPlainGlyphs = patchPlugin('string-width-plain-glyphs');

/**
 * An ESM `import { x } from 'node:fs'` makes Node build the module's whole
 * namespace, which runs every lazy getter on it: for node:fs that loads the
 * stream modules (about 2.5 ms here, in every command that loads an ESM
 * part, for streams most never open; node:process would even build stdin and
 * stdout). In our own sources such an import becomes a `require` (the
 * banner's), which runs no getter. (The CommonJS entry needs no such help.)
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

/**
 * What the CommonJS entry holds besides the fast command path
 * (src/cli/fast-path.ts): the program (commander and the command
 * definitions, imported lazily so that a fast command never loads them), the
 * lazy imports on the paths timed against `node -e 0` (issue 2: `sim --json`
 * and `explore --json` within 1.5x), and the small plain-text outputs. Any other
 * `import()` in code the entry holds becomes an ESM entry of its own.
 */
const INLINE =
  /^src\/(cli\/(program|quiz\/quiz-run|quiz\/quiz-grade|quiz\/quiz-output|scenario\/scenario-run|json-output|stdout|terminal|scenario\/sim-plain|scenario\/explore-plain|plain-home)|content\/(scenario\/scenario-files|shared\/(problems|sanitize|built-content)|lesson\/lesson-find|quiz\/answers-read|validate\/validate-summary)|platform\/(package-root|data-dir-check|data-dir))\.ts$/;

/**
 * Turns the entry's heavy `import()`s into imports of ESM entries
 * (`./esm/<name>.js`) and records them, so the second build makes exactly
 * those entries.
 */
function lazyEsm(recorded, held = new Set()) {
  return {
    name: 'lazy-esm',
    setup(b) {
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.lazyEsm) return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { lazyEsm: true } });
        if (r.errors.length > 0) return { errors: r.errors };
        const file = relative(root, r.path).split('\\').join('/');
        // A module the entry holds anyway (imported statically too) is taken from it, not from an ESM part.
        if (INLINE.test(file) || held.has(file)) return { path: r.path };
        const name = basename(file).replace(/\.tsx?$/, '');
        const earlier = recorded.get(name);
        if (earlier && earlier !== file) return { errors: [{ text: `two lazily imported modules are both named ${name}: ${earlier} and ${file}` }] };
        recorded.set(name, file);
        return { path: `./esm/${name}.js`, external: true };
      });
    },
  };
}

const shared = {
  absWorkingDir: root,
  outdir: staging,
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: false,
  metafile: true,
  legalComments: 'none',
  // The WebAssembly SQLite build loads its .wasm beside its own .js file, so
  // it stays a runtime dependency (docs/performance.md: "Why one runtime dependency").
  external: ['node-sqlite3-wasm'],
  alias: { 'react-devtools-core': './scripts/stubs/react-devtools-core.js' },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

/**
 * One copy of each of our modules (issue 15). The entry holds the modules on
 * the timed paths; an ESM part that imports one of them gets, instead of a
 * second copy, a small shim that takes the entry's own instance
 * (`require('../cli.cjs').__modules[file]()`): one UsageError class, one
 * cache of the content snapshot, one data-directory check. So the entry is
 * built twice: once to learn which of our modules it holds, then with a
 * registry of them (`fence-entry` below), each `require`d lazily so that
 * what was lazy stays lazy (commander loads only when program.ts does).
 * test/build/bundle.proc.test.ts fails when any module of ours is in two outputs.
 */
const ENTRY = 'src/cli/main.ts';
const entryOptions = {
  ...shared,
  // CommonJS, one file: Node starts a CommonJS entry without its ESM loader,
  // about 13 ms sooner here (docs/performance.md, "Why the entry is CommonJS").
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // package-root finds the package from its own file's URL.
  define: { ...shared.define, 'import.meta.url': '__entryUrl' },
  banner: { js: "const __entryUrl = require('node:url').pathToFileURL(__filename).href;" },
  // Any other import.meta would be empty here: refuse to build instead.
  logOverride: { 'empty-import-meta': 'error' },
};
const lazy = new Map();
const probe = await build({ ...entryOptions, write: false, entryPoints: { cli: ENTRY }, plugins: [lazyEsm(lazy)] });
const held = Object.keys(probe.metafile.inputs).filter((file) => /^src\/.*\.tsx?$/.test(file) && file !== ENTRY);
const exportsOf = await moduleExports(held);
const registered = new Set(held.filter((file) => exportsOf.get(file).length > 0));

const entryRegistry = {
  name: 'entry-registry',
  setup(b) {
    b.onResolve({ filter: /^fence-entry$/ }, () => ({ path: 'fence-entry', namespace: 'fence-entry' }));
    b.onLoad({ filter: /.*/, namespace: 'fence-entry' }, () => ({
      resolveDir: root,
      loader: 'js',
      contents: [
        `export { run } from ${JSON.stringify(`./${ENTRY}`)};`,
        'export const __modules = {',
        ...[...registered].map((file) => `  ${JSON.stringify(file)}: () => require(${JSON.stringify(`./${file}`)}),`),
        '};',
      ].join('\n'),
    }));
  },
};

lazy.clear();
const entry = await build({
  ...entryOptions,
  entryPoints: { cli: 'fence-entry' },
  plugins: [entryRegistry, lazyEsm(lazy, new Set(held))],
});

/** Each module's export names (type-only exports are gone), by esbuild without bundling. */
async function moduleExports(files) {
  const r = await build({
    absWorkingDir: root,
    entryPoints: files,
    outdir: join(root, '.tmp', 'exports-probe'),
    outbase: root,
    bundle: false,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const byFile = new Map(files.map((f) => [f, []]));
  for (const out of Object.values(r.metafile.outputs)) if (out.entryPoint) byFile.set(out.entryPoint, out.exports);
  return byFile;
}

/** In the ESM parts: our modules the entry holds come from the entry (see above). */
const fromEntry = {
  name: 'from-entry',
  setup(b) {
    b.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData?.fromEntry) return undefined;
      if (args.namespace === 'from-entry') return { path: args.path, external: true };
      const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { fromEntry: true } });
      if (r.errors.length > 0) return { errors: r.errors };
      const file = relative(root, r.path).split('\\').join('/');
      // Anything else resolves as usual (a path returned here would lose its tsconfig: JSX settings).
      return registered.has(file) ? { path: file, namespace: 'from-entry' } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'from-entry' }, (args) => ({
      loader: 'js',
      // Every ESM output sits one folder below dist/ (esm/, chunks/), like the entry's require of it.
      contents: [
        `const m = require('../cli.cjs').__modules[${JSON.stringify(args.path)}]();`,
        ...exportsOf.get(args.path).map((name) => (name === 'default' ? 'export default m.default;' : `export const ${name} = m.${name};`)),
      ].join('\n'),
    }));
  },
};

/**
 * Entries no `import()` reaches: files started as worker threads, found by
 * path at run time (src/store/explore-thread.ts finds its worker here).
 */
const WORKERS = { 'explore-worker': 'src/store/explore-worker.ts' };
for (const name of Object.keys(WORKERS)) {
  if (lazy.has(name)) throw new Error(`the worker entry ${name} has the name of a lazily imported module (${lazy.get(name)})`);
}

const esm = await build({
  ...shared,
  entryPoints: { ...Object.fromEntries([...lazy].map(([name, file]) => [name, file])), ...WORKERS },
  entryNames: 'esm/[name]',
  chunkNames: 'chunks/[name]-[hash]',
  // Code splitting: each lazily imported part loads only the chunks it needs;
  // the Ink app (React, Ink, yoga) sits in chunks only run-app reaches.
  splitting: true,
  format: 'esm',
  plugins: [fromEntry, fsThroughRequire, yogaWithoutFetch, stringWidthPlainGlyphs],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});

await writeBuiltContent(staging);

const result = {
  metafile: {
    inputs: { ...esm.metafile.inputs, ...entry.metafile.inputs },
    outputs: { ...esm.metafile.outputs, ...entry.metafile.outputs },
  },
};

if (metafileFlag) {
  mkdirSync(dirname(resolve(metafileFlag)), { recursive: true });
  writeFileSync(resolve(metafileFlag), JSON.stringify(result.metafile));
}

if (!outdirFlag) {
  installInto(join(root, 'dist'), staging);
  writeDistMetafile(result.metafile);
}

if (process.argv.includes('--analyze')) {
  const { analyzeMetafile } = await import('esbuild');
  console.log(await analyzeMetafile(result.metafile));
}

/**
 * The metafile of the build now in dist/, its output paths under `dist/`,
 * beside it in .tmp/ (not shipped): test/build/bundle.proc.test.ts inspects the
 * bundle the tests run instead of building a second one. Written after the
 * install, through a rename, so it never describes a half-installed dist/.
 */
function writeDistMetafile(metafile) {
  const staged = `${relative(root, staging).split('\\').join('/')}/`;
  const text = JSON.stringify(metafile).split(JSON.stringify(staged).slice(1, -1)).join('dist/');
  const file = join(root, '.tmp', 'dist-meta.json');
  const temp = `${file}.${process.pid}`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/**
 * A process started from the old bundle may `import()` one of its parts
 * after a rebuild (a tutor left open while you rebuild). So chunks (named by
 * content hash) and the ESM entries are moved in one file at a time, each
 * replacing its old self with one atomic rename, then the entry; only then
 * are the files this build did not make deleted. Tests never rebuild under a
 * running process: test/global-setup.ts builds once, before any test starts.
 */
function installInto(dist, staged) {
  const folders = ['chunks', 'esm', 'content'];
  const made = new Set();
  for (const folder of folders) {
    mkdirSync(join(dist, folder), { recursive: true });
    const names = existsSync(join(staged, folder)) ? readdirSync(join(staged, folder)) : [];
    for (const name of names) {
      renameSync(join(staged, folder, name), join(dist, folder, name));
      made.add(`${folder}/${name}`);
    }
  }
  const entries = readdirSync(staged).filter((name) => !folders.includes(name));
  for (const name of entries) renameSync(join(staged, name), join(dist, name));
  rmSync(staged, { recursive: true, force: true });
  for (const folder of folders) {
    for (const name of readdirSync(join(dist, folder))) {
      if (!made.has(`${folder}/${name}`)) rmSync(join(dist, folder, name), { force: true });
    }
  }
  for (const name of readdirSync(dist)) {
    if (!folders.includes(name) && !entries.includes(name)) rmSync(join(dist, name), { recursive: true, force: true });
  }
}

/**
 * The shipped content, parsed, checked and laid out once here (issue 18):
 * src/render/built-content-make.ts runs the project's own loaders over
 * lessons/, quizzes/ and scenarios/, and the result goes to dist/content/
 * with a copy of the files it was made from (src/content/shared/built-content.ts
 * says when commands use it); src/cli/fast-outputs-make.ts adds what the
 * fast command path prints. Bundled on its own, run, then deleted.
 */
async function writeBuiltContent(outdir) {
  const maker = join(root, '.tmp', `content-maker-${process.pid}.mjs`);
  await build({
    ...shared,
    outdir: undefined,
    outfile: maker,
    metafile: false,
    entryPoints: ['src/cli/fast-outputs-make.ts'],
    format: 'esm',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  try {
    const { makeBuiltFiles, writeBuiltFiles } = await import(pathToFileURL(maker).href);
    writeBuiltFiles(outdir, makeBuiltFiles(root));
  } finally {
    rmSync(maker, { force: true });
  }
}
