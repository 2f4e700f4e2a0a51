/**
 * The bundle's shape (conventions, "Build and dependencies"; docs/performance.md, "Why the
 * entry is CommonJS"): the entry (dist/cli.cjs) and every part `sim --json`,
 * `quiz --answers` and the lab load hold no React and no Ink; the Ink app is
 * reached only through a dynamic import(). Checked twice: on esbuild's own
 * metafile, and by reading the emitted code.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt } from '../helpers/build-once.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const require = createRequire(import.meta.url);

const root = resolve(import.meta.dirname, '../..');

interface MetaOutput {
  bytes: number;
  entryPoint?: string;
  inputs: Record<string, unknown>;
  imports: { path: string; kind: string; external?: boolean }[];
}
interface Meta {
  outputs: Record<string, MetaOutput>;
}

const UI_INPUT = /(^|\/)node_modules\/(react|react-reconciler|scheduler|ink|yoga-layout)\/|^src\/ui\//;
// Strings React and Ink carry in their code whatever the minifier does.
const REACT_MARKERS = ['react.transitional.element', 'react.element', 'Symbol.for("react.'];

// The bundle under test is the one the tests run: dist/, built once for the
// run by test/global-setup.ts, with the metafile that build wrote beside it
// (scripts/build.mjs, .tmp/dist-meta.json, its outputs named under dist/).
const distDir = join(root, 'dist');
let meta: Meta;

beforeAll(() => {
  ensureBuilt();
  const file = join(root, '.tmp', 'dist-meta.json');
  expect(existsSync(file), `${file} is missing: run npm run build (it writes the metafile beside dist/)`).toBe(true);
  meta = JSON.parse(readFileSync(file, 'utf8')) as Meta;
  // It describes the dist/ there now: every output it names is there, byte for byte as long.
  const differ = Object.entries(meta.outputs)
    .filter(([name, o]) => !existsSync(join(root, name)) || statSync(join(root, name)).size !== o.bytes)
    .map(([name]) => name);
  expect(differ, `${file} does not describe dist/: run npm run build`).toEqual([]);
  expect(Object.keys(meta.outputs).length).toBeGreaterThan(10);
});

/** Outputs reached from `start` following only imports of the given kinds. */
function reachable(start: string, kinds: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length > 0) {
    const out = todo.pop()!;
    if (seen.has(out)) continue;
    seen.add(out);
    for (const imp of meta.outputs[out]?.imports ?? []) {
      if (kinds.includes(imp.kind) && !imp.external && meta.outputs[imp.path]) todo.push(imp.path);
    }
  }
  return seen;
}

function entryOutput(): string {
  const found = Object.entries(meta.outputs).find(([name, o]) => name.endsWith('/cli.cjs') && o.inputs['src/cli/main.ts'] !== undefined);
  expect(found, 'the metafile names an output cli.cjs holding src/cli/main.ts').toBeDefined();
  return found![0];
}

/** The entry's `import("./esm/x.js")`s, as the metafile names those outputs. */
function lazyParts(): string[] {
  const out = entryOutput();
  const base = out.slice(0, out.lastIndexOf('/') + 1);
  const paths = meta.outputs[out]!.imports.filter((imp) => imp.kind === 'dynamic-import' && imp.external && imp.path.startsWith('./esm/')).map(
    (imp) => base + imp.path.slice(2),
  );
  return [...new Set(paths)];
}

