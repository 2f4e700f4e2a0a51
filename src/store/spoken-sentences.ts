/**
 * --narrate's sentences, as what to add to an append-only list: each event's
 * sentence once, when the cursor reaches it; a new run (a setting or an act)
 * says how the outcome changed; stepping back says where the cursor went.
 * Pure, so the store's tests can hold the README's promise ("one sentence per
 * event"): a setting changed while paused keeps the cursor where it was
 * (run-slice's rerun), and the sentences up to it are not said again (issue 33:
 * `f` at t=2 said "Replaying from the start." and repeated t=0..2).
 */

export interface SpokenState {
  /** The run the sentences so far were about ('' before the first). */
  runKey: string;
  /** How many of that run's events have been said. */
  next: number;
}

export const NOTHING_SPOKEN: SpokenState = { runKey: '', next: 0 };

export interface SpokenInput {
  events: readonly { t: number; text: string }[];
  cursor: number;
  runKey: string;
  /** Said first, once. */
  intro: string;
  /** How the new run differs from the one before, in a sentence. */
  change: string | null;
}

export function nextSentences(st: SpokenState, input: SpokenInput): { state: SpokenState; add: string[] } {
  const { events, cursor, runKey } = input;
  const add: string[] = [];
  const reached = events.filter((e) => e.t <= cursor).length;
  let next = st.next;
  if (st.runKey !== runKey) {
    // The change is a sentence with its own period: one full stop, not `"100"..`.
    const changed = `Changed by ${(input.change ?? 'new settings').replace(/\.+$/, '')}.`;
    if (st.runKey === '') add.push(input.intro);
    else add.push(cursor === 0 ? `${changed} Replaying from the start.` : `${changed} Now at t=${cursor}.`);
    // Replayed from 0: every sentence comes as it is reached. Kept where it was: the comparison
    // said what differs, and what led up to here is not read again.
    next = st.runKey === '' || cursor === 0 ? 0 : reached;
  } else if (reached < next) {
    add.push(`Back at t=${cursor}.`);
    next = reached;
  }
  for (; next < reached; next++) add.push(events[next]?.text ?? '');
  return { state: { runKey, next }, add };
}
