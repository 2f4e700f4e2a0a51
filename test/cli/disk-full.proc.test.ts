/**
 * A full disk (issue 38, D8): `challenge ID --check FILE` whose data
 * directory is on a full file system says so in one line naming the path,
 * the cause (ENOSPC) and the fix, exits 2, prints no stack, and leaves no
 * lock file. Before: "unexpected error: Error: ENOSPC" with a 9-line stack,
 * exit 1, and an empty progress.json.lock. The full disk is a 64 KiB tmpfs,
 * which needs root (mount); without it the test is skipped, loudly.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from './cli-run.js';

const mountPoint = mkdtempSync(join(tmpdir(), 'fence-full-disk-'));
const mounted = process.platform === 'linux' && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mountPoint]).status === 0;
if (!mounted) console.warn(`SKIPPED: disk-full tests need to mount a tiny tmpfs (root); could not mount one on ${mountPoint}`);
afterAll(() => {
  if (mounted) spawnSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});
beforeAll(ensureBuilt, 120_000);

function fill(dir: string): void {
  const chunk = Buffer.alloc(4096, 1);
  for (let i = 0; ; i++) {
    try {
      writeFileSync(join(dir, `fill-${i}`), chunk);
    } catch {
      return;
    }
  }
}

describe.skipIf(!mounted)('a full disk (D8)', { timeout: 120_000 }, () => {
  it('challenge --check: one line naming the path, ENOSPC and the fix; exit 2; no lock left', () => {
    const home = join(mountPoint, 'home');
    mkdirSync(home);
    const run = join(mkdtempSync(join(tmpdir(), 'fence-full-run-')), 'run.yaml');
    writeFileSync(
      run,
      `id: my-run
config: { fencing: false }
steps:
  - { at: 0,  actor: A, do: acquire }
  - { at: 1,  actor: A, do: write, value: "0" }
  - { at: 2,  actor: A, do: pause }
  - { at: 3,  actor: B, do: acquire }
  - { at: 14, actor: B, do: write, value: "100" }
  - { at: 31, actor: A, do: resume }
  - { at: 31, actor: A, do: write, value: "1" }
`,
    );
    fill(mountPoint);
    const r = runCli(['challenge', 'lose-b-update', '--check', run], { FENCE_TUTOR_HOME: home });
    expect(r.status).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^fence-tutor: cannot write ${home}/\\S+: the disk is full \\(ENOSPC\\)\\. Fix: `));
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(home)).toEqual([]);
  });

  it('the lab: one line naming the evidence folder and ENOSPC, exit 2, before any process starts', () => {
    const out = join(mountPoint, 'evidence');
    const r = runCli(['lab', '--json', '--ttl', '1', '--out', out], { FENCE_TUTOR_HOME: mkdtempSync(join(tmpdir(), 'fence-full-home-')) });
    expect(r.status, r.stderr).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/the disk is full \(ENOSPC\)/);
    expect(lines[0]).toContain(out);
    expect(readdirSync(out)).toEqual([]);
  });
});
