/**
 * A challenge's goal and allowed acts in words, for the goal header above
 * the timeline and for `challenge ID` without a terminal. Pure.
 */
import type { AllowedActs } from '../core/challenge-acts.js';
import type { ChallengeGoal } from '../core/challenge-goal.js';
import { quoteValue } from '../core/display-text.js';

const list = (actors: readonly string[]) => (actors.length === 0 ? 'no one' : actors.join(' and '));

/** One phrase per part of the goal. */
function goalParts(goal: ChallengeGoal): string[] {
  const parts: string[] = [];
  if (goal.final !== undefined) parts.push(`the sink ends at ${quoteValue(goal.final)}`);
  if (goal.staleAcceptances !== undefined) {
    parts.push(goal.staleAcceptances === 0 ? 'no stale acceptance' : `${goal.staleAcceptances} stale acceptance${goal.staleAcceptances === 1 ? '' : 's'}`);
  }
  if (goal.rejected !== undefined) parts.push(`rejected writes from exactly ${list(goal.rejected)}`);
  if (goal.accepted !== undefined) parts.push(`accepted writes from exactly ${list(goal.accepted)}`);
  if (goal.ttlAtMost !== undefined) parts.push(`a lease of at most ${goal.ttlAtMost} ticks`);
  if (goal.refusedWhileHolding !== undefined) parts.push(`a write of ${goal.refusedWhileHolding} rejected while ${goal.refusedWhileHolding} holds the lock`);
  if (goal.tokensBackwards) parts.push('a token lower than one granted before');
  if (goal.explore) parts.push(goal.explore.stale === 'some' ? 'some ordering accepts a stale write' : 'the explorer has checked every ordering');
  return parts;
}

/** "Goal: the sink ends at "1"; 1 stale acceptance." */
export function goalLine(goal: ChallengeGoal): string {
  return `Goal: ${goalParts(goal).join('; ')}.`;
}

/** "You may: add, remove or change pause, resume, write steps; toggle fencing." */
export function allowedLine(allow: AllowedActs): string {
  const parts: string[] = [];
  if (allow.steps.length > 0) parts.push(`add, remove or change ${allow.steps.join(', ')} steps`);
  if (allow.toggles.length > 0) parts.push(`change ${allow.toggles.map((t) => (t === 'ttl' ? 'the TTL' : t)).join(', ')}`);
  return `You may: ${parts.join('; ')}.`;
}
