/**
 * Spawns the built CLI (`node bin/fence-tutor.js`) without a TTY and without
 * CI. `npm test` builds before vitest runs; when run alone and no bundle
 * exists yet, the first call builds one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;
export const bin = join(root, 'bin/fence-tutor.js');

export function ensureBuilt(): void {
  if (existsSync(join(root, 'dist/cli.cjs'))) return;
  const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8' });
  if (b.status !== 0) throw new Error(`build failed: ${b.stderr}`);
}

export function runCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const full = { ...process.env, ...env };
  delete full.CI;
  return spawnSync('node', [bin, ...args], { encoding: 'utf8', env: full, cwd: tmpdir() });
}
