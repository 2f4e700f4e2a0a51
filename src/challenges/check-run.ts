/**
 * A learner's run against a challenge: which acts it took, whether the
 * challenge allows them, and which parts of the goal it misses. The timed
 * part is decided here at once; the ordering part takes an explorer, which
 * the CLI runs in process and the app off the UI thread
 * (src/platform/explore-thread.ts), so it is passed in.
 */
import { type ActDiff, diffActs, type ForbiddenAct, forbiddenActs } from '../core/challenge-acts.js';
import { explorerRefusal, exploreGoalMisses, type GoalMiss, timedGoalMisses } from '../core/challenge-goal.js';
import { simulate } from '../core/engine.js';
import type { ExploreResult, Scenario } from '../core/types.js';
import type { Challenge } from '../content/challenges/challenge-types.js';

export interface RunCheck {
  diff: ActDiff;
  /** Changes the challenge does not allow: the run is bad input, not an attempt. */
  forbidden: ForbiddenAct[];
  /** Parts of the goal the timed run misses. */
  timedMisses: GoalMiss[];
  /** Whether an ordering part remains for the explorer (none when the timed part already fails). */
  needsExplorer: boolean;
}

/** Everything but the explorer's part. */
export function checkTimed(challenge: Challenge, run: Scenario): RunCheck {
  const diff = diffActs(challenge.start, run);
  const forbidden = forbiddenActs(diff, challenge.allow);
  const timedMisses = timedGoalMisses(run, simulate(run, {}), challenge.goal);
  const refusal = challenge.goal.explore ? explorerRefusal(run) : undefined;
  if (refusal) timedMisses.push({ field: 'explore', wanted: 'a run the explorer can order', actual: refusal });
  return { diff, forbidden, timedMisses, needsExplorer: challenge.goal.explore !== undefined && refusal === undefined };
}

export interface Verdict {
  solved: boolean;
  acts: number;
  par: number;
  misses: GoalMiss[];
}

/** The verdict once the explorer's result (when needed) is in. */
export function verdict(challenge: Challenge, check: RunCheck, explored?: ExploreResult): Verdict {
  const misses = [...check.timedMisses, ...(check.needsExplorer && explored ? exploreGoalMisses(challenge.goal, explored) : [])];
  const undecided = check.needsExplorer && !explored;
  return { solved: misses.length === 0 && !undecided && check.forbidden.length === 0, acts: check.diff.acts, par: challenge.par, misses };
}

/** Timed part, then the explorer in process when needed (the CLI and tests). */
export function checkRun(challenge: Challenge, run: Scenario, explore: (s: Scenario) => ExploreResult): { check: RunCheck; verdict: Verdict } {
  const check = checkTimed(challenge, run);
  const explored = check.needsExplorer && check.timedMisses.length === 0 ? explore(run) : undefined;
  const v = verdict(challenge, check, explored);
  // A timed miss already decides: the explorer need not run for a verdict of "not solved".
  return { check, verdict: check.needsExplorer && !explored ? { ...v, solved: false } : v };
}

/** The verdict in one line for people: "Solved in 2 acts (par 1)." or what failed. */
export function verdictText(v: Verdict): string {
  if (v.solved) {
    const acts = `${v.acts} act${v.acts === 1 ? '' : 's'}`;
    return v.acts <= v.par ? `Solved in ${acts}, at par (${v.par}).` : `Solved in ${acts}; par is ${v.par}.`;
  }
  return `Not solved: ${v.misses.map(missWords).join('; ')}.`;
}

/** What a goal's part is about, in words, for the fields whose `wanted` is a bare value. */
const FIELD_WORDS: Record<string, string> = {
  final: 'the sink should end at',
  mark: 'the mark should end at',
  staleAcceptances: 'stale writes accepted should be',
  rejected: 'rejected writes should come from exactly',
  accepted: 'accepted writes should come from exactly',
};

/** "[A, B]" as "A and B", "[]" as "no one"; anything else as it is. */
function listWords(text: string): string {
  const list = /^\[(.*)\]$/.exec(text);
  if (!list) return text;
  const names = list[1]!.split(', ').filter((n) => n !== '');
  return names.length === 0 ? 'no one' : names.join(' and ');
}

/** One missed part of the goal as a sentence, never a field name: "the sink should end at "1", but it ends at "100"". */
export function missWords(m: GoalMiss): string {
  const about = FIELD_WORDS[m.field];
  if (about) return `${about} ${listWords(m.wanted)}, but the run gives ${listWords(m.actual)}`;
  const actor = /^(grants|writes)\.(.+)$/.exec(m.field);
  if (actor) return `${actor[2]}'s ${actor[1]} should be ${m.wanted}, but the run gives ${m.actual}`;
  // The rest (ttlAtMost, refusedWhileHolding, tokensBackwards, explore) carry their own words, each a
  // clause ("every grant got a higher token ..."): "the run gives" before one read as broken English.
  return `wanted ${m.wanted}, but in this run ${m.actual}`;
}
