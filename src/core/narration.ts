/**
 * Plain sentences for what happens in a run: one per event, one per tick (the
 * events of a tick joined), one for the outcome of a run, and one for how an
 * outcome changed between two configs. Used by the plain `sim` output, the
 * simulator screen, `--narrate` and lessons.
 */
import { quoteValue } from './display-text.js';
import { compareTokens, formatToken } from './token.js';
import type { SimEvent, SimResult, WriteRecord } from './types.js';

/** What narration needs to know about the moment of an event, beyond the event itself. */
export interface NarrationContext {
  /** Actors paused at the time of the event. */
  paused: ReadonlySet<string>;
  ascii?: boolean | undefined;
}

/** The sentence for one event without its "t=..: " prefix or final period. */
export function eventClause(e: SimEvent, ctx: NarrationContext = { paused: new Set() }): string {
  const tok = (t: SimEvent['token']) => `token ${formatToken(t ?? null, ctx.ascii)}`;
  const v = quoteValue(e.value ?? null);
  switch (e.kind) {
    case 'grant':
      return `${e.actor} is granted the lock with ${tok(e.token)}`;
    case 'wait':
      return `${e.actor} asks for the lock; ${e.holder ?? 'another actor'} holds it, so ${e.actor} waits in line`;
    case 'deny':
      return `${e.actor} asks for the lock without waiting; ${e.holder ?? 'another actor'} holds it, so ${e.actor} is turned away`;
    case 'release':
      return `${e.actor} releases the lock`;
    case 'release-ignored':
      return `${e.actor} releases a lock it no longer holds: nothing happens`;
    case 'expire':
      return ctx.paused.has(e.actor) ? `${e.actor}'s lease ends while ${e.actor} is paused` : `${e.actor}'s lease ends`;
    case 'pause':
      return e.for === undefined
        ? `${e.actor} pauses (a long GC pause, say): it renews nothing and sends nothing`
        : `${e.actor} pauses for ${e.for} ticks: it renews nothing and sends nothing`;
    case 'resume':
      return e.auto ? `${e.actor}'s pause is over and it runs again` : `${e.actor} resumes`;
    case 'send': {
      const carrying = e.token ? `with ${tok(e.token)}` : 'with no token (it was never granted the lock)';
      const when = e.arrivesAt !== undefined && e.arrivesAt > e.t ? `; the network delivers it at t=${e.arrivesAt}` : '';
      return `${e.actor} sends ${v} ${carrying}${when}`;
    }
    case 'accept': {
      const why =
        e.hwm === undefined || (e.hwm === null && !e.token)
          ? ': nothing checks its token'
          : e.hwm === null
            ? `: ${tok(e.token)} and no mark yet`
            : `: ${tok(e.token)} is not below the mark ${formatToken(e.hwm, ctx.ascii)}`;
      const base = `the sink accepts ${e.actor}'s ${v}${e.reason === 'plain' ? ': nothing checks its token' : why}`;
      return e.stale ? `${base}, a stale acceptance: a higher token was accepted before it` : base;
    }
    case 'reject':
      return e.token
        ? `the sink rejects ${e.actor}'s ${v}: ${tok(e.token)} is below its mark ${formatToken(e.hwm ?? null, ctx.ascii)}`
        : `the sink rejects ${e.actor}'s ${v}: it carries no token`;
    case 'check-pass':
      return `the sink checks ${e.actor}'s ${v}: ${tok(e.token)} passes${
        e.hwm ? ` (mark ${formatToken(e.hwm, ctx.ascii)})` : ' (no mark yet)'
      }, and the write will follow later`;
    case 'apply': {
      const base = `the sink writes ${e.actor}'s ${v} and sets its mark to ${formatToken(e.token ?? null, ctx.ascii)}`;
      return e.stale ? `${base}: a stale acceptance, a higher token was accepted before it` : base;
    }
    case 'failover':
      return e.minting === 'volatile'
        ? 'the coordinator fails over and forgets everything: tokens restart from 1 and the lock is free'
        : 'the coordinator fails over; the epoch goes up and the counter carries on';
    case 'sink-restart':
      return e.durable === false ? 'the sink restarts and forgets its mark (its value stays)' : 'the sink restarts and keeps its mark';
  }
}

/** "t=11: B is granted the lock with token 2." */
export function narrateEvent(e: SimEvent, ctx?: NarrationContext): string {
  return `t=${e.t}: ${capitalise(eventClause(e, ctx))}.`;
}

/** Events in order with the paused set before each one. */
function* withContext(events: readonly SimEvent[], ascii?: boolean): Generator<[SimEvent, NarrationContext]> {
  const paused = new Set<string>();
  for (const e of events) {
    yield [e, { paused: new Set(paused), ascii }];
    if (e.kind === 'pause') paused.add(e.actor);
    if (e.kind === 'resume') paused.delete(e.actor);
  }
}

