/**
 * Claims about a scenario's outcome, checked by the engine (lessons/FORMAT.md,
 * "Claims"). A lesson's scenario block declares what its caption and text
 * state (`expect:`), one claim per set of toggles; this module runs the
 * scenario with each claim's toggles and lists every field the engine
 * disagrees with. Pure: the sandbox's challenge goals reuse it.
 */
import { simulate } from './engine.js';
import { explore } from './explorer.js';
import { formatToken } from './token.js';
import type { ConfigOverrides, ExploreResult, Grant, Scenario, SimResult, WriteRecord } from './types.js';

/** `some`: at least one ordering; `none`: no ordering; `every`: all of them. */
export type StaleCount = number | 'some' | 'none' | 'every';

export interface ExploreClaim {
  orderings?: number;
  stale?: StaleCount;
  /** Final value ("null" for none) to its exact number of orderings. */
  finalValues?: Record<string, number>;
}

/** One grant as the text states it: the tick, the token in its display form (`2`, `1:5`), or both. */
export interface GrantClaim {
  at?: number;
  token?: string;
}

/** One write as the text states it: when it was sent, when it reached the sink, what the sink did, whether it was stale. */
export interface WriteClaim {
  sent?: number;
  arrives?: number;
  result?: 'accepted' | 'rejected';
  stale?: boolean;
}

export interface Claim {
  /** Toggles on top of the block's own; absent: as the block presets. */
  with?: ConfigOverrides;
  /** The sink's final value in the timed run (null: none). */
  final?: string | null;
  staleAcceptances?: number;
  /** The sink's high-water mark at the end of the timed run, in the display form (`4`, `1:5`); null: no mark. */
  mark?: string | null;
  /** Exact set of actors with at least one rejected write. */
  rejected?: string[];
  /** Exact set of actors with at least one accepted write. */
  accepted?: string[];
  /** Each named actor's grants in the timed run, in order (exactly that many); actors not named are not checked. */
  grants?: Record<string, GrantClaim[]>;
  /** Each named actor's writes in the timed run, in the order sent (exactly that many); actors not named are not checked. */
  writes?: Record<string, WriteClaim[]>;
  explore?: ExploreClaim;
}

/** One field of one claim that the engine contradicts. */
export interface ClaimMismatch {
  /** 0-based index of the claim. */
  claim: number;
  /** The field, as written: `final`, `explore.stale`, `explore.finalValues`, ... */
  field: string;
  /** What the claim says, as text. */
  claimed: string;
  /** What the engine gives, as text (or why it could not say). */
  actual: string;
}

/** Runs each claim's toggles (on top of `baseToggles`) and lists the fields the engine contradicts. */
export function checkClaims(scenario: Scenario, baseToggles: ConfigOverrides, claims: readonly Claim[]): ClaimMismatch[] {
  const mismatches: ClaimMismatch[] = [];
  claims.forEach((claim, index) => {
    const toggles: ConfigOverrides = { ...baseToggles, ...(claim.with ?? {}) };
    const add = (field: string, claimed: string, actual: string) => mismatches.push({ claim: index, field, claimed, actual });
    let run: SimResult;
    try {
      run = simulate(scenario, toggles);
    } catch (err) {
      add('with', togglesText(toggles), `the scenario does not run: ${messageOf(err)}`);
      return;
    }
    checkTimedRun(claim, run, add);
    if (claim.explore) checkExplore(scenario, toggles, claim.explore, add);
  });
  return mismatches;
}

type Add = (field: string, claimed: string, actual: string) => void;

function checkTimedRun(claim: Claim, run: SimResult, add: Add): void {
  if (claim.final !== undefined && claim.final !== run.final.value) {
    add('final', valueText(claim.final), valueText(run.final.value));
  }
  if (claim.staleAcceptances !== undefined && claim.staleAcceptances !== run.staleAcceptances) {
    add('staleAcceptances', String(claim.staleAcceptances), String(run.staleAcceptances));
  }
  if (claim.mark !== undefined) {
    const actual = run.final.hwm === null ? null : formatToken(run.final.hwm);
    if (claim.mark !== actual) add('mark', markText(claim.mark), markText(actual));
  }
  for (const field of ['rejected', 'accepted'] as const) {
    const claimed = claim[field];
    if (claimed === undefined) continue;
    const actual = actorsWith(run, field);
    if (setText(claimed) !== setText(actual)) add(field, setText(claimed), setText(actual));
  }
  for (const [actor, claimed] of Object.entries(claim.grants ?? {})) {
    const actual = run.grants.filter((g) => g.actor === actor);
    if (!grantsMatch(claimed, actual)) add(`grants.${actor}`, grantsText(claimed), grantsText(actual.map(grantAsClaim)));
  }
  for (const [actor, claimed] of Object.entries(claim.writes ?? {})) {
    const actual = run.writes.filter((w) => w.actor === actor).sort((a, b) => a.sendIndex - b.sendIndex);
    if (!writesMatch(claimed, actual)) add(`writes.${actor}`, writesText(claimed), writesText(actual.map(writeAsClaim)));
  }
}

function writesMatch(claimed: readonly WriteClaim[], actual: readonly WriteRecord[]): boolean {
  if (claimed.length !== actual.length) return false;
  return claimed.every((c, i) => {
    const w = actual[i] as WriteRecord;
    return (
      (c.sent === undefined || c.sent === w.sentAt) &&
      (c.arrives === undefined || c.arrives === w.arrivedAt) &&
      (c.result === undefined || c.result === w.result) &&
      (c.stale === undefined || c.stale === w.stale)
    );
  });
}

