/**
 * Spawns the built CLI (`node bin/fence-tutor.js`) without a TTY and without
 * CI. The bundle is built once per run, before the tests (test/global-setup.ts).
 */
import { execFile, spawnSync } from 'node:child_process';
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

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** runCli without blocking the worker, so tests that mostly wait on the CLI's children can run concurrently. */
export function runCliAsync(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const full = { ...process.env, ...env };
  delete full.CI;
  return new Promise((resolve, reject) => {
    execFile('node', [bin, ...args], { encoding: 'utf8', env: full, cwd: tmpdir(), maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ status: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}
