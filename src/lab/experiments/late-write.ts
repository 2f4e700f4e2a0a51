/**
 * The late write (the course's experiment C): A holds the lock, is stopped,
 * its lease expires, B takes over and writes, A wakes and writes with its
 * old token. Plain takes it; fenced rejects it.
 */
import { check, type Experiment, tokenCheck } from './experiment.js';

export const lateWrite: Experiment = {
  name: 'late-write',
  title: 'the late write, on real processes',
  modes: ['plain', 'fenced'],
  explanation: [
    'A held the lock, was stopped with SIGSTOP and sent no keepalive, so its lease expired at the coordinator.',
    'B acquired the lock with a higher token and wrote B-current. A was resumed with its old belief and wrote A-late.',
    "plain accepts every write, so A's stale write replaced B's. fenced keeps the highest token it has seen and checks it",
    'in the same SQLite transaction as the update (BEGIN IMMEDIATE), so the lower token was refused with 409.',
  ],
  async run(ctx) {
    await ctx.acquire('A');
    ctx.stop('A');
    await ctx.waitForExpiry();
    await ctx.acquire('B');
    ctx.step('write-b', 'started', 'B writes "B-current" to both modes');
    // Both at once: the modes are independent rows, and every hop counts toward the run's time.
    const [bPlain, bFenced] = await Promise.all([
      ctx.write('B', { mode: 'plain', value: 'B-current' }),
      ctx.write('B', { mode: 'fenced', value: 'B-current' }),
    ]);
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
    return {
      modes: { plain, fenced },
      checks: [
        tokenCheck(ctx),
        check(bPlain.accepted && bFenced.accepted, "B's writes were accepted in both modes"),
        check(plain.lateWrite.accepted && plain.final.value === 'A-late', 'plain ends at A-late: the stale write overwrote B'),
        check(fenced.lateWrite.status === 409, "fenced rejected A's late write with 409"),
        check(
          fenced.final.value === 'B-current' && fenced.final.hwm === tokenB,
          `fenced stays at B-current with mark ${tokenB}`,
        ),
      ],
    };
  },
};
