/**
 * The timing adversary for a black-box sink. It cannot hold a request
 * between two of the sink's database calls (the in-process adversary can),
 * so it overlaps requests instead: every pair of request kinds the contract
 * has (write with write, registration with write, write with registration,
 * registration with registration, a write with its retry) gets the same
 * fixed number of trials, each pair in both orders at several offsets, and
 * the state afterwards must be what a correct sink gives in every order.
 * Tokens rise from trial to trial, so trials share one database.
 */
import { CheckFailure, type SinkSession, type WriteRequest } from './black-box-session.js';

/** A pair: the fresh request (token 2i+3) and the other (the stale token 2i+2, or the same request again). */
export type TrialKind = 'stale-after-fresh' | 'stale-after-register' | 'register-after-fresh' | 'register-after-register' | 'retry-after-original';

export interface TrialOutcome {
  total: number;
  wrong: number;
  /** The first wrong trial, told as a sentence. */
  firstWrong?: string;
}

/** Milliseconds between the first request of a pair and the second; 0 = the same tick. */
const OFFSETS_MS = [0, 1, 2, 4, 7, 10] as const;
/** Per pair: every offset, the fresh request first and then the other first, twice over. */
export const TRIALS_PER_PAIR = OFFSETS_MS.length * 2 * 2;

type Op = 'write' | 'register';
const PAIRS: Record<TrialKind, { fresh: Op; other: Op; retry?: true }> = {
  'stale-after-fresh': { fresh: 'write', other: 'write' },
  'stale-after-register': { fresh: 'register', other: 'write' },
  'register-after-fresh': { fresh: 'write', other: 'register' },
  'register-after-register': { fresh: 'register', other: 'register' },
  'retry-after-original': { fresh: 'write', other: 'write', retry: true },
};

export async function runTimingTrials(session: SinkSession, kinds: readonly TrialKind[], perPair = TRIALS_PER_PAIR): Promise<TrialOutcome> {
  const outcome: TrialOutcome = { total: 0, wrong: 0 };
  for (let i = 0; i < kinds.length * perPair; i++) {
    const kind = kinds[i % kinds.length]!;
    const round = Math.floor(i / kinds.length);
    const offset = OFFSETS_MS[round % OFFSETS_MS.length]!;
    const freshFirst = Math.floor(round / OFFSETS_MS.length) % 2 === 0;
    // The previous trial left the mark at 2i+1 at most: the stale token 2i+2
    // is still acceptable if it lands first, and stale only next to 2i+3.
    const stale = 2 * i + 2;
    const problem = await runTrial(session, kind, i, stale, stale + 1, offset, freshFirst);
    outcome.total++;
    if (problem) {
      outcome.wrong++;
      outcome.firstWrong ??= `trial ${i + 1} (${describe(kind, stale, stale + 1, offset, freshFirst)}): ${problem}`;
    }
  }
  return outcome;
}

interface Sent {
  op: Op;
  status: number;
}

async function runTrial(session: SinkSession, kind: TrialKind, i: number, stale: number, fresh: number, offset: number, freshFirst: boolean) {
  const pair = PAIRS[kind];
  const freshWrite: WriteRequest = { writer: 'B', value: `B-${i}`, token: fresh, requestId: `B-${i}` };
  const staleWrite: WriteRequest = { writer: 'A', value: `A-late-${i}`, token: stale, requestId: `A-${i}` };
  const send = async (op: Op, token: number, request: WriteRequest): Promise<Sent> =>
    op === 'register' ? { op, status: await session.register(token, false) } : { op, status: (await session.write(request, false)).status };
  const freshSend = () => send(pair.fresh, fresh, freshWrite);
  const otherSend = () => send(pair.other, stale, pair.retry ? freshWrite : staleWrite);
  const later = <T>(run: () => Promise<T>): Promise<T> => (offset === 0 ? run() : new Promise<void>((resolve) => setTimeout(resolve, offset)).then(run));
  const before = await session.state(false);
  const [first, second] = await Promise.all(freshFirst ? [freshSend(), later(otherSend)] : [otherSend(), later(freshSend)]);
  const [f, o] = freshFirst ? [first, second] : [second, first];
  for (const s of [f, o]) if (s.op === 'register' && s.status !== 200) throw new CheckFailure(`POST /register: expected 200, got ${s.status}`);
  const after = await session.state(false);
  if (pair.fresh === 'write' && f.status !== 200) return `the write with the newest token ${fresh} was refused`;
  if (after.mark !== fresh) return `the mark ended at ${after.mark}, not ${fresh}`;
  const writesAccepted = [f, o].filter((s) => s.op === 'write' && s.status === 200).length;
  const effects = after.applied - before.applied;
  if (pair.retry) {
    if (o.status !== 200) return `the retry of an applied request was answered ${o.status}, not 200`;
    if (effects !== 1) return `a request sent twice took effect ${effects} times`;
  } else if (effects !== writesAccepted) return `"applied" rose by ${effects} for ${writesAccepted} accepted writes`;
  if (pair.fresh === 'write' && after.value !== freshWrite.value)
    return `the value ended as ${JSON.stringify(after.value)}, not ${JSON.stringify(freshWrite.value)}`;
  if (pair.fresh === 'register') {
    // The holder that registered must still be able to write under its token.
    const own = await session.write(freshWrite, false);
    if (own.status !== 200) return `after registering ${fresh}, its own write with ${fresh} was refused`;
  }
  return undefined;
}

function describe(kind: TrialKind, stale: number, fresh: number, offset: number, freshFirst: boolean): string {
  const pair = PAIRS[kind];
  const freshWords = pair.fresh === 'register' ? `register ${fresh}` : `a write with token ${fresh}`;
  const otherWords = pair.retry ? 'the same request again' : pair.other === 'register' ? `register ${stale}` : `a write with token ${stale}`;
  const gap = offset === 0 ? 'in the same instant' : `${offset} ms later`;
  return freshFirst ? `${freshWords}, ${otherWords} ${gap}` : `${otherWords}, ${freshWords} ${gap}`;
}
