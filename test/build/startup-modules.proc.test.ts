/**
 * What the built CLI loads of Node itself, on the paths issue 2 times against
 * `node -e 0`: `sim --json` and `explore --json` with stdout a pipe (the
 * fast path: no commander). Each built-in module compiled at start-up costs;
 * these groups were found loaded for nothing, and the build (scripts/build.mjs),
 * the fast path and writeStdout keep them out:
 *   - child_process (with net and dgram): commander requires it at load;
 *   - the stream modules: an ESM import of node:fs runs its lazy getters;
 *   - net: touching process.stdout when stdout is a pipe;
 *   - Node's ESM loader: the entry is CommonJS and holds these paths whole
 *     (docs/performance.md, "Why the entry is CommonJS").
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt, root } from '../cli/cli-run.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const TWELVE = join(root, 'test/fixtures/scenarios/twelve-writes.yaml');

let probeFile: string;

/** Built-in modules the CLI loads after the probe (preloaded) starts. */
function builtinsLoaded(args: string[]): string[] {
  const r = spawnSync(process.execPath, ['--require', probeFile, join(root, 'bin/fence-tutor.js'), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(r.status, r.stderr).toBe(0);
  const line = r.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  expect(line, r.stderr).toBeDefined();
  return (JSON.parse(line!.slice('LOADED '.length)) as string[]).map((m) => m.slice('NativeModule '.length));
}

beforeAll(() => {
  ensureBuilt();
  probeFile = join(mkdtempSync(join(tmpdir(), 'fence-tutor-probe-')), 'probe.cjs');
  writeFileSync(
    probeFile,
    `
    const before = new Set(process.moduleLoadList);
    process.on('exit', () => {
      const added = process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule '));
      require('node:fs').writeSync(2, '\\nLOADED ' + JSON.stringify(added) + '\\n');
    });`,
  );
}, 120_000);

afterAll(() => {
  rmSync(join(probeFile, '..'), { recursive: true, force: true });
});

describe('built-in modules at start-up', () => {
  // Through commander, which requires node:child_process (with net and the
  // streams) at load: the build patched that away until issue 32 measured it
  // moving no goal (docs/performance.md, "Start-up pieces on and off").
  it('--version loads no ESM loader', () => {
    const loaded = builtinsLoaded(['--version']);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded).not.toContain('internal/modules/esm/loader');
  });

  // A shipped scenario comes from the build's snapshot, read by the entry itself.
  it.each([
    ['sim --json', ['sim', '--scenario', 'late-write', '--json']],
    ['explore --json', ['explore', '--scenario', 'late-write', '--json']],
  ])('%s on a shipped scenario loads no child_process, no streams, no net and no ESM loader', (_name, args) => {
    const loaded = builtinsLoaded(args);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded).not.toContain('child_process');
    expect(loaded).not.toContain('net');
    expect(loaded).not.toContain('stream');
    expect(loaded).not.toContain('internal/modules/esm/loader');
  });

  // A user's file goes through the YAML library, which lives in an ESM part:
  // Node's ESM loader comes with it (issue 32 removed the subset reader that
  // avoided it; the goal, 2.5x node -e 0, holds: docs/performance.md).
  it("explore --json on a user's file loads no child_process, no streams and no net", () => {
    const loaded = builtinsLoaded(['explore', '--scenario-file', TWELVE, '--json']);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded).not.toContain('child_process');
    expect(loaded).not.toContain('net');
    expect(loaded).not.toContain('stream');
  });

  // Issue 18: on the shipped content these read the build's snapshot
  // (dist/content) from the entry itself. No ESM part loaded means none of
  // the chunks holding yaml, marked or zod (test/build/bundle.proc.test.ts keeps
  // those libraries out of the entry).
  it.each([
    ['lessons --json', ['lessons', '--json']],
    ['lesson 4 --plain', ['lesson', '4', '--plain']],
    ['lesson 10 --plain', ['lesson', '10', '--plain']],
    ['validate', ['validate']],
    ['challenges --json', ['challenges', '--json']],
    ['exercises', ['exercises']],
  ])('%s on the shipped content loads no ESM part, so no YAML, Markdown or schema library', (_name, args) => {
    expect(builtinsLoaded(args)).not.toContain('internal/modules/esm/loader');
  });

  it('the probe sees the ESM loader when a command does load an ESM part (validate FILE)', () => {
    expect(builtinsLoaded(['validate', join(root, 'scenarios/late-write.yaml')])).toContain('internal/modules/esm/loader');
  });
});

