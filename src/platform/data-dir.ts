/**
 * The one data directory (conventions: "Files and state"): progress, review
 * boxes, lab evidence and pidfiles. `$FENCE_TUTOR_HOME` wins; tests always set it.
 */
import { makeDirs } from './make-dirs.js';
import { join } from 'node:path';
import envPaths from 'env-paths';

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.FENCE_TUTOR_HOME;
  const dir = home && home.length > 0 ? home : envPaths('fence-tutor', { suffix: '' }).data;
  return dir;
}

/** A subfolder of the data directory, created on demand. */
export function dataSubdir(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = join(dataDir(env), name);
  makeDirs(dir);
  return dir;
}
