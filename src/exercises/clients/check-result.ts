/**
 * Turning a check's outcome into the framework's CheckResult: passed, a
 * failure in the contract's words, a time-out, the learner's exception, or
 * not exhaustive (a cap stopped it first).
 */
import { LearnerThrew, TimeLimitError } from '../sink-session.js';
import type { CheckResult } from '../types.js';
import { errorMessage } from '../../platform/error-message.js';

/** Thrown by a check: what it expected and what it saw. */
export class ClientCheckFailure extends Error {}

/** Thrown by a check whose cap stopped it before it tried everything: what was not tried. Never a pass. */
export class ClientCheckNotExhaustive extends Error {}

export interface ClientCheck<Ctx> {
  id: string;
  title: string;
  hint: string;
  /** Returns the one-sentence summary of a pass; throws ClientCheckFailure. */
  run(ctx: Ctx, detail: string[]): Promise<string>;
}

export async function runClientCheck<Ctx>(check: ClientCheck<Ctx>, ctx: Ctx): Promise<CheckResult> {
  const t0 = performance.now();
  const detail: string[] = [];
  const base = { id: check.id, title: check.title, runs: 1, detail };
  const took = () => Math.round(performance.now() - t0);
  try {
    const summary = await check.run(ctx, detail);
    return { ...base, status: 'passed', summary, wrong: 0, durationMs: took() };
  } catch (err) {
    if (err instanceof ClientCheckNotExhaustive) return { ...base, status: 'not-exhaustive', summary: errorMessage(err), wrong: 0, durationMs: took() };
    const status =
      err instanceof TimeLimitError ? 'timed-out' : err instanceof LearnerThrew ? 'threw' : err instanceof ClientCheckFailure ? 'failed' : undefined;
    if (!status) throw err;
    return { ...base, status, summary: errorMessage(err), wrong: 1, hint: check.hint, durationMs: took() };
  }
}
