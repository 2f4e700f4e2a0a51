/**
 * Why flipping one setting did (or did not) change a run, in words, derived
 * from the two runs the engine produced (issue 16: "Changed by" must say
 * why, never only "the same outcome"). Pure: two SimResults in, a clause out.
 */
import type { SimResult } from './types.js';

export type ChangedSetting = 'fencing' | 'minting' | 'check' | 'ttl';

const listOf = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** Actors granted the lock at least once, in order of their first grant. */
function holders(run: SimResult): string[] {
  const seen: string[] = [];
  for (const g of run.grants) if (!seen.includes(g.actor)) seen.push(g.actor);
  return seen;
}

/** The actor whose lease expiry let `actor` take the lock in `run`, if a paused one did. */
function pausedBefore(run: SimResult, actor: string): string | undefined {
  const grant = run.events.find((e) => e.kind === 'grant' && e.actor === actor);
  if (!grant) return undefined;
  const expiry = run.events.filter((e) => e.kind === 'expire' && e.t <= grant.t).at(-1);
  return expiry?.actor;
}

/** The actor paused while `actor` (who got the lock in `granted`) waited in `waited`, if any. */
function outlasted(granted: SimResult, waited: SimResult, actor: string): string | undefined {
  return pausedBefore(granted, actor) ?? waited.events.find((e) => e.kind === 'wait' && e.actor === actor)?.holder;
}

function ttlReason(before: SimResult, after: SimResult): string {
  const lost = holders(before).filter((a) => !holders(after).includes(a));
  const gained = holders(after).filter((a) => !holders(before).includes(a));
  if (lost.length > 0) {
    const paused = outlasted(before, after, lost[0]!);
    return paused
      ? `the lease now outlasts ${paused}'s pause, so ${listOf(lost)} never ${lost.length === 1 ? 'gets' : 'get'} the lock`
      : `${listOf(lost)} never ${lost.length === 1 ? 'gets' : 'get'} the lock with this lease`;
  }
  if (gained.length > 0) {
    const paused = pausedBefore(after, gained[0]!);
    return paused
      ? `the lease now ends during ${paused}'s pause, so ${listOf(gained)} ${gained.length === 1 ? 'gets' : 'get'} the lock`
      : `${listOf(gained)} now ${gained.length === 1 ? 'gets' : 'get'} the lock`;
  }
  const moved = after.grants.length !== before.grants.length || after.grants.some((g, i) => g.t !== before.grants[i]?.t);
  return moved
    ? 'the lock changes hands at other moments, but the same actors hold it in the same order'
    : 'no lease runs out at a different moment that matters: the lock changes hands exactly as before';
}

/** Two writes overlap at a split sink: one is checked or decided between another's check and its apply. */
function writesOverlap(run: SimResult): boolean {
  const open = new Set<number>();
  for (const e of run.events) {
    if (e.write === undefined) continue;
    if (e.kind === 'check-pass') {
      if (open.size > 0) return true;
      open.add(e.write);
    } else if (e.kind === 'apply') open.delete(e.write);
    else if ((e.kind === 'accept' || e.kind === 'reject') && open.size > 0) return true;
  }
  return false;
}

function checkReason(before: SimResult, after: SimResult): string {
  if (!after.config.fencing) return 'fencing is off, so the sink checks nothing it could split';
  const split = after.config.check === 'split' ? after : before;
  return writesOverlap(split)
    ? 'writes do overlap between a check and its apply, but the newer token still lands last'
    : "no write reaches the sink between another write's check and its apply, so splitting them changes nothing here";
}

function mintingReason(before: SimResult, after: SimResult): string {
  const failover = after.events.some((e) => e.kind === 'failover') || before.events.some((e) => e.kind === 'failover');
  if (!failover) return 'no failover in this run, so minting cannot matter';
  const same = after.grants.length === before.grants.length && after.grants.every((g, i) => g.token.join(':') === before.grants[i]?.token.join(':'));
  return same ? 'the failover hands out the same tokens either way here' : "the failover hands out other tokens, but no write's fate turns on them";
}

function fencingReason(before: SimResult, after: SimResult): string {
  const off = after.config.fencing ? before : after;
  if (off.staleAcceptances === 0) return 'no write arrives behind a newer token, so there is nothing for fencing to reject';
  return 'the stale write gets past the fence either way';
}

/** Same final value and the same number of stale acceptances. */
export function sameOutcome(before: SimResult, after: SimResult): boolean {
  return before.final.value === after.final.value && before.staleAcceptances === after.staleAcceptances;
}

/**
 * Why the run came out as it did after `setting` changed, when the outcome
 * alone does not say it: always for the lease (who gets the lock), and for
 * the other toggles when the outcome stayed the same (their changed
 * outcomes explain themselves: "A's late write overwrote B's"). Null then.
 */
export function changeReason(before: SimResult, after: SimResult, setting: ChangedSetting): string | null {
  if (setting === 'ttl') return ttlReason(before, after);
  if (!sameOutcome(before, after)) return null;
  switch (setting) {
    case 'check':
      return checkReason(before, after);
    case 'minting':
      return mintingReason(before, after);
    case 'fencing':
      return fencingReason(before, after);
  }
}
