/**
 * redo-on-reject's redo race (issue 33), without processes: what a run got
 * wrong, in words, and the cap: a redo longer than REDO_GRANT_POINTS calls
 * is "not exhaustive", never "passed". The runs are stood in for (vi.mock
 * of redo-run's storyRun); the real ones are in redo-on-reject.proc.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { WorkerSent } from '../../src/exercises/child-protocol.js';
import type { RedoOutcome } from '../../src/exercises/clients/redo-run.js';

const acquire = (token: number): WorkerSent => ({ op: 'acquire', token });
const read = (value: number): WorkerSent => ({ op: 'read', value });
const write = (token: number, value: number, status: number): WorkerSent => ({ op: 'write', token, value, status });

/** The story up to A's 409, then `redo`. */
function outcome(redo: WorkerSent[], final: number, others = ['B', 'C']): RedoOutcome {
  const sent = [acquire(1), read(0), write(1, 1, 409), ...redo];
  const writes = sent.flatMap((s) =>
    s.op === 'write' ? [{ writer: 'A', token: Number(s.token), value: Number(s.value), status: s.status as 200 | 409 }] : [],
  );
  return { sent, writes, final, others: others.map((writer, i) => ({ writer, token: 2 + i, afterSent: 2, waitedForExpiry: true })) };
}

const runs = vi.hoisted(() => ({ story: [] as RedoOutcome[] }));
vi.mock('../../src/exercises/clients/redo-run.js', async (original) => ({
  ...(await original<typeof import('../../src/exercises/clients/redo-run.js')>()),
  storyRun: async () => runs.story.shift()!,
}));

describe('redo race: reading a run', () => {
  it('counts the redo from the first refused write and names its calls', async () => {
    const { redoCallsOf, whichCall } = await import('../../src/exercises/clients/redo-race.js');
    const o = outcome([acquire(4), read(2), write(4, 3, 200)], 3);
    expect(redoCallsOf(o.sent)).toBe(3);
    expect(whichCall(o.sent, 2)).toBe("A's read");
    expect(redoCallsOf([acquire(1), read(0), write(1, 1, 200)])).toBeUndefined();
  });

  it('says what went wrong: a lost write, a redo that gave up, a refused token reused', async () => {
    const { redoProblem } = await import('../../src/exercises/clients/redo-race.js');
    expect(redoProblem(outcome([acquire(4), read(2), write(4, 3, 200)], 3))).toBeUndefined();
    expect(redoProblem(outcome([read(1), acquire(4), write(4, 2, 200)], 2))).toBe(
      "the counter ended at 2, not 3 (B, C, A each added 1): a value read before another holder's write was written back",
    );
    expect(redoProblem(outcome([acquire(3), read(1), write(3, 2, 409)], 2))).toBe("A's work landed 0 times: the redo gave up after its own write was refused");
    expect(redoProblem(outcome([write(1, 1, 409)], 2))).toBe('A wrote again with a refused token (1)');
  });
});

describe('redo race: the cap', () => {
  it('a redo of more calls than the cap is not exhaustive, naming the calls not tried', async () => {
    const { REDO_CHECKS, REDO_GRANT_POINTS } = await import('../../src/exercises/clients/redo-checks.js');
    const { runClientCheck } = await import('../../src/exercises/clients/check-result.js');
    const longRedo = [acquire(4), read(2), read(2), write(4, 3, 200)];
    // The story (one C-less run), then one run per point the cap allows: all right.
    runs.story = [outcome(longRedo, 2, ['B']), ...Array.from({ length: REDO_GRANT_POINTS }, () => outcome(longRedo, 3))];
    const check = REDO_CHECKS.find((c) => c.id === 'redo-beside-grant')!;
    const result = await runClientCheck(check, { session: {} as never, coordinator: '', prefix: '', ttlMs: 1 });
    expect(result.status).toBe('not-exhaustive');
    expect(result.summary).toBe(
      `not exhaustive: your redo makes 4 calls; another worker was granted the lock before each of its first ${REDO_GRANT_POINTS} only, not before calls 4 to 4`,
    );
    expect(runs.story).toEqual([]);
  });

  it('a redo within the cap that holds every time passes', async () => {
    const { REDO_CHECKS } = await import('../../src/exercises/clients/redo-checks.js');
    const { runClientCheck } = await import('../../src/exercises/clients/check-result.js');
    const redo = [acquire(4), read(2), write(4, 3, 200)];
    runs.story = [outcome(redo, 2, ['B']), outcome(redo, 3), outcome(redo, 3), outcome(redo, 3)];
    const check = REDO_CHECKS.find((c) => c.id === 'redo-beside-grant')!;
    const result = await runClientCheck(check, { session: {} as never, coordinator: '', prefix: '', ttlMs: 1 });
    expect(result.status).toBe('passed');
  });
});
