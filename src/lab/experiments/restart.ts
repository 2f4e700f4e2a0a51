/**
 * The mark must survive the sink. The sink is killed with SIGKILL in the
 * middle of a write transaction (leaving its lock directory and a hot
 * journal behind) between B's write and A's, then restarted on the same file.
 */
import { formatToken } from '../../core/token.js';
import { isMark } from '../tokens/lab-token.js';
import { aStoppedThenB, check, type Experiment, tokenCheck } from './experiment.js';

export const restart: Experiment = {
  name: 'restart',
  title: 'the sink restarts between the two writes',
  modes: ['fenced'],
  explanation: [
    "After B's write the sink was killed with SIGKILL while a write transaction was open, then started again on the same",
    'database file. It removed the lock the killed process left (after checking that process was gone), SQLite rolled',
    "back the unfinished transaction from its journal, and the mark B's write had committed was read back from disk.",
    "A's late write was still refused: the fence is only as durable as the mark, and this one was committed to disk.",
  ],
  async run(ctx) {
    await aStoppedThenB(ctx);
    ctx.step('write-b', 'started', 'B writes "B-current"');
    const bFenced = await ctx.write('B', { mode: 'fenced', value: 'B-current' });
    ctx.step('write-b', 'done', `B wrote "B-current": ${bFenced.status}`);
    const onPostgres = ctx.world.sinkDatabase !== undefined;
    let recoveredLock = true;
    if (onPostgres) await ctx.killAndRestartSinkDatabase();
    else ({ recoveredLock } = await ctx.killAndRestartSink());
    const afterRestart = await ctx.final('fenced');
    ctx.note(`the restarted sink read mark ${formatToken(afterRestart.hwm ?? null)} and value "${afterRestart.value}" from the database`);
    const [aFenced] = await Promise.all(ctx.resumeWithWrites('A', [{ mode: 'fenced', value: 'A-late' }]));
    ctx.step('late-write', 'done', `A's late write: ${aFenced!.status}`);
    const fenced = {
      bWrite: bFenced,
      lateWrite: aFenced!,
      final: await ctx.final('fenced'),
      markAfterRestart: afterRestart.hwm,
    };
    const tokenB = ctx.holders.B?.token ?? null;
    return {
      modes: { fenced },
      checks: [
        tokenCheck(ctx),
        onPostgres
          ? check(recoveredLock, 'PostgreSQL was killed and started again on the same data dir')
          : check(recoveredLock, 'the restarted sink recovered the lock the killed one left'),
        check(
          isMark(afterRestart.hwm, tokenB) && afterRestart.value === 'B-current',
          `the mark read back after the restart is ${ctx.shownToken(tokenB)}, with B-current (the unfinished transaction rolled back)`,
        ),
        check(fenced.lateWrite.status === 409, "fenced rejected A's late write with 409 after the restart"),
        check(fenced.final.value === 'B-current', 'fenced ends at B-current'),
      ],
    };
  },
};
