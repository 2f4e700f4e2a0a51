/**
 * The timing adversary for a black-box sink. It cannot hold a request
 * between two of the sink's database calls (the in-process adversary can),
 * so it overlaps requests instead: in each trial the stale (or repeated)
 * request leaves a few milliseconds after the fresh one, at several offsets,
 * and the state afterwards must be what a correct sink gives in every order.
 * Tokens rise from trial to trial, so trials share one database.
 */
import { CheckFailure, type SinkSession, type WriteRequest } from './black-box-session.js';

export type TrialKind = 'stale-after-fresh' | 'stale-after-register' | 'retry-after-original';

export interface TrialOutcome {
  total: number;
  wrong: number;
  /** The first wrong trial, told as a sentence. */
  firstWrong?: string;
}

export const TRIALS_PER_CHECK = 60;
/** Milliseconds between the fresh request and the stale one; 0 = the same tick. */
export const OFFSETS_MS = [0, 1, 2, 4, 7, 10] as const;

export async function runTimingTrials(session: SinkSession, kinds: readonly TrialKind[], trials = TRIALS_PER_CHECK): Promise<TrialOutcome> {
  const outcome: TrialOutcome = { total: 0, wrong: 0 };
  let applied = (await session.state(false)).applied;
  for (let i = 0; i < trials; i++) {
    const kind = kinds[i % kinds.length]!;
    const offset = OFFSETS_MS[i % OFFSETS_MS.length]!;
    // The previous trial left the mark at 2i+1 at most: the stale token 2i+2
    // is still acceptable if it lands first, and stale only next to 2i+3.
    const stale = 2 * i + 2;
    const fresh = stale + 1;
    const result = await runTrial(session, kind, i, stale, fresh, offset);
    const state = await session.state(false);
    const problem = judge(kind, result, state, fresh, `B-${i}`, applied);
    applied = state.applied;
    outcome.total++;
    if (problem) {
      outcome.wrong++;
      outcome.firstWrong ??= `trial ${i + 1} (${describe(kind, stale, fresh, offset)}): ${problem}`;
    }
  }
  return outcome;
}

interface TrialResult {
  freshAccepted: boolean;
  /** 200 answers to writes in this trial (each one applied, or a retry answered from the record). */
  accepted: number;
}

async function runTrial(session: SinkSession, kind: TrialKind, i: number, stale: number, fresh: number, offset: number): Promise<TrialResult> {
  const freshWrite: WriteRequest = { writer: 'B', value: `B-${i}`, token: fresh, requestId: `B-${i}` };
  const staleWrite: WriteRequest = { writer: 'A', value: `A-late-${i}`, token: stale, requestId: `A-${i}` };
  const after = <T>(run: () => Promise<T>): Promise<T> => (offset === 0 ? run() : new Promise<void>((resolve) => setTimeout(resolve, offset)).then(run));
  if (kind === 'stale-after-register') {
    const [registered, late] = await Promise.all([session.register(fresh, false), after(() => session.write(staleWrite, false))]);
    if (registered !== 200) throw new CheckFailure(`POST /register {"token": ${fresh}}: expected 200, got ${registered}`);
    const first = await session.write(freshWrite, false);
    return { freshAccepted: first.status === 200, accepted: (late.status === 200 ? 1 : 0) + (first.status === 200 ? 1 : 0) };
  }
  const second = kind === 'retry-after-original' ? freshWrite : staleWrite;
  const [a, b] = await Promise.all([session.write(freshWrite, false), after(() => session.write(second, false))]);
  if (kind === 'retry-after-original') {
    // Both answers are 200 (one applied, one from the record), but one effect.
    return { freshAccepted: a.status === 200 && b.status === 200, accepted: 1 };
  }
  return { freshAccepted: a.status === 200, accepted: (a.status === 200 ? 1 : 0) + (b.status === 200 ? 1 : 0) };
}

function judge(
  kind: TrialKind,
  r: TrialResult,
  s: { value: string | null; mark: number | null; applied: number },
  fresh: number,
  freshValue: string,
  appliedBefore: number,
): string | undefined {
  if (!r.freshAccepted) return `the write with the newest token ${fresh} was refused`;
  if (s.mark !== fresh) return `the mark ended at ${s.mark}, not ${fresh}`;
  if (s.value !== freshValue) return `the value ended as ${JSON.stringify(s.value)}, not ${JSON.stringify(freshValue)}`;
  if (s.applied - appliedBefore !== r.accepted) {
    return kind === 'retry-after-original'
      ? `a request sent twice took effect ${s.applied - appliedBefore} times`
      : `"applied" rose by ${s.applied - appliedBefore} for ${r.accepted} accepted writes`;
  }
  return undefined;
}

function describe(kind: TrialKind, stale: number, fresh: number, offset: number): string {
  const gap = offset === 0 ? 'in the same instant' : `${offset} ms later`;
  if (kind === 'stale-after-register') return `register ${fresh}, a write with token ${stale} ${gap}`;
  if (kind === 'retry-after-original') return `a write with token ${fresh}, the same request again ${gap}`;
  return `a write with token ${fresh}, a write with token ${stale} ${gap}`;
}
