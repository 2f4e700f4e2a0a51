/**
 * `exercise check` for the client exercises (redo-on-reject, etcd-lock,
 * zookeeper-lock): the learner's module in its own process, the coordinator
 * or a throwaway etcd or ZooKeeper from the machinery, the exercise's checks in order. Returns the
 * same report as the sink exercises; never prints.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { exerciseReport } from '../report.js';
import { sha256Hex } from '../../platform/sha256.js';
import type { CheckResult, ExerciseManifest, ExerciseReport } from '../types.js';
import { type ClientCheck, runClientCheck } from './check-result.js';
import type { ClientMachinery } from './client-ports.js';
import { ClientSession } from './client-session.js';
import { deletePrefix } from './etcd-gateway.js';
import { ETCD_LOCK_CHECKS } from './etcd-lock-checks.js';
import { ZOOKEEPER_LOCK_CHECKS } from './zookeeper-lock-checks.js';
import { REDO_CHECKS } from './redo-checks.js';

const CLIENT_EXERCISES: Record<string, string[]> = {
  'redo-on-reject': ['addOne'],
  'etcd-lock': ['acquire'],
  'zookeeper-lock': ['acquire'],
};

export function isClientExercise(id: string): boolean {
  return id in CLIENT_EXERCISES;
}

export interface RunClientChecksOptions {
  exercise: ExerciseManifest;
  file: string;
  machinery: ClientMachinery;
  ttlMs: number;
  timeLimitMs: number;
  tempRoot: string;
  onCheck?: (result: CheckResult) => void;
}

async function runAll<Ctx>(checks: ClientCheck<Ctx>[], ctx: Ctx, onCheck?: (r: CheckResult) => void): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    const result = await runClientCheck(check, ctx);
    results.push(result);
    onCheck?.(result);
  }
  return results;
}

export async function runClientChecks(opts: RunClientChecksOptions): Promise<ExerciseReport> {
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  const fileSha256 = sha256Hex(readFileSync(opts.file));
  const requires = CLIENT_EXERCISES[opts.exercise.id];
  if (!requires) throw new Error(`no client checks for exercise ${opts.exercise.id}`);
  const prefix = `/fence-tutor/exercise/${Date.now().toString(36)}-${randomBytes(3).toString('hex')}/`;
  const session = new ClientSession(opts.machinery, opts.file, requires, opts.tempRoot, opts.timeLimitMs);
  let checks: CheckResult[];
  try {
    if (opts.exercise.id === 'etcd-lock') {
      const { endpoint } = await opts.machinery.startEtcd();
      await session.start();
      try {
        checks = await runAll(ETCD_LOCK_CHECKS, { session, endpoint, prefix }, opts.onCheck);
      } finally {
        await deletePrefix(endpoint, prefix);
      }
    } else if (opts.exercise.id === 'zookeeper-lock') {
      const { connect } = await opts.machinery.startZooKeeper();
      await session.start();
      const { runZooKeeperLockChecks } = await import('./zookeeper-lock-run.js');
      checks = await runZooKeeperLockChecks(session, connect, (ctx) => runAll(ZOOKEEPER_LOCK_CHECKS, ctx, opts.onCheck));
    } else {
      const [{ url }] = await Promise.all([opts.machinery.startCoordinator(), session.start()]);
      checks = await runAll(REDO_CHECKS, { session, coordinator: url, prefix, ttlMs: opts.ttlMs }, opts.onCheck);
    }
  } finally {
    await session.close();
  }
  return exerciseReport(opts.exercise, {
    checks,
    fileSha256,
    file: opts.file,
    startedAt,
    durationMs: Math.round(performance.now() - t0),
    output: [...session.output],
  });
}
