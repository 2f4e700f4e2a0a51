/**
 * One FENCE_TUTOR_HOME for the whole run, in a temp dir; removed afterwards.
 * The lab's teardown hook (reaping pidfiles of killed runs) plugs in here.
 * dist/ is built here, once, when src/ or content changed since the last build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reapTestHomes } from './helpers/reap-test-homes.js';
import { buildIfStale } from './helpers/build-once.js';

export default function setup(): () => Promise<void> {
  buildIfStale();
  const home = mkdtempSync(join(tmpdir(), 'fence-tutor-test-home-'));
  process.env.FENCE_TUTOR_HOME = home;
  return async () => {
    // Lab runs a test killed (or that crashed) leave processes behind: end them first.
    await reapTestHomes(home);
    rmSync(home, { recursive: true, force: true });
  };
}
