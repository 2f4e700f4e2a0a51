/**
 * Reading a redo race's run (redo-on-reject's `redo-beside-grant`): how
 * many calls A's redo makes, which call the other worker came before, and
 * what went wrong, in words. Pure: the run itself is in redo-run.ts.
 */
import type { WorkerSent } from '../child-protocol.js';
import type { RedoOutcome } from './redo-run.js';

const firstRefusal = (sent: WorkerSent[]) => sent.findIndex((s) => s.op === 'write' && s.status === 409);

/** The calls A made after its first refused write, or undefined when no write was refused. */
export function redoCallsOf(sent: WorkerSent[]): number | undefined {
  const at = firstRefusal(sent);
  return at < 0 ? undefined : sent.length - at - 1;
}

/** The redo's call n (1-based) in words: `A's read`. */
export function whichCall(sent: WorkerSent[], n: number): string {
  const call = sent[firstRefusal(sent) + n];
  return call ? `A's ${call.op}` : 'A had made no such call';
}

/** What the run got wrong, or undefined: every holder's 1 kept, A's landed once, no refused token reused. */
export function redoProblem(o: RedoOutcome): string | undefined {
  const byA = o.writes.filter((w) => w.writer === 'A');
  const refused = new Set(byA.filter((w) => w.status === 409).map((w) => w.token));
  const reused = byA.filter((w, i) => byA.slice(0, i).some((earlier) => earlier.status === 409 && earlier.token === w.token));
  if (reused.length > 0) return `A wrote again with a refused token (${[...refused].join(', ')})`;
  const landed = byA.filter((w) => w.status === 200).length;
  if (landed !== 1) return `A's work landed ${landed} times${landed === 0 ? ': the redo gave up after its own write was refused' : ''}`;
  const others = o.others ?? [];
  const expected = others.length + 1;
  if (o.final !== expected) {
    const names = [...others.map((h) => h.writer), 'A'].join(', ');
    return `the counter ended at ${o.final}, not ${expected} (${names} each added 1): a value read before another holder's write was written back`;
  }
  return undefined;
}
