/**
 * The comparison moved out of the transaction. A barrier in the sink holds
 * A's request at its await point until B's write has committed, so the race
 * is the same every run: atomic rechecks inside its transaction and rejects
 * A; split already compared, so it writes A's stale value last and lowers
 * the mark.
 */
import { isMark } from '../tokens/lab-token.js';
import { aStoppedThenB, check, type Experiment, tokenCheck } from './experiment.js';
import { runSplitGrid } from './split-grid.js';

export const split: Experiment = {
  name: 'split',
  title: 'a check outside the transaction',
  modes: ['atomic', 'split'],
  explanation: [
    "Both modes compare the token with the mark. atomic does it inside the write's immediate transaction; split reads",
    'the mark in one transaction, awaits, and writes in another. A barrier in the sink held A at that await until B had',
    "written. atomic then saw B's mark and refused A. split had already compared against the old mark, so it wrote",
    "A-late after B-current and set the mark back to A's token: the fence was checked, just not at the moment it mattered.",
  ],
  async run(ctx) {
    if (ctx.world.grid) return runSplitGrid(ctx);
    await aStoppedThenB(ctx);
    const late = ctx.resumeWithWrites('A', [
      { mode: 'atomic', value: 'A-late', hold: 'atomic-race' },
      { mode: 'split', value: 'A-late', hold: 'split-race' },
    ]);
    await ctx.waitParked('atomic-race');
    await ctx.waitParked('split-race');
    ctx.note("A's writes wait in the sink: atomic before its transaction, split between its check and its write");
    ctx.step('write-b', 'started', 'B writes "B-current" while A waits');
    const bAtomic = await ctx.write('B', { mode: 'atomic', value: 'B-current', release: 'atomic-race' });
    const bSplit = await ctx.write('B', { mode: 'split', value: 'B-current', release: 'split-race' });
    ctx.step('write-b', 'done', `B wrote "B-current": atomic ${bAtomic.status}, split ${bSplit.status}`);
    const [aAtomic, aSplit] = await Promise.all(late);
    ctx.step('late-write', 'done', `A's write finished: atomic ${aAtomic!.status}, split ${aSplit!.status}`);
    const atomic = { bWrite: bAtomic, lateWrite: aAtomic!, final: await ctx.final('atomic') };
    const splitMode = { bWrite: bSplit, lateWrite: aSplit!, final: await ctx.final('split') };
    const tokenA = ctx.holders.A?.token ?? null;
    const tokenB = ctx.holders.B?.token ?? null;
    return {
      modes: { atomic, split: splitMode },
      checks: [
        tokenCheck(ctx),
        check(atomic.lateWrite.status === 409, 'atomic rejected A with 409'),
        check(atomic.final.value === 'B-current' && isMark(atomic.final.hwm, tokenB), `atomic ends at B-current, mark ${ctx.shownToken(tokenB)}`),
        check(splitMode.lateWrite.accepted && bSplit.accepted, 'split accepted both writes'),
        check(
          splitMode.final.value === 'A-late' && isMark(splitMode.final.hwm, tokenA),
          `split ends at A-late and its mark fell back to ${ctx.shownToken(tokenA)}`,
        ),
      ],
    };
  },
};
