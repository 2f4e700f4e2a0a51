/**
 * `exercise check ID --sink-cmd CMD`: each check of the exercise against a
 * fresh sink process with a fresh database file, one after another, each
 * under a time limit; afterwards nothing is left (processes, temp files).
 * A sink that never becomes healthy throws SinkStartError (exit 2): that is
 * a command that cannot run, not a check that failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeWhenGone } from '../../platform/guard.js';
import { freeLoopbackPort } from '../../platform/free-port.js';
import { SINK_CHECKS, type SinkCmdExercise } from './sink-checks.js';
import { SinkProcess, SinkStartError } from './sink-process.js';
import { CheckFailure, type SinkExchange, SinkSession } from './black-box-session.js';
import type { TrialOutcome } from './timing-adversary.js';

/** Per check; a restart may spend up to 10 s of it waiting for /health, so a check with restarts gets more. */
const CHECK_LIMIT_MS = 15_000;
const RESTART_ALLOWANCE_MS = 10_000;

const BLACK_BOX_CAVEAT =
  'Through a black box the tutor can only time requests against each other; the in-process adversary holds a request between any two database calls. 0 wrong here is weaker evidence than a pass there.';

/** The closing sentence after a failed run: what went wrong is real, and the caveat above is about passes. */
const BLACK_BOX_FAILED =
  'What went wrong above is real: the requests and answers shown are what your sink did. Fix it, then check again (a pass through a black box is weaker evidence than one in-process).';

/** The report's last line, agreeing with the run: the caveat when it passed, the failure's weight when not. */
function blackBoxCaveat(passed: boolean): string {
  return passed ? BLACK_BOX_CAVEAT : BLACK_BOX_FAILED;
}

export interface SinkCheckResult {
  id: string;
  title: string;
  passed: boolean;
  /** Why it failed, in the contract's words. */
  failure?: string;
  hint?: string;
  exchanges: SinkExchange[];
  /** Exchanges left out of `exchanges` (the timing trials). */
  unlogged: number;
  /** The timing adversary's tally: how many trials went wrong out of how many. */
  trials?: { wrong: number; total: number };
  /** What the sink printed during this check (last lines, raw: neutralise before display). */
  printed: string[];
  durationMs: number;
}

export interface SinkCmdReport {
  exercise: SinkCmdExercise;
  command: string;
  checks: SinkCheckResult[];
  passed: boolean;
  caveat: string;
}

export interface SinkCmdOptions {
  exercise: SinkCmdExercise;
  command: string;
  /** Where CMD runs (the learner's exercise folder). */
  cwd?: string;
  healthLimitMs?: number;
  /**
   * Per check, before a hung check is killed (default CHECK_LIMIT_MS; each
   * restart adds its allowance). The CLI keeps the default; the tests, which
   * do not measure it, give more, since on a loaded machine the timed trials
   * beside other runs can take longer than 15 s.
   */
  checkLimitMs?: number;
  /** Run only these checks (by id): tests that aim at one check. */
  only?: readonly string[];
  onCheck?: (result: SinkCheckResult) => void;
}

export async function runSinkCmdChecks(opts: SinkCmdOptions): Promise<SinkCmdReport> {
  const checks: SinkCheckResult[] = [];
  const chosen = SINK_CHECKS[opts.exercise].filter((c) => !opts.only || opts.only.includes(c.id));
  for (const check of chosen) {
    const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-sink-'));
    removeWhenGone(dir);
    const sink = new SinkProcess({
      command: opts.command,
      port: await freeLoopbackPort(),
      dbPath: join(dir, 'sink.db'),
      // HOME stays: the learner's toolchain (go, cargo, npx) keeps caches there.
      env: { ...process.env, FENCE_TUTOR_HOME: join(dir, 'home'), NODE_OPTIONS: '' },
      cwd: opts.cwd,
      healthLimitMs: opts.healthLimitMs,
    });
    const started = performance.now();
    const session = new SinkSession(sink);
    let result: SinkCheckResult;
    try {
      await sink.start();
      const outcome = await withinLimit(
        check.run(session),
        (opts.checkLimitMs ?? CHECK_LIMIT_MS) + (check.restarts ?? 0) * RESTART_ALLOWANCE_MS + (check.allowanceMs ?? 0),
        () => sink.stop(),
      );
      result = base(check, session, sink, started, true);
      if (outcome) result.trials = { wrong: outcome.wrong, total: outcome.total };
    } catch (caught) {
      // The sink started once, so the command is good: not coming back after a kill is the check failing.
      const err = caught instanceof SinkStartError && sink.starts > 1 ? new CheckFailure(`after SIGKILL and restart: ${caught.message}`) : caught;
      if (!(err instanceof CheckFailure)) {
        await sink.stop();
        rmSync(dir, { recursive: true, force: true });
        throw err;
      }
      result = { ...base(check, session, sink, started, false), failure: err.message, hint: check.hint };
      const outcome = (err as CheckFailure & { outcome?: TrialOutcome }).outcome;
      if (outcome) result.trials = { wrong: outcome.wrong, total: outcome.total };
    } finally {
      await sink.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    checks.push(result);
    opts.onCheck?.(result);
  }
  const passed = checks.every((c) => c.passed);
  return { exercise: opts.exercise, command: opts.command, checks, passed, caveat: blackBoxCaveat(passed) };
}

function base(check: { id: string; title: string }, session: SinkSession, sink: SinkProcess, started: number, passed: boolean): SinkCheckResult {
  return {
    id: check.id,
    title: check.title,
    passed,
    exchanges: session.exchanges,
    unlogged: session.unlogged,
    printed: sink.printed(),
    durationMs: Math.round(performance.now() - started),
  };
}

/** The check, or a CheckFailure once the limit passes (the sink is killed so its pending requests end). */
async function withinLimit<T>(work: Promise<T>, ms: number, onTimeout: () => Promise<void>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void onTimeout();
      reject(
        new CheckFailure(
          `killed at its time limit: the check did not finish within ${ms / 1000} s (a request that never got an answer, or a restart that never got healthy?)`,
        ),
      );
    }, ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}
