/**
 * One FENCE_TUTOR_HOME for the whole run, in a temp dir; removed afterwards.
 * The lab's teardown hook (reaping pidfiles of killed runs) plugs in here.
 * dist/ is built here, once, when src/ or content changed since the last build,
 * and only for the tiers that run it (processes, serial): the unit tier
 * (npm run test:quick) never needs nor waits for a build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { reapTestHomes } from './helpers/reap-test-homes.js';
import { buildIfStale } from './helpers/build-once.js';

/** The projects whose files run the bundle (vitest.config.ts): vitest calls this setup once for each project that has files to run. */
const RUN_THE_BUNDLE = new Set(['processes', 'serial']);

export default function setup(project: TestProject): () => Promise<void> {
  if (RUN_THE_BUNDLE.has(project.name)) buildIfStale();
  const home = mkdtempSync(join(tmpdir(), 'fence-tutor-test-home-'));
  process.env.FENCE_TUTOR_HOME = home;
  return async () => {
    // Lab runs a test killed (or that crashed) leave processes behind: end them first.
    await reapTestHomes(home);
    rmSync(home, { recursive: true, force: true });
  };
}
