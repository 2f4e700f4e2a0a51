/**
 * `exercise check ID`: runs the learner's file in a child process against
 * the adversary, prints the report (or `--json`), saves it under the data
 * directory, and records the result in progress. Exit: 0 all passed, 1 a
 * check failed (a time-out and a thrown exception included), 2 cannot load,
 * not started, bad usage or a missing tool; 130/143 after ending children.
 */
import { foldToAscii } from '../../render/ascii-fold.js';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { sanitizeLine, sanitizeText } from '../../core/neutralise.js';
import { saveExerciseReport } from '../../exercises/report-io.js';
import { reportLines } from '../../exercises/report-text.js';
import type { ExerciseManifest, ExerciseReport } from '../../exercises/types.js';
import { writeUserFileAtomic } from '../../platform/atomic-file.js';
import { onCleanup } from '../../platform/cleanup.js';
import { learnerRunning, removeWhenGone } from '../../platform/guard.js';
import { exerciseToJunit } from '../../reports/exercise-report.js';
import { UsageError } from '../../platform/errors.js';
import { EXIT } from '../../platform/exit-codes.js';
import type { GlobalFlags } from '../../platform/global-flags.js';
import { exerciseDir, requireExercise, updateExerciseProgress } from './exercise-actions.js';
import { requireSinkCmdExercise, runExerciseChecks, runSinkCmd } from './exercise-run.js';
import { printJson } from '../json-output.js';
import { decideDisplay } from '../terminal.js';

export interface CheckFlags {
  dir?: string;
  json?: boolean;
  watch?: boolean;
  answer?: string;
  report?: string;
  student?: string;
  ttl?: string;
  timeLimit?: string;
  sinkCmd?: string;
  etcdBin?: string;
  zookeeperHome?: string;
  /** One run of `--watch`: the question is not asked (stdin is the watcher's). */
  watching?: boolean;
}

