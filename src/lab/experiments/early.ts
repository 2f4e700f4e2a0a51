/**
 * A's write arrives after its lease ended but before B has contacted the
 * sink. The high-water mark has not seen B's token yet, so A is accepted.
 */
import { isMark } from '../tokens/lab-token.js';
import { aStoppedThenB, check, type Experiment, tokenCheck } from './experiment.js';

export const early: Experiment = {
  name: 'early',
  title: 'a stale write that arrives before the new owner',
  modes: ['fenced'],
  explanation: [
    "A's lease had ended and B already held the lock, but the sink had not yet seen B's token. The fence compares a",
    "token with the highest one the sink has seen, so A's write (token above the old mark) was accepted, then B's replaced it.",
    'That is within the narrower contract fencing gives: once a newer token has reached the sink, older ones are refused.',
    'It does not promise that only the current owner writes. That would need the sink to learn of ownership changes',
    'before accepting (the new owner registers its token there first, or the sink asks the coordinator who holds the',
    'lock inside its transaction), or a hand-off that waits for the old owner to be known gone.',
  ],
  async run(ctx) {
    await aStoppedThenB(ctx);
    const [aFenced] = await Promise.all(ctx.resumeWithWrites('A', [{ mode: 'fenced', value: 'A-late' }]));
    ctx.step('late-write', 'done', `A's write reached the sink first: ${aFenced!.status}`);
    ctx.step('write-b', 'started', 'B writes "B-current"');
    const bFenced = await ctx.write('B', { mode: 'fenced', value: 'B-current' });
    ctx.step('write-b', 'done', `B wrote "B-current": ${bFenced.status}`);
    const fenced = { lateWrite: aFenced!, bWrite: bFenced, final: await ctx.final('fenced') };
    const tokenB = ctx.holders.B?.token ?? null;
    return {
      modes: { fenced },
      checks: [
        tokenCheck(ctx),
        check(fenced.lateWrite.accepted, "fenced accepted A's write: it had not seen a newer token yet"),
        check(bFenced.accepted, "B's write was accepted after it"),
        check(fenced.final.value === 'B-current' && isMark(fenced.final.hwm, tokenB), `fenced ends at B-current, mark ${ctx.shownToken(tokenB)}`),
      ],
    };
  },
};
