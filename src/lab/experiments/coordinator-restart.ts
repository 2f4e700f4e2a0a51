/**
 * The coordinator restarts (Redis, `--token incr`): the server is killed with
 * SIGKILL and started again between one holder's grant and the next's, once
 * without persistence (`volatile`: A and B) and once with the append-only file
 * fsynced on every write (`durable`: C and D). This is the simulator's
 * minting toggle (`d`) on a real server: a counter that forgets rewinds, and
 * the next holder is handed a token the last one already held.
 */
import { redisArgv } from '../coordinator/redis/redis-server.js';
import type { Holder, LabContext } from '../runner/lab-context.js';
import type { ModeResult, SinkMode, WorkerName } from '../types.js';
import { type Check, check, type Experiment } from './experiment.js';

export const coordinatorRestart: Experiment = {
  name: 'coordinator-restart',
  title: 'the lock service restarts between two grants',
  modes: ['volatile', 'durable'],
  extraWorkers: ['C', 'D'],
  explanation: [
    "volatile: Redis ran without persistence (--save '', no AOF). A took the lock and its INCR token, was stopped, and Redis",
    'was killed and started again: the lock key and the counter were gone, so B was minted the token A already held. The',
    "fenced sink accepts an equal token as a retry of the same generation (spec 3.3: only a lower one is stale), so A's late",
    "write overwrote B's with fencing on: B's update was lost, and no rule on the sink's side could have told them apart.",
    'durable: Redis ran with appendonly yes and appendfsync always. C took the lock, Redis was killed and started again and',
    "replayed its log: the key (until its expiry) and the counter came back, D's token was above C's, and C was rejected.",
  ],
  async run(ctx) {
    const server = ctx.world.server;
    if (!server) throw new Error('coordinator-restart needs the Redis the run started');
    const bin = server.process.argv[0]!;
    const port = server.ports[0]!;

    // volatile: the run's Redis as started (no persistence).
    const volatile = await phase(ctx, 'volatile', ['A', 'B'], () => restart(ctx, 'volatile', 'A'));
    await ctx.release('B');
    // durable: the same port and dir, started again with the append-only file from the first write on.
    ctx.step('restart-coordinator', 'started', 'starting Redis again with appendonly yes, appendfsync always (an empty one: nothing was persisted)');
    await server.restart({ argv: redisArgv(bin, port, server.dir, 'durable') });
    await answering(ctx);
    ctx.step('restart-coordinator', 'done', `Redis (pid ${server.process.pid}) durable from here on`);
    const durable = await phase(ctx, 'durable', ['C', 'D'], () => restart(ctx, 'durable', 'C'));

    const token = (n: WorkerName) => ctx.holders[n]?.token ?? null;
    const [a, b, c, d] = [token('A'), token('B'), token('C'), token('D')];
    const checks: Check[] = [
      check(a !== null && a === b, `volatile: B was minted token ${b}, the one A already held (${a}): the counter started again`),
      check(volatile.bWrite?.accepted === true, "volatile: B's write was accepted"),
      check(
        volatile.lateWrite?.accepted === true && volatile.final.value === 'A-late',
        "volatile: A's late write with the equal token was accepted as a retry and overwrote B's: B's update was lost with fencing on",
      ),
      check(c !== null && d !== null && d > c, `durable: D's token ${d} is above C's ${c}: the counter came back from the append-only file`),
      check(
        durable.lateWrite?.status === 409 && durable.final.value === 'D-current',
        "durable: C's late write was rejected (409); the sink stays at D-current",
      ),
    ];
    return { modes: { volatile, durable }, checks };
  },
};

/** One mode: the first holder takes the lock and is stopped, Redis restarts, the second takes it and writes, the first writes late. */
async function phase(ctx: LabContext, mode: SinkMode, [first, second]: [WorkerName, WorkerName], restartBetween: () => Promise<void>): Promise<ModeResult> {
  await ctx.acquire(first);
  ctx.stop(first);
  await restartBetween();
  await ctx.waitForExpiry(first);
  await ctx.acquire(second);
  const bWrite = await ctx.write(second, { mode, value: `${second}-current` });
  ctx.step('write-b', 'done', `${second} wrote "${second}-current" to ${mode}: ${bWrite.status}`);
  const [lateWrite] = await Promise.all(ctx.resumeWithWrites(first, [{ mode, value: `${first}-late` }]));
  ctx.step('late-write', 'done', `${first}'s late write to ${mode}: ${lateWrite!.status}`);
  const tokens = { [first]: tokenOf(ctx.holders[first]), [second]: tokenOf(ctx.holders[second]) };
  return { tokens, bWrite, lateWrite: lateWrite!, final: await ctx.final(mode) };
}

function tokenOf(holder: Holder | undefined): number {
  return holder?.token ?? 0;
}

/** SIGKILL, then the same command again on the same port and dir: what the server kept is what it wrote to disk. */
async function restart(ctx: LabContext, mode: 'volatile' | 'durable', holder: WorkerName): Promise<void> {
  const server = ctx.world.server!;
  const killed = server.process.pid;
  ctx.step('restart-coordinator', 'started', `killing Redis (pid ${killed}, SIGKILL) while ${holder} holds the lock, then starting it again`);
  server.process.kill('SIGKILL');
  await server.process.exited;
  ctx.observe({ actor: 'coordinator', kind: 'coordinator-killed', note: `${mode}: pid ${killed}` });
  const restartMs = await server.restart();
  await answering(ctx);
  const held = await ctx.world.coordinator.isHeld(ctx.world.lockKey);
  // A lease that ran out while Redis was down is gone from a durable Redis too (it keeps the
  // key's expiry time, and drops the key once it is past): said, so that this is not read as lost.
  const lease = ctx.holders[holder];
  const ranOut = !held && lease !== undefined && ctx.now() >= lease.atMs + lease.ttlMs;
  const gone = ranOut ? 'gone (its lease ran out during the restart)' : 'gone';
  ctx.observe({ actor: 'coordinator', kind: 'coordinator-restarted', note: `${mode}: lock ${held ? 'still held' : gone}` });
  ctx.step(
    'restart-coordinator',
    'done',
    `Redis started again (pid ${server.process.pid}) in ${Math.round(restartMs)} ms; ${holder}'s lock is ${held ? 'still there (replayed from the AOF)' : ranOut ? 'gone: its lease ran out while Redis was down' : 'gone with the rest of its memory'}`,
  );
}

/** The runner's client reconnects by itself; wait until it answers again (bounded), so a poll is never lost to the reconnect. */
async function answering(ctx: LabContext): Promise<void> {
  const deadline = performance.now() + 5000;
  for (;;) {
    try {
      await ctx.world.coordinator.isHeld(ctx.world.lockKey);
      return;
    } catch (err) {
      if (performance.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