function writeAsClaim(write: WriteRecord): WriteClaim {
  return { sent: write.sentAt, arrives: write.arrivedAt, result: write.result, stale: write.stale };
}

/** `sent at 2, accepted; sent at 3, arrives at 9, rejected`, or `no write`. */
function writesText(writes: readonly WriteClaim[]): string {
  if (writes.length === 0) return 'no write';
  const one = (w: WriteClaim) => {
    const parts: string[] = [];
    if (w.sent !== undefined) parts.push(`sent at ${w.sent}`);
    if (w.arrives !== undefined && w.arrives !== w.sent) parts.push(`arrives at ${w.arrives}`);
    if (w.result !== undefined) parts.push(w.result);
    if (w.stale === true) parts.push('stale');
    if (w.stale === false && w.result === undefined) parts.push('not stale');
    return parts.join(', ') || 'a write';
  };
  return writes.map(one).join('; ');
}

function markText(mark: string | null): string {
  return mark === null ? 'no mark' : mark;
}

function grantsMatch(claimed: readonly GrantClaim[], actual: readonly Grant[]): boolean {
  if (claimed.length !== actual.length) return false;
  return claimed.every((c, i) => {
    const g = actual[i] as Grant;
    return (c.at === undefined || c.at === g.t) && (c.token === undefined || c.token === formatToken(g.token));
  });
}

function grantAsClaim(grant: Grant): GrantClaim {
  return { at: grant.t, token: formatToken(grant.token) };
}

/** `token 2 at tick 11, token 1:5 at tick 28`, or `no grant`. */
function grantsText(grants: readonly GrantClaim[]): string {
  if (grants.length === 0) return 'no grant';
  const one = (g: GrantClaim) =>
    [g.token === undefined ? '' : `token ${g.token}`, g.at === undefined ? '' : `at tick ${g.at}`].filter(Boolean).join(' ') || 'a grant';
  return grants.map(one).join(', ');
}

function checkExplore(scenario: Scenario, toggles: ConfigOverrides, claim: ExploreClaim, add: Add): void {
  const restarts = scenario.steps.find((s) => s.do === 'failover' || s.do === 'sink-restart');
  if (restarts) {
    add('explore', 'a count of orderings', `none: the explorer orders sink operations only, and this scenario has a ${restarts.do} step`);
    return;
  }
  let result: ExploreResult;
  try {
    result = explore(scenario, toggles);
  } catch (err) {
    add('explore', 'a count of orderings', `the explorer stopped: ${messageOf(err)}`);
    return;
  }
  if (claim.orderings !== undefined && BigInt(claim.orderings) !== result.orderings) {
    add('explore.orderings', String(claim.orderings), String(result.orderings));
  }
  if (claim.stale !== undefined && !staleMatches(claim.stale, result)) {
    add('explore.stale', String(claim.stale), staleText(result));
  }
  if (claim.finalValues !== undefined) {
    const claimed = finalsText(Object.entries(claim.finalValues).map(([v, n]) => [v, BigInt(n)]));
    const actual = finalsText(Object.entries(result.finalValues).filter(([, n]) => n > 0n));
    if (claimed !== actual) add('explore.finalValues', claimed, actual);
  }
}

function staleMatches(claim: StaleCount, result: ExploreResult): boolean {
  const stale = result.orderingsWithStaleAcceptance;
  if (claim === 'some') return stale > 0n;
  if (claim === 'none') return stale === 0n;
  if (claim === 'every') return stale === result.orderings;
  return BigInt(claim) === stale;
}

function staleText(result: ExploreResult): string {
  const stale = result.orderingsWithStaleAcceptance;
  const word = stale === 0n ? 'none' : stale === result.orderings ? 'every' : 'some';
  return `${stale} of ${result.orderings} (${word})`;
}

function actorsWith(run: SimResult, result: 'rejected' | 'accepted'): string[] {
  return [...new Set(run.writes.filter((w) => w.result === result).map((w) => w.actor))];
}

function setText(actors: readonly string[]): string {
  return `[${[...new Set(actors)].sort().join(', ')}]`;
}

function valueText(value: string | null): string {
  return value === null ? 'null (no value)' : JSON.stringify(value);
}

function finalsText(entries: [string, bigint][]): string {
  const sorted = entries.filter(([, n]) => n > 0n).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${sorted.map(([v, n]) => `${JSON.stringify(v)}: ${n}`).join(', ')}}`;
}

/** The toggles as a block would write them, for messages: `fencing off, check split`. */
export function togglesText(toggles: ConfigOverrides): string {
  const parts: string[] = [];
  if (toggles.fencing !== undefined) parts.push(`fencing ${toggles.fencing ? 'on' : 'off'}`);
  if (toggles.minting !== undefined) parts.push(`minting ${toggles.minting}`);
  if (toggles.check !== undefined) parts.push(`check ${toggles.check}`);
  if (toggles.ttl !== undefined) parts.push(`ttl ${toggles.ttl}`);
  return parts.length > 0 ? parts.join(', ') : 'the scenario as written';
}

/** platform's errorMessage, which core may not import (core imports nothing of ours); engine errors are always Errors. */
function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