/** One sentence per event of a run, in order. */
export function narrateEvents(result: SimResult, ascii?: boolean): { t: number; event: SimEvent; text: string }[] {
  return [...withContext(result.events, ascii)].map(([event, ctx]) => ({ t: event.t, event, text: narrateEvent(event, ctx) }));
}

/** One sentence per tick that had events: "t=11: A's lease ends while A is paused; B is granted token 2." */
export function narrateTicks(result: SimResult, ascii?: boolean): { t: number; text: string }[] {
  const out: { t: number; clauses: string[] }[] = [];
  for (const [e, ctx] of withContext(result.events, ascii)) {
    const last = out[out.length - 1];
    const clause = eventClause(e, ctx);
    if (last && last.t === e.t) last.clauses.push(clause);
    else out.push({ t: e.t, clauses: [clause] });
  }
  return out.map(({ t, clauses }) => ({ t, text: `t=${t}: ${capitalise(clauses.join('; '))}.` }));
}

function capitalise(s: string): string {
  return s.length > 0 ? s[0]!.toUpperCase() + s.slice(1) : s;
}

function lastLanded(result: SimResult): WriteRecord | undefined {
  const landed = result.writes.filter((w) => w.result === 'accepted' && (w.appliedAt === undefined || w.appliedAt !== null));
  return landed.sort((a, b) => (a.appliedAt ?? a.arrivedAt) - (b.appliedAt ?? b.arrivedAt))[landed.length - 1];
}

/** "The sink ends at "100" (from B); 1 write rejected; no stale acceptance." */
export function narrateOutcome(result: SimResult, ascii?: boolean): string {
  const last = lastLanded(result);
  const from = last && last.value === result.final.value ? ` (from ${last.actor})` : '';
  const rejected = result.writes.filter((w) => w.result === 'rejected').length;
  const parts = [`The sink ends at ${quoteValue(result.final.value)}${from}`];
  if (rejected > 0) parts.push(`${rejected} write${rejected === 1 ? '' : 's'} rejected`);
  if (result.staleAcceptances === 0) parts.push('no stale acceptance');
  else {
    const s = result.writes.find((w) => w.stale)!;
    parts.push(
      `${result.staleAcceptances} stale acceptance${result.staleAcceptances === 1 ? '' : 's'}: ${s.actor}'s ${quoteValue(s.value)} with token ${formatToken(s.token, ascii)} landed after a higher token`,
    );
  }
  return `${parts.join('; ')}.`;
}

/**
 * How the outcome changed when one toggle flipped: `change` names it
 * ("fencing off"), `reason` says why when the outcome does not (see
 * change-reason.ts). E.g. "fencing off: A's late write overwrote B's: lost
 * update; the sink ends at "1" instead of "100"."
 */
export function narrateComparison(before: SimResult, after: SimResult, change: string, reason: string | null = null): string {
  const why = reason ? `${reason}; ` : '';
  const ends = `the sink ends at ${quoteValue(after.final.value)} instead of ${quoteValue(before.final.value)}`;
  if (after.staleAcceptances > before.staleAcceptances) {
    // The stale write the sink ends with, when one does: the sentence names the writer whose value is left
    // (issue 33: with several stale writes it named the first, F, while the value came from E).
    const last = lastLanded(after);
    const stale = last?.stale && last.value === after.final.value ? last : after.writes.find((w) => w.stale)!;
    const victim = overwritten(after, stale);
    const what = victim ? `${stale.actor}'s late write overwrote ${victim.actor}'s: lost update` : `${stale.actor}'s stale write was accepted`;
    return after.final.value !== before.final.value ? `${change}: ${why}${what}; ${ends}.` : `${change}: ${why}${what}.`;
  }
  if (after.staleAcceptances < before.staleAcceptances) {
    const s = before.writes.find((w) => w.stale)!;
    const kept = after.final.value !== before.final.value ? `; ${ends}` : '';
    return `${change}: ${why}${s.actor}'s stale write is no longer accepted${kept}.`;
  }
  if (after.final.value !== before.final.value) return `${change}: ${why}${ends}.`;
  const same = after.staleAcceptances === 0 ? 'no stale acceptance' : `${after.staleAcceptances} stale acceptance${after.staleAcceptances === 1 ? '' : 's'}`;
  const still = `the sink still ends at ${quoteValue(after.final.value)}, ${same}`;
  return reason ? `${change}: ${reason}; ${still}.` : `${change}: ${still}.`;
}

/** The accepted write by another actor whose value a stale write replaced. */
function overwritten(result: SimResult, stale: WriteRecord): WriteRecord | undefined {
  const when = (w: WriteRecord) => w.appliedAt ?? w.arrivedAt;
  const landed = result.writes.filter(
    (w) =>
      w !== stale &&
      w.result === 'accepted' &&
      w.appliedAt !== null &&
      w.actor !== stale.actor &&
      w.token !== null &&
      stale.token !== null &&
      compareTokens(w.token, stale.token) > 0 &&
      when(w) <= when(stale),
  );
  return landed[landed.length - 1];
}
