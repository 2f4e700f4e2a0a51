/**
 * One `exercise check`: the learner's sink starts (a file that cannot load
 * stops here), a real expiry supplies the tokens, then each check's
 * scenario is replayed by the adversary. Returns the report; never prints (report-text does that).
 */
import { readFileSync } from 'node:fs';
import { exerciseReport } from './report.js';
import { type Exploration, explore } from './adversary.js';
import { checksFor } from './checks/index.js';
import type { ExerciseMachinery } from './ports.js';
import type { CheckSpec, Tokens } from './scenario.js';
import { LearnerThrew, SinkExited, SinkSession, TimeLimitError } from './sink-session.js';
import { sha256Hex } from '../platform/sha256.js';
import type { CheckResult, ExerciseManifest, ExerciseReport } from './types.js';

export interface RunChecksOptions {
  exercise: ExerciseManifest;
  /** The learner's file (absolute). */
  file: string;
  machinery: ExerciseMachinery;
  ttlMs: number;
  /** Per check: a hang or an infinite loop is killed after this long. */
  timeLimitMs: number;
  /** A private directory for the sink's HOME and databases (the caller removes it). */
  tempRoot: string;
  onCheck?: (result: CheckResult) => void;
}

export async function runChecks(opts: RunChecksOptions): Promise<ExerciseReport> {
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  const fileSha256 = sha256Hex(readFileSync(opts.file));
  const suite = checksFor(opts.exercise.id);
  let postgresUrl: Promise<string> | undefined;
  const session = new SinkSession(
    opts.machinery,
    opts.file,
    suite.requires,
    opts.tempRoot,
    opts.timeLimitMs,
    suite.database === 'postgres' ? () => postgresUrl! : undefined,
  );
  try {
    // The learner's file loads first: a syntax error is told at once, before any real expiry starts.
    await session.start();
    // A throwaway PostgreSQL (postgres-sink) starts while the expiry runs out.
    if (suite.database === 'postgres') postgresUrl = startPostgres(opts.machinery);
    const evidence = await opts.machinery.supplyTokens(opts.ttlMs);
    await postgresUrl;
    const checks: CheckResult[] = [];
    for (const spec of suite.checks) {
      const result = await runOne(session, spec, evidence.tokens);
      checks.push(result);
      opts.onCheck?.(result);
    }
    return exerciseReport(opts.exercise, {
      checks,
      fileSha256,
      file: opts.file,
      evidence,
      startedAt,
      durationMs: Math.round(performance.now() - t0),
      output: [...session.output],
    });
  } finally {
    await session.close();
  }
}

function startPostgres(machinery: ExerciseMachinery): Promise<string> {
  if (!machinery.startPostgres) return Promise.reject(new Error('this machinery starts no PostgreSQL'));
  const url = machinery.startPostgres().then((pg) => pg.url);
  // Awaited once the tokens are in; a failure meanwhile must not end the process as an unhandled rejection.
  url.catch(() => undefined);
  return url;
}

