/**
 * What the built CLI loads of Node itself, on the paths issue 2 times against
 * `node -e 0`: `--version`, `sim --json` and `explore --json` with stdout a
 * pipe. Each built-in module compiled at start-up costs; these three groups
 * were found loaded for nothing, and the build (scripts/build.mjs) and
 * writeStdout keep them out:
 *   - child_process (with net and dgram): commander requires it at load;
 *   - the stream modules: an ESM import of node:fs runs its lazy getters;
 *   - net: touching process.stdout when stdout is a pipe;
 *   - Node's ESM loader: the entry is CommonJS and holds these paths whole
 *     (README, "Why the entry is CommonJS").
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../cli/cli-run.js';

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
  it.each([
    ['--version', ['--version']],
    ['sim --json', ['sim', '--scenario', 'late-write', '--json']],
    ['explore --json', ['explore', '--scenario-file', TWELVE, '--json']],
  ])('%s loads no child_process, no streams, no net and no ESM loader', (_name, args) => {
    const loaded = builtinsLoaded(args);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded).not.toContain('child_process');
    expect(loaded).not.toContain('net');
    expect(loaded).not.toContain('stream');
    expect(loaded).not.toContain('internal/modules/esm/loader');
  });

  // Issue 18: on the shipped content these read the build's snapshot
  // (dist/content) from the entry itself. No ESM part loaded means none of
  // the chunks holding yaml, marked or zod (test/build/bundle.test.ts keeps
  // those libraries out of the entry).
  it.each([
    ['lessons --json', ['lessons', '--json']],
    ['lesson 4 --plain', ['lesson', '4', '--plain']],
    ['lesson 10 --plain', ['lesson', '10', '--plain']],
    ['validate', ['validate']],
  ])('%s on the shipped content loads no ESM part, so no YAML, Markdown or schema library', (_name, args) => {
    expect(builtinsLoaded(args)).not.toContain('internal/modules/esm/loader');
  });

  it('the probe sees the ESM loader when a command does load an ESM part (validate FILE)', () => {
    expect(builtinsLoaded(['validate', join(root, 'scenarios/late-write.yaml')])).toContain('internal/modules/esm/loader');
  });
});
