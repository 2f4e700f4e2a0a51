/**
 * Checks a client exercise file the way `exercise check` does (the
 * learner's code in its own process, the real coordinator or etcd). One
 * etcd serves every etcd-lock check in a file: keys live under a prefix per
 * run, so runs never see each other's, and the checks of a file run side by
 * side (each has its own child, coordinator and temp dir). One ZooKeeper
 * likewise serves a file's zookeeper-lock checks, each run under its own node.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openClientMachinery } from '../../src/cli/exercise/exercise-client-machinery.js';
import { runClientChecks } from '../../src/exercises/clients/run-client-checks.js';
import { findExercise } from '../../src/content/exercise/exercise-registry.js';
import type { ExerciseReport } from '../../src/exercises/types.js';
import { ensureBuilt } from '../cli/cli-run.js';
import { findZooKeeper } from '../../src/lab/coordinator/zookeeper/zookeeper-server.js';

/** 1 s, not 0.5: side by side on a loaded machine, B's own lease could run out between its grant and its acquire. */
export const CLIENT_TEST_TTL_MS = 1000;
/** For a hang (no test here has one): generous, since these checks run side by side on a loaded machine. */
const CHECK_TIME_LIMIT_MS = 10_000;

/** ZooKeeper is java and its jar (Debian's zookeeper package), not a command: skip loudly when missing, fail under FENCE_REQUIRE_TOOLS=1. */
export function zookeeperMissing(): boolean {
  const missing = findZooKeeper() === undefined;
  if (missing && process.env.FENCE_REQUIRE_TOOLS !== '1') {
    console.warn('\n*** SKIPPING exercise tests that need ZooKeeper: it is not installed (apt-get install zookeeper) ***\n');
    return true;
  }
  return false;
}

export async function checkClientFile(
  exercise: string,
  source: string,
  opts: { etcdEndpoint?: string; zookeeperConnect?: string } = {},
): Promise<ExerciseReport> {
  ensureBuilt();
  const manifest = findExercise(exercise);
  if (!manifest) throw new Error(`no exercise ${exercise}`);
  const dir = mkdtempSync(join(tmpdir(), 'fence-ex-client-test-'));
  const tempRoot = join(dir, 'tmp');
  mkdirSync(tempRoot);
  const file = join(dir, manifest.file);
  copyFileSync(source, file);
  const machinery = await openClientMachinery();
  if (opts.etcdEndpoint) machinery.startEtcd = async () => ({ endpoint: opts.etcdEndpoint! });
  if (opts.zookeeperConnect) machinery.startZooKeeper = async () => ({ connect: opts.zookeeperConnect! });
  try {
    return await runClientChecks({ exercise: manifest, file, machinery, ttlMs: CLIENT_TEST_TTL_MS, timeLimitMs: CHECK_TIME_LIMIT_MS, tempRoot });
  } finally {
    await machinery.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
