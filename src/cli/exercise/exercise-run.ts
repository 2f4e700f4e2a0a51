/**
 * Which machinery checks an exercise: the sink adversary (exercises 1-5),
 * the client checks (redo-on-reject, etcd-lock, zookeeper-lock), or a learner's own sink
 * command as a black box (`--sink-cmd`). Each ends what it started; the
 * errors that mean "cannot run" become UsageError (exit 2).
 */
import { isClientExercise, runClientChecks } from '../../exercises/clients/run-client-checks.js';
import { ToolMissingError } from '../../exercises/clients/client-ports.js';
import { runChecks } from '../../exercises/run-checks.js';
import { runSinkCmdChecks } from '../../exercises/sink-cmd/run-sink-checks.js';
import { SINK_CMD_EXERCISES, takesSinkCmd } from '../../exercises/sink-cmd/sink-checks.js';
import { sinkCmdExerciseReport } from '../../exercises/sink-cmd/sink-cmd-report.js';
import { SinkStartError } from '../../exercises/sink-cmd/sink-process.js';
import { LoadError } from '../../exercises/sink-session.js';
import type { CheckResult, ExerciseManifest, ExerciseReport } from '../../exercises/types.js';
import { sanitizeLine } from '../../core/neutralise.js';
import { UsageError } from '../../platform/errors.js';
import { openClientMachinery } from './exercise-client-machinery.js';
import { openMachinery } from './exercise-machinery.js';

export interface RunArgs {
  exercise: ExerciseManifest;
  file: string;
  ttlMs: number;
  timeLimitMs: number;
  tempRoot: string;
  etcdBin?: string | undefined;
  zookeeperHome?: string | undefined;
  onCheck?: (result: CheckResult) => void;
}

export async function runExerciseChecks(args: RunArgs): Promise<ExerciseReport> {
  try {
    if (isClientExercise(args.exercise.id)) {
      const machinery = await openClientMachinery({
        ...(args.etcdBin ? { etcdBin: args.etcdBin } : {}),
        ...(args.zookeeperHome ? { zookeeperHome: args.zookeeperHome } : {}),
      });
      try {
        return await runClientChecks({ ...args, machinery });
      } finally {
        await machinery.close();
      }
    }
    const machinery = await openMachinery();
    try {
      return await runChecks({ ...args, machinery });
    } finally {
      await machinery.close();
    }
  } catch (err) {
    if (err instanceof LoadError) throw new UsageError(`your code cannot be loaded: ${err.message}`);
    if (err instanceof ToolMissingError) throw new UsageError(`${args.exercise.id} needs ${err.tool}. ${err.hint}`);
    throw err;
  }
}

/** The exercise takes `--sink-cmd`, or a UsageError that says which do. */
export function requireSinkCmdExercise(id: string): void {
  if (process.platform === 'win32')
    throw new UsageError('--sink-cmd runs CMD through sh in its own process group: it needs a POSIX system (Linux, macOS; on Windows, WSL)');
  if (!takesSinkCmd(id)) throw new UsageError(`${id} does not take --sink-cmd. Fix: use it with ${SINK_CMD_EXERCISES.join(', ')}`);
}

export async function runSinkCmd(exercise: ExerciseManifest, command: string, cwd: string, onCheck?: (r: CheckResult) => void): Promise<ExerciseReport> {
  requireSinkCmdExercise(exercise.id);
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  try {
    const { sinkCheckResult } = await import('../../exercises/sink-cmd/sink-cmd-report.js');
    const run = await runSinkCmdChecks({
      exercise: exercise.id as (typeof SINK_CMD_EXERCISES)[number],
      command,
      cwd,
      ...(onCheck ? { onCheck: (c) => onCheck(sinkCheckResult(c)) } : {}),
    });
    return sinkCmdExerciseReport(run, exercise.title, startedAt, Math.round(performance.now() - t0));
  } catch (err) {
    if (err instanceof SinkStartError) {
      const tail = err.stderrTail.map((l) => `  | ${sanitizeLine(l)}`).join('\n');
      throw new UsageError(
        `--sink-cmd: ${err.message}.${tail ? `\nIts stderr ended with:\n${tail}` : ' It printed nothing on stderr.'}\nFix: it runs in ${sanitizeLine(cwd)} (a file it names is looked for there): run it there yourself to see why it stops; it must listen on 127.0.0.1:{port} and answer GET /health with 200 (docs/sink-contract.md)`,
      );
    }
    throw err;
  }
}
