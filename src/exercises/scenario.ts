/**
 * A check's scenario: what the adversary sends, in order. A `send` of one
 * request runs it alone; a `send` of several puts them in flight together,
 * and the adversary decides, call by call, whose database call runs next.
 * `restart` SIGKILLs the sink and starts it again on the same file.
 */
import { quoteValue } from '../core/display-text.js';
import type { SinkRequest, TrialRun } from './types.js';

export type TrialItem =
  | {
      send: SinkRequest[];
      /** Kill the sink while request 0 of this send is held after this many completed calls. */
      killAfterCalls?: number;
    }
  | { restart: true }
  /** Reads the value and mark at this point into the run's `probes`. */
  | { probe: true };

export interface Tokens {
  A: number;
  B: number;
}

/** A check: its scenario, and how each run of it is judged. */
export interface CheckSpec {
  id: string;
  title: string;
  /** Shown on failure: points at the reasoning, not at the answer. */
  hint: string;
  scenario(tokens: Tokens): TrialItem[];
  /** What is wrong with this run, or null when it is right. */
  judge(run: TrialRun, tokens: Tokens): string | null;
  /**
   * `every` (default): every interleaving must be right. `some`: the check
   * passes once one interleaving is (split-the-check wants the race shown).
   */
  mode?: 'every' | 'some';
  /** What a pass means, one sentence. */
  passed(tokens: Tokens): string;
  /** For `killAfterCalls`: try every count from 1 up to the calls request 0 makes. */
  everyKillPoint?: boolean;
}

/** A write request. */
export function write(writer: string, value: string, token: number | null, requestId?: string): SinkRequest {
  return { writer, fn: 'write', value, token, ...(requestId !== undefined ? { requestId } : {}) };
}

export function register(writer: string, token: number): SinkRequest {
  return { writer, fn: 'register', token };
}

/** The ordinary sentence for a run that ended somewhere else. */
export function finalIs(run: TrialRun, value: string | null, mark: number | null): string | null {
  if (run.final.value === value && (mark === null || run.final.mark === mark)) return null;
  return `ended at ${show(run.final.value)} with mark ${run.final.mark ?? 'none'}; expected ${show(value)}${mark === null ? '' : ` with mark ${mark}`}`;
}

/** A sink value in a check's sentence: quoted and made safe (the learner's sink chose it), or `nothing`. */
export function show(value: string | null): string {
  return quoteValue(value, 60);
}

/** The answer of request `i`, accepted or not; undefined when it never answered. */
export function accepted(run: TrialRun, i: number): boolean | undefined {
  return run.answers[i]?.accepted;
}
