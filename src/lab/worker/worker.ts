/**
 * A lab worker (A or B): its own OS process. It takes commands from the
 * runner on stdin (acquire, write, release, exit) and answers on stdout.
 * While it holds a lease it renews it every third of the TTL, so a worker
 * that is not paused keeps its lock; SIGSTOP freezes the renewals with the
 * rest of it. A resumed worker writes with the token it already has: it
 * does not look at its lease first, just as a process paused between its
 * last check and its write would not.
 */
import { emitToRunner, onRunnerCommand } from '../child-channel.js';
import { closeIdleConnections, postJson } from '../http.js';
import type { CoordinatorKind } from '../types.js';
import { packEpochToken, readEpoch } from '../tokens/epoch-token.js';
import { type CoordinatorClient, connectCoordinator } from '../coordinator/client.js';

export interface WorkerArgs {
  name: string;
}

export async function runWorker(args: WorkerArgs): Promise<void> {
  // The coordinator comes with the first acquire, so the worker can start
  // while the coordinator is still starting.
  let client: CoordinatorClient | undefined;
  let held: { leaseId: string; token: number; ttlMs: number; epoch: number } | undefined;
  let renewal: NodeJS.Timeout | undefined;

  const stopRenewing = () => {
    if (renewal) clearInterval(renewal);
    renewal = undefined;
  };

  const handlers: Record<string, (cmd: Record<string, unknown>) => Promise<Record<string, unknown>>> = {
    async acquire(cmd) {
      client ??= await connectCoordinator(cmd.coordinator as CoordinatorKind, (cmd.endpoints as string[]) ?? []);
      const c = client;
      // The restore experiment's epoch: read when the lock is taken, kept with the token.
      const epoch = typeof cmd.epochFile === 'string' ? readEpoch(cmd.epochFile) : 0;
      const lease = await c.grant(Number(cmd.ttlMs));
      // When the lease began, as this process saw it (epoch ms, sub-ms): the TTL counts from here.
      const leaseGrantedAt = performance.timeOrigin + performance.now();
      const outcome = await c.acquire(String(cmd.key), lease.leaseId);
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
                emitToRunner({ ev: 'lease-lost', leaseId: current.leaseId });
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
        leaseId: lease.leaseId,
        ttlMs: lease.ttlMs,
        leaseGrantedAt,
        ...(typeof cmd.epochFile === 'string' ? { epoch } : {}),
        sentAt: performance.timeOrigin + performance.now(),
      };
    },
    async write(cmd) {
      if (!held) return { ev: 'error', message: 'write without a token' };
      const mode = String(cmd.mode);
      const token = cmd.tokenMode === 'epoch' ? packEpochToken(held.epoch, held.token) : held.token;
      const res = await postJson(`${String(cmd.url)}/write/${mode}`, {
        writer: args.name,
        value: String(cmd.value),
        token,
        ...(typeof cmd.hold === 'string' ? { hold: cmd.hold } : {}),
        ...(typeof cmd.release === 'string' ? { release: cmd.release } : {}),
      }, 10_000);
      return { ev: 'wrote', mode, token, status: res.status, body: res.body };
    },
    async release() {
      stopRenewing();
      if (held && client) await client.revoke(held.leaseId);
      held = undefined;
      return { ev: 'released' };
    },
    async exit() {
      stopRenewing();
      closeIdleConnections();
      setImmediate(() => process.exit(0));
      return { ev: 'bye' };
    },
  };

  onRunnerCommand(
    (cmd) => {
      const handler = handlers[String(cmd.op)];
      if (!handler) {
        emitToRunner({ id: cmd.id, ev: 'error', message: `unknown op ${String(cmd.op)}` });
        return;
      }
      handler(cmd).then(
        (reply) => emitToRunner({ id: cmd.id, ...reply }),
        (err: Error) => emitToRunner({ id: cmd.id, ev: 'error', message: err.message }),
      );
    },
    () => {
      // The runner is gone: nothing left to do here.
      stopRenewing();
      process.exit(0);
    },
  );
  emitToRunner({ ev: 'ready', pid: process.pid, name: args.name });
}
