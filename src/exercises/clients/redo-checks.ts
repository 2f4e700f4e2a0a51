/**
 * redo-on-reject's checks. The plain run and the story run once each
 * (memoised in the context); each check reads what it needs from them, so a
 * wrong worker is named by the check that tells its mistake.
 */
import type { ClientCheck } from './check-result.js';
import { ClientCheckFailure } from './check-result.js';
import { plainRun, type RedoContext, type RedoOutcome, storyLines, storyRun } from './redo-run.js';

export interface RedoChecksContext extends RedoContext {
  plain?: Promise<RedoOutcome>;
  story?: Promise<RedoOutcome>;
}

function plain(ctx: RedoChecksContext): Promise<RedoOutcome> {
  ctx.plain ??= plainRun(ctx);
  return ctx.plain;
}

function story(ctx: RedoChecksContext): Promise<RedoOutcome> {
  ctx.story ??= storyRun(ctx);
  return ctx.story;
}

const byA = (o: RedoOutcome) => o.writes.filter((w) => w.writer === 'A');

const addsOne: ClientCheck<RedoChecksContext> = {
  id: 'adds-one',
  title: 'with nobody in the way, addOne adds 1',
  hint: 'acquire, read, write the value plus one under the token acquire gave you.',
  async run(ctx, detail) {
    const o = await plain(ctx);
    detail.push(...storyLines(o));
    if (o.final !== 1 || byA(o).filter((w) => w.status === 200).length !== 1) {
      throw new ClientCheckFailure(`the counter ended at ${o.final} after ${byA(o).length} write(s); expected 1 after one accepted write`);
    }
    return 'one accepted write; the counter is 1';
  },
};

const stopsOnReject: ClientCheck<RedoChecksContext> = {
  id: 'stops-on-409',
  title: 'after a 409, the refused token is never used again',
  hint: 'The sink refused the token because a newer holder wrote: it will refuse that token every time. A retry needs a new token.',
  async run(ctx, detail) {
    const o = await story(ctx);
    detail.push(...storyLines(o));
    const refused = byA(o).find((w) => w.status === 409);
    if (!refused) throw new ClientCheckFailure("A's first write after the pause was not refused: it never met the 409 the story is about");
    const again = byA(o).filter((w) => w.token === refused.token && w !== refused);
    if (again.length > 0) throw new ClientCheckFailure(`after the 409, A wrote ${again.length} more time(s) with the refused token ${refused.token}`);
    return `the 409 on token ${refused.token} stopped it`;
  },
};

const landsOnce: ClientCheck<RedoChecksContext> = {
  id: 'lands-once',
  title: "A's work lands exactly once",
  hint: 'A refused write did nothing: the work is still to do. Do it again, all of it, once.',
  async run(ctx, detail) {
    const o = await story(ctx);
    detail.push(...storyLines(o));
    const landed = byA(o).filter((w) => w.status === 200).length;
    if (landed !== 1) throw new ClientCheckFailure(`A's work landed ${landed} times${landed === 0 ? ': the 409 was the end of it' : ''}`);
    return "A's work landed once";
  },
};

const underNewToken: ClientCheck<RedoChecksContext> = {
  id: 'under-new-token',
  title: "it lands under a new token, above B's",
  hint: "Only a token above the sink's mark is accepted, and only the coordinator gives one: acquire again.",
  async run(ctx, detail) {
    const o = await story(ctx);
    detail.push(...storyLines(o));
    const landed = byA(o).find((w) => w.status === 200);
    if (!landed) throw new ClientCheckFailure("A's work never landed");
    if (o.tokenB === undefined || landed.token <= o.tokenB)
      throw new ClientCheckFailure(`A's accepted write has token ${landed.token}, not above B's ${o.tokenB}`);
    return `A's write landed with token ${landed.token} (B's was ${o.tokenB})`;
  },
};

const keepsOthersWork: ClientCheck<RedoChecksContext> = {
  id: 'keeps-b-work',
  title: "B's work is still there: the counter ends at 2",
  hint: 'The value you read before the pause is from before B added 1. Computing from it again undoes B: read again after the new acquire.',
  async run(ctx, detail) {
    const o = await story(ctx);
    detail.push(...storyLines(o));
    if (o.final !== 2) throw new ClientCheckFailure(`the counter ended at ${o.final}, not 2 (B added 1, A added 1)`);
    return 'the counter ended at 2';
  },
};

export const REDO_CHECKS = [addsOne, stopsOnReject, landsOnce, underNewToken, keepsOthersWork];