function positive(text: string | undefined, flag: string, fallback: number, scale: number): number {
  const n = Number(text ?? fallback);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a positive number, not "${text}"`);
  return Math.round(n * scale);
}

function parseCheckFlags(opts: CheckFlags): { ttlMs: number; timeLimitMs: number } {
  if (opts.watch && opts.json) throw new UsageError('--watch reruns on every save and --json prints one report: use one of them');
  return { ttlMs: positive(opts.ttl, '--ttl', 2, 1000), timeLimitMs: positive(opts.timeLimit, '--time-limit', 2000, 1) };
}

export async function checkExercise(id: string, opts: CheckFlags & GlobalFlags): Promise<number> {
  const { ttlMs, timeLimitMs } = parseCheckFlags(opts);
  if (opts.watch) {
    const { watchExercise } = await import('./exercise-watch.js');
    return watchExercise(id, opts, (flags) => checkExercise(id, flags));
  }
  const exercise = requireExercise(id);
  if (exercise.needs.includes('posix') && process.platform === 'win32') {
    throw new UsageError(`${id} stops a process with SIGSTOP, which Windows does not have: it needs a POSIX system (Linux, macOS)`);
  }
  const dir = exerciseDir(id, opts.dir);
  const file = join(dir, exercise.file);
  if (opts.sinkCmd !== undefined) requireSinkCmdExercise(id);
  else if (!existsSync(file)) {
    throw new UsageError(
      `${id} is not started: ${file} does not exist. Fix: fence-tutor exercise start ${id}${opts.dir ? ` --dir ${JSON.stringify(opts.dir)}` : ''}`,
    );
  }
  const display = decideDisplay(opts);
  const tempRoot = mkdtempSync(join(tmpdir(), 'fence-exercise-'));
  // D4: removed by the guardian too, should this process be SIGKILLed before its own removal below.
  removeWhenGone(tempRoot);
  const removeTemp = () => rmSync(tempRoot, { recursive: true, force: true });
  const unregisterTemp = onCleanup(removeTemp);
  if (!opts.json) {
    const checking = sanitizeText(checkingLine(exercise, file, opts.sinkCmd));
    process.stdout.write(display.ascii ? foldToAscii(checking) : checking);
  }
  let report: ExerciseReport;
  // While the learner's code runs, a SIGSTOP it sends this process is undone by the guardian (D7).
  const learnerDone = learnerRunning();
  try {
    report =
      opts.sinkCmd !== undefined
        ? await runSinkCmd(exercise, opts.sinkCmd, existsSync(dir) ? dir : process.cwd())
        : await runExerciseChecks({ exercise, file, ttlMs, timeLimitMs, tempRoot, etcdBin: opts.etcdBin, zookeeperHome: opts.zookeeperHome });
  } finally {
    learnerDone();
    removeTemp();
    unregisterTemp();
  }
  if (!opts.json) process.stdout.write(`${reportLines(report, { width: display.columns, ascii: display.ascii }).join('\n')}\n`);
  const answer = exercise.question ? await askQuestion(exercise.question, opts) : undefined;
  if (answer !== undefined) report.answer = answer;
  if (opts.student !== undefined && opts.student.trim() !== '') report.student = sanitizeLine(opts.student).trim();
  const saved = saveExerciseReport(report);
  const now = new Date().toISOString();
  updateExerciseProgress(id, (p) => ({
    ...p,
    startedAt: p?.startedAt ?? now,
    dir,
    lastCheckedAt: now,
    ...(report.passed && !p?.passedAt ? { passedAt: now } : {}),
    // Kept when this check has no answer: a spread would not clear the last one, `answer: undefined` would.
    ...(answer !== undefined ? { answer } : {}),
  }));
  if (opts.json) printJson(report);
  else {
    process.stdout.write(`Report saved: ${saved}\n`);
    if (report.passed) process.stdout.write(`The shipped solution, to compare: fence-tutor exercise solution ${id}\n`);
    else process.stdout.write(`More help: fence-tutor exercise hint ${id}\n`);
  }
  // Last: a --report path that cannot be written is bad input (exit 2), and by now the
  // result is in progress and its copy saved and named above, so nothing is lost.
  if (opts.report !== undefined) writeExerciseReportFile(opts.report, report);
  return report.passed ? EXIT.ok : EXIT.failed;
}

/** `--report PATH`: JUnit for `.xml`, else JSON; a path that cannot be written is a UsageError naming it and the flag. */
export function writeExerciseReportFile(path: string, report: ExerciseReport): void {
  const text = /\.xml$/i.test(path) ? exerciseToJunit(report) : `${JSON.stringify(report, null, 2)}\n`;
  writeUserFileAtomic(path, text, 'the report', '--report');
}

function checkingLine(exercise: ExerciseManifest, file: string, sinkCmd: string | undefined): string {
  if (sinkCmd !== undefined) return `Checking the sink \`${sinkCmd}\` (${exercise.title}) as a black box: a fresh process and database per check...\n`;
  if (exercise.kind === 'client') return `Checking ${file} (${exercise.title}): your code in its own process, against ${serverWords(exercise)}...\n`;
  const server = exercise.needs.includes('postgres') ? ' (a throwaway PostgreSQL starts meanwhile)' : '';
  return `Checking ${file} (${exercise.title}): your file loads, a real expiry gives the tokens${server}, then the adversary...\n`;
}

function serverWords(exercise: ExerciseManifest): string {
  if (exercise.needs.includes('etcd')) return 'a throwaway etcd';
  if (exercise.needs.includes('zookeeper')) return 'a throwaway ZooKeeper';
  return 'the embedded coordinator';
}

/** The question after the check: --answer, or asked on a terminal (Enter skips); never required. */
async function askQuestion(question: string, opts: CheckFlags): Promise<string | undefined> {
  if (opts.answer !== undefined) return sanitizeLine(opts.answer).slice(0, 2000);
  if (opts.json || opts.watching || !(process.stdin.isTTY && process.stdout.isTTY)) {
    if (!opts.json) process.stdout.write(`\nA question (not needed to pass): ${question}\nAnswer it with --answer "..." on your next check.\n`);
    return undefined;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const text = (await rl.question(`\nA question (not needed to pass; Enter skips): ${question}\n> `)).trim();
    return text === '' ? undefined : sanitizeLine(text).slice(0, 2000);
  } finally {
    rl.close();
  }
}
