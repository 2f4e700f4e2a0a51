/**
 * A challenge's goal (challenges/FORMAT.md, "Goals"): the claim schema of
 * lessons (src/core/claims.ts) about one learner's run, plus three facts a
 * claim has no word for: the lease was at most N ticks, an actor's write was
 * refused while it held the lock, and a grant's token went below an earlier
 * one. The timed part is decided by the engine at once; the ordering part
 * (`explore`) needs the explorer, which the app runs off the UI thread, so
 * the two halves are separate functions over their results. Pure.
 */
import { type Claim, checkClaims } from './claims.js';
import { simulate } from './engine.js';
import { compareTokens } from './token.js';
import type { ExploreResult, Scenario, SimResult, Token } from './types.js';

export type ChallengeGoal = Omit<Claim, 'with' | 'explore'> & {
  /** The learner's lease (config `ttl`) is at most this many ticks. */
  ttlAtMost?: number;
  /** This actor had a write rejected at a moment it held the lock. */
  refusedWhileHolding?: string;
  /** Some grant carried a token lower than an earlier grant's. */
  tokensBackwards?: boolean;
  /** About every ordering of the run's sink operations (spec section 5). */
  explore?: { stale: 'some' | 'none' };
};

/** One part of a goal the run does not meet. */
export interface GoalMiss {
  field: string;
  /** What the goal asks, as text. */
  wanted: string;
  /** What the run gives, as text. */
  actual: string;
}

/** The parts of the goal about the timed run that `run` (of `scenario`) misses. */
export function timedGoalMisses(scenario: Scenario, run: SimResult, goal: ChallengeGoal): GoalMiss[] {
  const misses: GoalMiss[] = [];
  const { ttlAtMost, refusedWhileHolding, tokensBackwards, explore: _explore, ...claim } = goal;
  if (Object.keys(claim).length > 0) {
    // The claim checker runs the scenario itself; its run equals `run` (the engine is deterministic).
    for (const m of checkClaims(scenario, {}, [claim])) misses.push({ field: m.field, wanted: m.claimed, actual: m.actual });
  }
  if (ttlAtMost !== undefined && scenario.config.ttl > ttlAtMost) {
    misses.push({ field: 'ttlAtMost', wanted: `a lease of at most ${ttlAtMost} ticks`, actual: `the lease is ${scenario.config.ttl} ticks` });
  }
  if (refusedWhileHolding !== undefined && !refusedWhileHeld(run, refusedWhileHolding)) {
    misses.push({
      field: 'refusedWhileHolding',
      wanted: `a write of ${refusedWhileHolding} rejected while ${refusedWhileHolding} holds the lock`,
      actual: `no write of ${refusedWhileHolding} was rejected while it held the lock`,
    });
  }
  if (tokensBackwards === true && !tokensWentBackwards(run)) {
    misses.push({
      field: 'tokensBackwards',
      wanted: 'a grant with a token lower than an earlier grant',
      actual: 'every grant got a higher token than the one before',
    });
  }
  return misses;
}

/** The ordering part of the goal, given the explorer's result for the run. */
export function exploreGoalMisses(goal: ChallengeGoal, result: ExploreResult): GoalMiss[] {
  if (!goal.explore) return [];
  const stale = result.orderingsWithStaleAcceptance;
  const some = stale > 0n;
  if ((goal.explore.stale === 'some') === some) return [];
  return [
    {
      field: 'explore.stale',
      wanted: goal.explore.stale === 'some' ? 'some ordering accepts a stale write' : 'no ordering accepts a stale write',
      actual: `${stale} of ${result.orderings} orderings accept a stale write`,
    },
  ];
}

/**
 * Why the explorer cannot decide this run's orderings, or undefined when it
 * can: it replays neither failovers nor sink restarts (spec section 5).
 */
export function explorerRefusal(scenario: Scenario): string | undefined {
  const step = scenario.steps.find((s) => s.do === 'failover' || s.do === 'sink-restart');
  return step ? `the explorer does not replay a ${step.do} step (tick ${step.at})` : undefined;
}

/** Every miss of the goal, running the explorer here when the goal needs it (for the CLI and tests). */
export function goalMisses(scenario: Scenario, goal: ChallengeGoal, explore: (s: Scenario) => ExploreResult): GoalMiss[] {
  const run = simulate(scenario, {});
  const misses = timedGoalMisses(scenario, run, goal);
  if (goal.explore) {
    const refusal = explorerRefusal(scenario);
    if (refusal) misses.push({ field: 'explore', wanted: 'a run the explorer can order', actual: refusal });
    else misses.push(...exploreGoalMisses(goal, explore(scenario)));
  }
  return misses;
}

/** Whether `actor` had a write rejected at a tick it held the lock (grants, releases, expiries and volatile failovers decide). */
export function refusedWhileHeld(run: SimResult, actor: string): boolean {
  let holder: string | null = null;
  for (const e of run.events) {
    if (e.kind === 'grant') holder = e.actor;
    else if ((e.kind === 'release' || e.kind === 'expire') && e.actor === holder) holder = null;
    else if (e.kind === 'failover' && e.minting === 'volatile') holder = null;
    else if (e.kind === 'reject' && e.actor === actor && holder === actor) return true;
  }
  return false;
}

/** Whether some grant's token is below an earlier grant's. */
export function tokensWentBackwards(run: SimResult): boolean {
  let highest: Token | null = null;
  for (const g of run.grants) {
    if (highest && compareTokens(g.token, highest) < 0) return true;
    if (!highest || compareTokens(g.token, highest) > 0) highest = g.token;
  }
  return false;
}
