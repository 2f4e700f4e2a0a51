/**
 * redo-on-reject's checks. The plain run and the story run once each
 * (memoised in the context); each check reads what it needs from them, so a
 * wrong worker is named by the check that tells its mistake.
 */
import type { ClientCheck } from './check-result.js';
import { ClientCheckFailure, ClientCheckNotExhaustive } from './check-result.js';
import { plainRun, type RedoContext, type RedoOutcome, storyLines, storyRun } from './redo-run.js';
import { redoProblem, redoCallsOf, whichCall } from './redo-race.js';

/**
 * The redo race's cap: another worker is granted the lock before each of
 * the redo's first this-many calls (the redo's calls counted in the story,
 * after A's first 409), one run each. docs/exercises.md states it.
 */
export const REDO_GRANT_POINTS = 3;

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

const redoBesideGrant: ClientCheck<RedoChecksContext> = {
  id: 'redo-beside-grant',
  title: 'the redo holds when another worker is granted the lock in the middle of it',
  hint: 'The lock can pass to someone else between any two of your calls, the redo included: acquire before you read, and when the redo is refused too, start the whole unit again, as often as it takes.',
  async run(ctx, detail) {
    const redoCalls = redoCallsOf((await story(ctx)).sent);
    if (redoCalls === undefined) throw new ClientCheckFailure('A never met a 409 in the story, so there is no redo to put beside another grant');
    if (redoCalls === 0) throw new ClientCheckFailure('after the 409, A made no more calls: there is no redo to put beside another grant');
    const points = Math.min(redoCalls, REDO_GRANT_POINTS);
    for (let n = 1; n <= points; n++) {
      const o = await storyRun(ctx, n);
      const problem = redoProblem(o);
      detail.push(
        `C granted before the redo's call ${n} of ${redoCalls} (${whichCall(o.sent, n)}): ${problem ?? `the counter ended at ${o.final}, A's work landed once`}`,
      );
      if (problem) {
        detail.push(...storyLines(o));
        throw new ClientCheckFailure(`with C granted the lock before your redo's call ${n} (${whichCall(o.sent, n)}), ${problem}`);
      }
    }
    if (redoCalls > REDO_GRANT_POINTS)
      throw new ClientCheckNotExhaustive(
        `not exhaustive: your redo makes ${redoCalls} calls; another worker was granted the lock before each of its first ${REDO_GRANT_POINTS} only, not before calls ${REDO_GRANT_POINTS + 1} to ${redoCalls}`,
      );
    return `another worker was granted the lock before each of the redo's ${points} call(s): each time A's work landed once and nobody's was lost`;
  },
};

export const REDO_CHECKS = [addsOne, stopsOnReject, landsOnce, underNewToken, keepsOthersWork, redoBesideGrant];
