/**
 * A `--sink-cmd` run as the framework's ExerciseReport, so `--json`, the
 * saved report, progress and `grade` treat it like any other check. The
 * file hash is the command's (there is no file of ours to hash), and the
 * caveat travels with it.
 */
import { sanitizeLine } from '../../core/neutralise.js';
import { exerciseReport } from '../report.js';
import { sha256Hex } from '../../platform/sha256.js';
import type { CheckResult, ExerciseReport } from '../types.js';
import type { SinkCheckResult, SinkCmdReport } from './run-sink-checks.js';

export function sinkCheckResult(c: SinkCheckResult): CheckResult {
  const detail = c.exchanges.map((e) => `${e.sent} → ${e.status} ${e.answered}`);
  if (c.unlogged > 0) detail.push(`(${c.unlogged} more requests of the timing trials not shown)`);
  const trials = c.trials ? `${c.trials.wrong} of ${c.trials.total} overlapping trials went wrong` : undefined;
  return {
    id: c.id,
    title: c.title,
    status: c.passed ? 'passed' : 'failed',
    summary: c.passed ? (trials ?? 'as the contract says') : (c.failure ?? 'failed'),
    runs: c.trials?.total ?? 1,
    wrong: c.trials?.wrong ?? (c.passed ? 0 : 1),
    ...(c.hint ? { hint: c.hint } : {}),
    detail: detail.map(sanitizeLine),
    durationMs: c.durationMs,
  };
}

export function sinkCmdExerciseReport(run: SinkCmdReport, title: string, startedAt: string, durationMs: number): ExerciseReport {
  const printed = run.checks.flatMap((c) => c.printed.map((l) => `[${c.id}] ${sanitizeLine(l)}`));
  return exerciseReport(
    { id: run.exercise, title },
    {
      passed: run.passed,
      checks: run.checks.map(sinkCheckResult),
      fileSha256: sha256Hex(run.command),
      file: '',
      startedAt,
      durationMs,
      output: printed.slice(-40),
      sinkCmd: run.command,
      caveat: run.caveat,
    },
  );
}