async function runOne(session: SinkSession, spec: CheckSpec, tokens: Tokens): Promise<CheckResult> {
  const t0 = performance.now();
  const base = { id: spec.id, title: spec.title };
  const took = () => Math.round(performance.now() - t0);
  try {
    let killPoints: (number | undefined)[] = [undefined];
    if (spec.everyKillPoint) {
      // A first run without a kill counts the calls the write makes; then a kill after each but the last.
      const probe = await explore(session, { ...spec, scenario: (t) => spec.scenario(t).map((i) => ('send' in i ? { send: i.send } : i)) }, tokens);
      const firstKilled = spec.scenario(tokens).findIndex((i) => 'send' in i && i.killAfterCalls !== undefined);
      const run = probe.firstRight ?? probe.firstWrong?.run;
      const target = run ? requestIndexOfItem(spec, tokens, firstKilled) : -1;
      const calls = run ? run.steps.filter((s) => s.request === target).length : 0;
      killPoints = Array.from({ length: Math.max(0, calls - 1) }, (_, i) => i + 1);
      if (killPoints.length === 0) {
        return probe.wrong > 0
          ? failed(base, spec, probe.firstWrong!.run, probe.firstWrong!.problem, probe.runs, probe.wrong, took())
          : {
              ...base,
              status: 'passed',
              summary: `${spec.passed(tokens)} (the write is one database call: there is no moment to kill it halfway)`,
              runs: probe.runs,
              wrong: 0,
              ...(probe.firstRight ? { shown: probe.firstRight } : {}),
              durationMs: took(),
            };
      }
    }
    const x = await explore(session, spec, tokens, killPoints);
    return verdict(spec, tokens, x, took());
  } catch (err) {
    if (err instanceof TimeLimitError) {
      await session.restart().catch(() => undefined);
      return {
        ...base,
        status: 'timed-out',
        summary: `killed at the time limit (${session.timeLimitMs} ms): a hang or an infinite loop? (${err.message})`,
        hint: spec.hint,
        runs: 0,
        wrong: 1,
        durationMs: took(),
      };
    }
    if (err instanceof SinkExited) {
      // The next check needs a sink again.
      await session.restart().catch(() => undefined);
      return { ...base, status: 'threw', summary: err.message, hint: spec.hint, runs: 0, wrong: 1, durationMs: took() };
    }
    if (err instanceof LearnerThrew) {
      return { ...base, status: 'threw', summary: err.message, hint: spec.hint, runs: 0, wrong: 1, durationMs: took() };
    }
    throw err;
  }
}

/** A check's result from its search: passed only when the search finished and saw nothing wrong. */
export function verdict(spec: CheckSpec, tokens: Tokens, x: Exploration, durationMs: number): CheckResult {
  const base = { id: spec.id, title: spec.title };
  const ok = spec.mode === 'some' ? x.firstRight !== undefined : x.wrong === 0;
  if (ok && x.cutShort && spec.mode !== 'some') {
    return {
      ...base,
      status: 'not-exhaustive',
      summary: `nothing wrong in ${x.runs} runs, but ${x.cutShort}`,
      ...(x.firstRight ? { shown: x.firstRight } : {}),
      hint: 'A search cut short proves nothing about the interleavings it did not try: this is not a pass.',
      runs: x.runs,
      wrong: 0,
      durationMs,
    };
  }
  if (ok) {
    const some = spec.mode === 'some' ? ` (found in run ${x.runs})` : x.runs > 1 ? ` (${x.runs} of ${x.runs} interleavings right)` : '';
    return {
      ...base,
      status: 'passed',
      summary: `${spec.passed(tokens)}${some}`,
      ...(x.firstRight ? { shown: x.firstRight } : {}),
      runs: x.runs,
      wrong: x.wrong,
      durationMs,
    };
  }
  const wrongRun = x.firstWrong!;
  const problem =
    spec.mode === 'some'
      ? `no interleaving of ${x.runs} showed it${x.cutShort ? ` (not exhaustive: ${x.cutShort})` : ''}: ${wrongRun.problem}`
      : wrongRun.problem;
  return failed(base, spec, wrongRun.run, problem, x.runs, x.wrong, durationMs);
}

function failed(
  base: { id: string; title: string },
  spec: CheckSpec,
  run: CheckResult['shown'] & {},
  problem: string,
  runs: number,
  wrong: number,
  durationMs: number,
): CheckResult {
  const error = run.answers.find((a) => a?.error)?.error;
  const counted = spec.mode === 'some' || runs <= 1 ? '' : ` (${wrong} of ${runs} interleavings wrong; the first is shown)`;
  return {
    ...base,
    status: error ? 'threw' : 'failed',
    summary: error ? `your code threw: ${error}` : `${problem}${counted}`,
    shown: run,
    runs,
    wrong,
    hint: spec.hint,
    durationMs,
  };
}

/** Index in the trial's request list of the first request of item `itemIndex`. */
function requestIndexOfItem(spec: CheckSpec, tokens: Tokens, itemIndex: number): number {
  let n = 0;
  const items = spec.scenario(tokens);
  for (let i = 0; i < itemIndex; i += 1) {
    const item = items[i]!;
    if ('send' in item) n += item.send.length;
  }
  return n;
}
