/**
 * Spawns the built CLI (`node bin/fence-tutor.js`) without a TTY and without
 * CI. The bundle is built once per run, before the tests (test/global-setup.ts).
 */
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export { ensureBuilt } from '../helpers/build-once.js';

export const root = new URL('../..', import.meta.url).pathname;
export const bin = join(root, 'bin/fence-tutor.js');

export function runCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const full = { ...process.env, ...env };
  delete full.CI;
  return spawnSync('node', [bin, ...args], { encoding: 'utf8', env: full, cwd: tmpdir() });
}
