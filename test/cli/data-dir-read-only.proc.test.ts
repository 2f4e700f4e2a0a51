/**
 * A read-only data directory: the lab (which writes there) exits 2 naming
 * the directory, while reading progress still works. Root writes through
 * permission bits, so when the tests run as root the built CLI runs as an
 * unprivileged user (uid 65534). That user may not be able to read the
 * checkout (under /root, mode 0700, for one), so what the CLI reads of the
 * package is copied to a temp dir any user can read, and it runs from there.
 */
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliRun } from './cli-run.js';
import { ensureBuilt, root } from './cli-run.js';

/** What `node bin/fence-tutor.js` reads of the package: its entry, the bundle, the shipped content, package.json (how it finds its root). */
const PACKAGE_PARTS = ['bin', 'dist', 'lessons', 'quizzes', 'scenarios', 'challenges', 'exercises', 'package.json'];

let parent: string;
let pkg: string;
beforeAll(() => {
  ensureBuilt();
  // In the system temp dir: the suite's own home is 0700.
  parent = mkdtempSync(join(tmpdir(), 'fence-read-only-'));
  pkg = join(parent, 'pkg');
  for (const part of PACKAGE_PARTS) if (existsSync(join(root, part))) cpSync(join(root, part), join(pkg, part), { recursive: true });
  readableByAll(parent);
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** Folders 0755, files 0644: whatever mode the checkout had, any user can read the copy. */
function readableByAll(path: string): void {
  if (statSync(path).isDirectory()) {
    chmodSync(path, 0o755);
    for (const entry of readdirSync(path)) readableByAll(join(path, entry));
  } else chmodSync(path, 0o644);
}

const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

function run(args: string[], home: string): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, FENCE_TUTOR_HOME: home };
  delete env.CI;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [join(pkg, 'bin/fence-tutor.js'), ...args], { encoding: 'utf8', env, cwd: parent, ...asUser }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ status: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

describe('a read-only data directory', { timeout: 120_000 }, () => {
  it('the lab (which writes there) exits 2 naming the directory; reading progress still works', async () => {
    const home = join(parent, 'home');
    mkdirSync(home, { mode: 0o555 });
    chmodSync(home, 0o555);
    const lab = await run(['lab', '--json', '--ttl', '1'], home);
    const lines = lab.stderr.trim().split('\n');
    expect(lines, lab.stderr).toHaveLength(1);
    expect(lines[0]).toContain(home);
    expect(lines[0]).toMatch(/Fix: /);
    expect(lab.stderr).toMatch(/not writable/);
    expect(lab.stderr).not.toMatch(/\n\s+at /);
    expect(lab.status).toBe(2);
    const progress = await run(['progress', '--json'], home);
    expect(progress.status, progress.stderr).toBe(0);
  });
});
