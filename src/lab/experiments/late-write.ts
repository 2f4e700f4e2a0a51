/**
 * The late write (the course's experiment C): A holds the lock, is stopped,
 * its lease expires, B takes over and writes, A wakes and writes with its
 * old token. Plain takes it; fenced rejects it.
 */
import { bWritesThenALate } from './b-then-late-a.js';
import { aStoppedThenB, type Experiment, tokenCheck } from './experiment.js';

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
    await aStoppedThenB(ctx);
    const half = await bWritesThenALate(ctx);
    return { modes: half.modes, checks: [tokenCheck(ctx), ...half.checks] };
  },
};
