/**
 * The second half that late-write and failover share: B, now holding the
 * lock, writes "B-current" to both sinks; then A resumes and writes
 * "A-late" with its old token. Plain must end at A-late, fenced must refuse
 * A with 409 and keep B's value and mark: the same four checks for both.
 */
import type { LabContext } from '../runner/lab-context.js';
import { tokenRank } from '../tokens/lab-token.js';
import type { ModeResult } from '../types.js';
import { type Check, check } from './experiment.js';

export interface LateWriteHalf {
  modes: { plain: ModeResult; fenced: ModeResult };
  checks: Check[];
}

export async function bWritesThenALate(ctx: LabContext): Promise<LateWriteHalf> {
  ctx.step('write-b', 'started', 'B writes "B-current" to both modes');
  // Both at once: the modes are independent rows, and every hop counts toward the run's time.
  const [bPlain, bFenced] = await Promise.all([ctx.write('B', { mode: 'plain', value: 'B-current' }), ctx.write('B', { mode: 'fenced', value: 'B-current' })]);
  ctx.step('write-b', 'done', `B wrote "B-current": plain ${bPlain.status}, fenced ${bFenced.status}`);
  const [aPlain, aFenced] = await Promise.all(
    ctx.resumeWithWrites('A', [
      { mode: 'plain', value: 'A-late' },
      { mode: 'fenced', value: 'A-late' },
    ]),
  );
  ctx.step('late-write', 'done', `A's late write: plain ${aPlain!.status}, fenced ${aFenced!.status}`);
  const [plainFinal, fencedFinal] = await Promise.all([ctx.final('plain'), ctx.final('fenced')]);
  const plain = { bWrite: bPlain, lateWrite: aPlain!, final: plainFinal };
  const fenced = { bWrite: bFenced, lateWrite: aFenced!, final: fencedFinal };
  const tokenB = ctx.holders.B?.token ?? null;
  if (tokenB === null) return { modes: { plain, fenced }, checks: tokenlessChecks(plain, fenced) };
  return {
    modes: { plain, fenced },
    checks: [
      check(bPlain.accepted && bFenced.accepted, "B's writes were accepted in both modes"),
      check(plain.lateWrite.accepted && plain.final.value === 'A-late', 'plain ends at A-late: the stale write overwrote B'),
      check(fenced.lateWrite.status === 409, "fenced rejected A's late write with 409"),
      // The mark as reported (ZooKeeper's pair) ranks as the integer B was given.
      check(
        fenced.final.value === 'B-current' && fenced.final.hwm !== undefined && tokenRank(fenced.final.hwm) === tokenB,
        `fenced stays at B-current with mark ${ctx.shownToken(tokenB)}`,
      ),
    ],
  };
}

/**
 * A lock that gives no token (Redis's `SET NX PX` with a random value): the
 * plain sink takes the late write as ever, and the fenced sink, which
 * refuses a write without a token (spec 3.3), refuses B's and A's alike: the
 * lock alone gives it nothing to fence with.
 */
function tokenlessChecks(plain: ModeResult, fenced: ModeResult): Check[] {
  return [
    check(plain.bWrite?.accepted === true, "B's write to plain was accepted"),
    check(plain.lateWrite?.accepted === true && plain.final.value === 'A-late', 'plain ends at A-late: the stale write overwrote B'),
    check(
      fenced.bWrite?.status === 409 && fenced.lateWrite?.status === 409 && fenced.final.value === null,
      "fenced refused B's write and A's alike (409, no token): a random lock value gives the sink nothing to compare",
    ),
  ];
}