describe('the bundle', () => {
  // Issue 15: a module in two outputs is two modules at run time (two UsageError classes, two caches).
  it("holds each module in one output only: the ESM parts take the entry's modules from the entry", () => {
    const outputsOf = new Map<string, string[]>();
    for (const [name, o] of Object.entries(meta.outputs)) {
      for (const input of Object.keys(o.inputs)) outputsOf.set(input, [...(outputsOf.get(input) ?? []), name]);
    }
    const duplicated = [...outputsOf].filter(([, outs]) => outs.length > 1).map(([input, outs]) => `${input}: ${outs.join(', ')}`);
    expect(duplicated).toEqual([]);
    // The check sees modules at all: the entry and the ESM parts hold some of ours each.
    expect(Object.keys(meta.outputs[entryOutput()]!.inputs).filter((i) => i.startsWith('src/')).length).toBeGreaterThan(10);
    const inParts = Object.entries(meta.outputs)
      .filter(([name]) => !name.endsWith('cli.cjs'))
      .flatMap(([, o]) => Object.keys(o.inputs));
    expect(inParts.some((i) => i.startsWith('src/ui/'))).toBe(true);
  });

  it("gives the ESM parts the entry's own instances: one UsageError class whichever part throws it", () => {
    const entry = require(join(distDir, 'cli.cjs')) as { __modules: Record<string, () => Record<string, unknown>> };
    const errors = entry.__modules['src/platform/errors.ts']!();
    expect(errors.UsageError).toBe(entry.__modules['src/platform/errors.ts']!().UsageError);
    const parts = ['chunks', 'esm'].flatMap((d) => readdirSync(join(distDir, d)).map((f) => readFileSync(join(distDir, d, f), 'utf8')));
    expect(parts.some((code) => code.includes('("../cli.cjs").__modules["src/platform/errors.ts"]'))).toBe(true);
  });

  it('keeps React, Ink and src/ui out of the entry chunk and its static imports (metafile)', () => {
    const statics = reachable(entryOutput(), ['import-statement', 'require-call']);
    const offenders = [...statics].flatMap((out) =>
      Object.keys(meta.outputs[out]!.inputs)
        .filter((input) => UI_INPUT.test(input))
        .map((input) => `${out} holds ${input}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps the YAML, Markdown and schema libraries out of the entry (shipped content comes from dist/content, issue 18)', () => {
    const statics = reachable(entryOutput(), ['import-statement', 'require-call']);
    const offenders = [...statics].flatMap((out) =>
      Object.keys(meta.outputs[out]!.inputs)
        .filter((input) => /(^|\/)node_modules\/(yaml|marked|zod)\//.test(input))
        .map((input) => `${out} holds ${input}`),
    );
    expect(offenders).toEqual([]);
    // ... and the snapshot they are kept out for is made by the build.
    expect(existsSync(join(distDir, 'content', 'shipped.json'))).toBe(true);
  });

  // Issue 18: `lesson 4`, `quiz` and `lab` on a terminal open these screens
  // before their first frame; on the shipped content they take it from the
  // build's snapshot, and the loaders (with YAML, marked and zod) load only
  // when that does not serve (--content, edited content). Half a megabyte of
  // code, once loaded with the reader for nothing: its first frame at 4.9x
  // and 101 MB. The reader lays shipped lessons out from the tokens the build
  // lexed (src/render/lesson-tokens.ts), so it holds no marked either.
  it.each([
    ['reader', 'src/ui/screens/reader-screen.tsx', /(^|\/)node_modules\/(yaml|marked|zod)\//],
    ['quiz', 'src/ui/screens/quiz/quiz-screen.tsx', /(^|\/)node_modules\/(yaml|marked|zod)\//],
    ['lab', 'src/ui/screens/lab/lab-screen.tsx', /(^|\/)node_modules\/(yaml|marked|zod)\//],
    // Issue 32: the simulator opened on a scenario; its picker and the save of a run load the parser when used.
    ['simulator', 'src/ui/screens/simulator-screen.tsx', /(^|\/)node_modules\/(yaml|marked|zod)\//],
  ])('the %s screen and its static imports hold no content loader library', (_name, screen, library) => {
    const own = Object.keys(meta.outputs).find((out) => meta.outputs[out]!.inputs[screen] !== undefined);
    expect(own, `an output holds ${screen}`).toBeDefined();
    const statics = reachable(own!, ['import-statement', 'require-call']);
    const offenders = [...statics].flatMap((out) =>
      Object.keys(meta.outputs[out]!.inputs)
        .filter((input) => library.test(input) || /^src\/content\/(lesson|quiz|scenario)\/[a-z-]*-loader\.ts$/.test(input))
        .map((input) => `${out} holds ${input}`),
    );
    expect(offenders).toEqual([]);
  });

  // Issue 36: the Lab screen offers the PostgreSQL sink and grid without loading them before its first
  // frame: "needs postgresql" is a file lookup (find-postgres.ts); the grid's code and table load with a grid run.
  it('the lab screen and its static imports hold nothing of the PostgreSQL grid, its table, its server or its client', () => {
    const own = Object.keys(meta.outputs).find((out) => meta.outputs[out]!.inputs['src/ui/screens/lab/lab-screen.tsx'] !== undefined);
    expect(own).toBeDefined();
    const statics = [...reachable(own!, ['import-statement', 'require-call'])];
    const inputs = statics.flatMap((out) => Object.keys(meta.outputs[out]!.inputs));
    expect(inputs).toContain('src/lab/postgres/find-postgres.ts');
    const postgres =
      /^src\/lab\/postgres\/(isolation-grid|postgres-server|pg-session|pg-sink-store)\.ts$|^src\/lab\/evidence\/grid-table\.ts$|^src\/ui\/screens\/lab\/grid-outcome\.tsx$|(^|\/)node_modules\/pg\//;
    expect(inputs.filter((input) => postgres.test(input))).toEqual([]);
  });

  // Issue 32: "needs etcd" and "needs redis-server" are file lookups too (find-coordinators.ts); the
  // launchers they once lived in (spawning, ports, clients) load with a run, 14 ms off the first frame.
  it('the lab screen and its static imports hold no coordinator launcher, only the finders', () => {
    const own = Object.keys(meta.outputs).find((out) => meta.outputs[out]!.inputs['src/ui/screens/lab/lab-screen.tsx'] !== undefined);
    const inputs = [...reachable(own!, ['import-statement', 'require-call'])].flatMap((out) => Object.keys(meta.outputs[out]!.inputs));
    expect(inputs).toContain('src/lab/coordinator/find-coordinators.ts');
    const launchers = /^src\/lab\/(coordinator\/(etcd-launcher|etcd-snapshot|redis\/redis-server)|servers\/launch-server)\.ts$/;
    expect(inputs.filter((input) => launchers.test(input))).toEqual([]);
  });

  // Issue 35: a lock service's client loads only when a run uses that coordinator: no other part,
  // the lab's worker and runner included, holds it among its static imports.
  it('holds the Redis client (ioredis) only in a part reached by a dynamic import', () => {
    const holders = Object.keys(meta.outputs).filter((out) => Object.keys(meta.outputs[out]!.inputs).some((i) => /(^|\/)node_modules\/ioredis\//.test(i)));
    expect(holders.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const [out, o] of Object.entries(meta.outputs)) {
      if (!o.entryPoint) continue;
      for (const reached of reachable(out, ['import-statement', 'require-call'])) {
        if (holders.includes(reached) && !o.entryPoint.includes('redis')) offenders.push(`${o.entryPoint} loads ${reached} statically`);
      }
    }
    expect(offenders).toEqual([]);
  });

  // The same for ZooKeeper's client: the lab's coordinator and the zookeeper-lock exercise (its
  // child's sessions and the tutor's view) reach it only through parts named for ZooKeeper.
  it('holds the ZooKeeper client (node-zookeeper-client) only in a part reached by a dynamic import', () => {
    const holders = Object.keys(meta.outputs).filter((out) =>
      Object.keys(meta.outputs[out]!.inputs).some((i) => /(^|\/)node_modules\/node-zookeeper-client\//.test(i)),
    );
    expect(holders.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const [out, o] of Object.entries(meta.outputs)) {
      if (!o.entryPoint) continue;
      for (const reached of reachable(out, ['import-statement', 'require-call'])) {
        if (holders.includes(reached) && !o.entryPoint.includes('zookeeper')) offenders.push(`${o.entryPoint} loads ${reached} statically`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps React and Ink out of every lazily loaded part outside src/ui (sim, quiz --answers, the lab worker and sink)', () => {
    const offenders: string[] = [];
    for (const [out, o] of Object.entries(meta.outputs)) {
      if (!o.entryPoint || o.entryPoint.startsWith('src/ui/') || o.entryPoint.startsWith('node_modules/')) continue;
      for (const reached of reachable(out, ['import-statement'])) {
        for (const input of Object.keys(meta.outputs[reached]!.inputs)) {
          if (UI_INPUT.test(input)) offenders.push(`${o.entryPoint} loads ${input}`);
        }
      }
    }
    expect([...new Set(offenders)]).toEqual([]);
    // The parts the conventions name are among those checked.
    const entries = Object.values(meta.outputs).map((o) => o.entryPoint);
    expect(entries.some((e) => e?.startsWith('src/lab/'))).toBe(true);
  });

  it('reaches the Ink app only through a dynamic import', () => {
    const parts = lazyParts();
    expect(
      parts.every((p) => meta.outputs[p]),
      `every ./esm/ import is an output: ${parts.join(', ')}`,
    ).toBe(true);
    const all = new Set(parts.flatMap((p) => [...reachable(p, ['import-statement', 'dynamic-import'])]));
    const holdsInk = [...all].filter((out) => Object.keys(meta.outputs[out]!.inputs).some((i) => /node_modules\/ink\//.test(i)));
    expect(holdsInk.length).toBeGreaterThan(0);
    expect(Object.keys(meta.outputs[entryOutput()]!.inputs).some((i) => UI_INPUT.test(i))).toBe(false);
    // Only the app's own part loads Ink statically.
    const appParts = parts.filter((p) => [...reachable(p, ['import-statement'])].some((out) => holdsInk.includes(out)));
    expect(appParts.map((p) => p.slice(p.lastIndexOf('/') + 1))).toEqual(['run-app.js']);
  });

  it('emits no React in the code the entry loads statically (reading the files)', () => {
    // Follow `import ... from "./x.js"` / `import "./x.js"` in the emitted code,
    // not `import("./x.js")`, independently of the metafile.
    const outDir = distDir;
    const seen = new Set<string>();
    const todo = [join(outDir, 'cli.cjs')];
    while (todo.length > 0) {
      const file = todo.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      for (const marker of REACT_MARKERS) {
        expect(code.includes(marker), `${relative(outDir, file)} contains ${marker}`).toBe(false);
      }
      for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*|\brequire\()["'](\.{1,2}\/[^"']+)["']/g)) {
        todo.push(resolve(join(file, '..'), m[1]!));
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('keeps yoga from touching fetch at start-up (it would load undici before the first frame)', () => {
    const outDir = distDir;
    const files = [join(outDir, 'cli.cjs'), ...['chunks', 'esm'].flatMap((d) => readdirSync(join(outDir, d)).map((f) => join(outDir, d, f)))];
    const yoga = files.filter((f) => readFileSync(f, 'utf8').includes('both async and sync fetching of the wasm failed'));
    expect(yoga.length).toBe(1);
    expect(readFileSync(yoga[0]!, 'utf8')).not.toMatch(/typeof fetch/);
  });

  it('has a CommonJS entry and ESM parts, all minified', () => {
    const entry = readFileSync(join(distDir, 'cli.cjs'), 'utf8');
    // CommonJS: no import/export statements (only import() of the ESM parts).
    expect(entry).not.toMatch(/^\s*(import|export)\s[\w{*]/m);
    expect(entry).toMatch(/import\("\.\/esm\/run-app\.js"\)/);
    const part = readFileSync(join(distDir, 'esm', 'run-app.js'), 'utf8');
    expect(part).toMatch(/^import /);
    for (const code of [entry, part]) {
      // Minified: long lines (newlines survive only inside template literals), no comments.
      expect(code.length / code.split('\n').length).toBeGreaterThan(150);
      expect(code).not.toMatch(/^\s*\/\/ /m);
    }
  });

  it('keeps node-sqlite3-wasm external (its .wasm is loaded beside its .js)', () => {
    const inputs = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(inputs.some((i) => i.includes('node-sqlite3-wasm'))).toBe(false);
  });
});
