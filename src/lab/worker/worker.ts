/**
 * A lab worker (A, B, or any other named one): its own OS process. It takes commands from the
 * runner on stdin (acquire, write, release, exit) and answers on stdout.
 * While it holds a lease it renews it every third of the TTL, so a worker
 * that is not paused keeps its lock; SIGSTOP freezes the renewals with the
 * rest of it. A resumed worker writes with the token it already has: it
 * does not look at its lease first, just as a process paused between its
 * last check and its write would not.
 */
import { errorMessage } from '../../platform/error-message.js';
import { emitToRunner, onRunnerCommand } from '../child-channel.js';
import { closeIdleConnections, postJson } from '../http.js';
import type { LabToken } from '../types.js';
import { readEpoch } from '../tokens/epoch-token.js';
import type { DistributiveOmit } from '../protocol/fields.js';
import { parseWorkerCommand, type WorkerCommand, type WorkerNotice, type WorkerOp, type WorkerReplies, type WorkerReply } from '../protocol/worker-messages.js';
import { type CoordinatorClient, connectCoordinator } from '../coordinator/client.js';

export interface WorkerArgs {
  name: string;
}

export async function runWorker(args: WorkerArgs): Promise<void> {
  // The coordinator comes with the first acquire, so the worker can start
  // while the coordinator is still starting.
  let client: CoordinatorClient | undefined;
  let held: { leaseId: string; token: number | null; ttlMs: number; epoch: number } | undefined;
  let renewal: NodeJS.Timeout | undefined;

  const stopRenewing = () => {
    if (renewal) clearInterval(renewal);
    renewal = undefined;
  };

  type Answer = { [Op in WorkerOp]: DistributiveOmit<WorkerReplies[Op], 'id'> };
  const handlers: { [Op in WorkerOp]: (cmd: Extract<WorkerCommand, { op: Op }>) => Promise<Answer[Op]> } = {
    async acquire(cmd) {
      client ??= await connectCoordinator(cmd.coordinator, cmd.endpoints, cmd.lockToken ?? 'none');
      const c = client;
      // The restore experiment's epoch: read when the lock is taken, kept with the token.
      const epoch = cmd.epochFile !== undefined ? readEpoch(cmd.epochFile) : 0;
      const lease = await c.grant(cmd.ttlMs);
      // When the lease began, as this process saw it (epoch ms, sub-ms): the TTL counts from here.
      const leaseGrantedAt = performance.timeOrigin + performance.now();
      const outcome = await c.acquire(cmd.key, lease.leaseId);
      if (!outcome.acquired) {
        await c.revoke(lease.leaseId).catch(() => undefined);
        return { ev: 'busy', reason: outcome.reason };
      }
      held = { leaseId: lease.leaseId, token: outcome.token, ttlMs: lease.ttlMs, epoch };
      const current = held;
      renewal = setInterval(
        () => {
          c.keepAlive(current.leaseId).then(
            (alive) => {
              if (!alive) {
                stopRenewing();
                emitToRunner<WorkerNotice>({ ev: 'lease-lost', leaseId: current.leaseId });
              }
            },
            () => undefined,
          );
        },
        Math.max(100, Math.floor(lease.ttlMs / 3)),
      );
      return {
        ev: 'acquired',
        token: outcome.token,
        ...(outcome.lockValue !== undefined ? { lockValue: outcome.lockValue } : {}),
        leaseId: lease.leaseId,
        ttlMs: lease.ttlMs,
        leaseGrantedAt,
        ...(cmd.epochFile !== undefined ? { epoch } : {}),
        sentAt: performance.timeOrigin + performance.now(),
      };
    },
    async write(cmd) {
      if (!held) return { ev: 'error', message: 'write without a token' };
      // An epoch-mode token travels as the pair; the sink packs it for its integer column.
      // No token (a Redis lock's random value): the write says so with null, and a fence refuses it.
      const token: LabToken | null = held.token === null ? null : cmd.tokenMode === 'epoch' ? [held.epoch, held.token] : held.token;
      const res = await postJson(
        `${cmd.url}/write/${cmd.mode}`,
        {
          writer: args.name,
          value: cmd.value,
          token,
          ...(cmd.hold !== undefined ? { hold: cmd.hold } : {}),
          ...(cmd.release !== undefined ? { release: cmd.release } : {}),
        },
        10_000,
      );
      return { ev: 'wrote', mode: cmd.mode, token, status: res.status, body: res.body };
    },
    async release() {
      stopRenewing();
      if (held && client) await client.revoke(held.leaseId);
      held = undefined;
      return { ev: 'released' };
    },
    async exit() {
      stopRenewing();
      await client?.close?.();
      closeIdleConnections();
      setImmediate(() => process.exit(0));
      return { ev: 'bye' };
    },
  };

  const answer = <C extends WorkerCommand>(cmd: C): Promise<DistributiveOmit<WorkerReply, 'id'>> =>
    (handlers[cmd.op] as (c: C) => Promise<DistributiveOmit<WorkerReply, 'id'>>)(cmd);

  onRunnerCommand(
    parseWorkerCommand,
    (cmd) => {
      answer(cmd).then(
        (reply) => emitToRunner({ ...reply, id: cmd.id } as WorkerReply),
        (err: unknown) => emitToRunner<WorkerReply>({ id: cmd.id, ev: 'error', message: errorMessage(err) }),
      );
    },
    () => {
      // The runner is gone: nothing left to do here.
      stopRenewing();
      process.exit(0);
    },
  );
  emitToRunner<WorkerNotice>({ ev: 'ready', pid: process.pid, name: args.name });
}