/**
 * Strings each library's code keeps through minification: a bundle file
 * holding one holds that library.
 */
const PARSER_MARKERS = { yaml: 'YAMLParseError', zod: 'ZodError', marked: 'marked(): ' };

/** The libraries among yaml, marked and zod in the bundle files a command loads (the entry and its ESM parts). */
function parserLibrariesLoaded(args: string[], env: NodeJS.ProcessEnv = {}): string[] {
  const full: NodeJS.ProcessEnv = { ...process.env, ...env, NODE_DEBUG: 'esm' };
  delete full.CI;
  const r = spawnSync(process.execPath, [join(root, 'bin/fence-tutor.js'), ...args], { encoding: 'utf8', env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  expect(r.status, r.stderr).toBe(0);
  const files = [
    join(root, 'dist/cli.cjs'),
    ...[...new Set([...r.stderr.matchAll(/Storing (file:\/\/\S+\.js)/g)].map((m) => m[1]!))].map((u) => fileURLToPath(u)),
  ];
  const found = new Set<string>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const [lib, marker] of Object.entries(PARSER_MARKERS)) if (code.includes(marker)) found.add(lib);
  }
  return [...found].sort();
}

describe('parser libraries at start-up on the shipped content (issue 18)', () => {
  it.each([
    ['lessons --json', ['lessons', '--json']],
    ['lesson 4 --plain', ['lesson', '4', '--plain']],
    ['validate', ['validate']],
    ['progress --json', ['progress', '--json']],
    ['scenarios --json', ['scenarios', '--json']],
    ['scenarios', ['scenarios']],
    ['quiz --export json', ['quiz', '--export', 'json', '--seed', '1']],
    ['quiz --export sheet', ['quiz', '--export', 'sheet', '--seed', '1']],
    ['quiz --export gift', ['quiz', '--export', 'gift', '--seed', '1']],
  ])('%s loads none of yaml, marked and zod', (_name, args) => {
    expect(parserLibrariesLoaded(args)).toEqual([]);
  });

  it('quiz --answers FILE loads no parser library for a JSON answers file, and the YAML parser alone for a YAML one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-answers-'));
    try {
      const json = join(dir, 'answers.json');
      writeFileSync(json, JSON.stringify({ answers: {} }));
      const yaml = join(dir, 'answers.yaml');
      writeFileSync(yaml, 'answers: {}\n');
      const full: NodeJS.ProcessEnv = { ...process.env, FENCE_TUTOR_HOME: join(dir, 'home') };
      // An exam with no answers fails (exit 1), so check the libraries by hand here.
      expect(parserLibrariesLoaded(['quiz', '--mode', 'practice', '--seed', '1', '--answers', json, '--format', 'json'], full)).toEqual([]);
      expect(parserLibrariesLoaded(['quiz', '--mode', 'practice', '--seed', '1', '--answers', yaml, '--format', 'json'], full)).toEqual(['yaml']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the markers find all three when the loaders run (FENCE_TUTOR_BUILT_CONTENT=0)', () => {
    expect(parserLibrariesLoaded(['lesson', '4', '--plain'], { FENCE_TUTOR_BUILT_CONTENT: '0' })).toEqual(['marked', 'yaml', 'zod']);
  });
});
