/**
 * The worker client redo-on-reject hands to the learner's `addOne(worker)`,
 * inside the learner's child process: a lease on the embedded coordinator
 * kept alive by a timer in this process (so a SIGSTOP really lets it
 * expire), the counter sink's read and fenced write. The first read can be
 * held (`pause`) so the tutor stops us at the moment that matters: after
 * the read, before the write. So can the redo's Nth call after the first
 * refused write (`redoPauseBefore`), for the concurrent grant in the middle
 * of the redo.
 */
import type { WorkerSent } from '../child-protocol.js';

export interface WorkerConfig {
  coordinator: string;
  sink: string;
  key: string;
  ttlMs: number;
  writer: string;
  pauseAfterFirstRead: boolean;
  /** Hold before the Nth call (1-based) the learner makes after its first refused write. */
  redoPauseBefore?: number;
}

export interface WorkerApi {
  acquire(): Promise<number>;
  read(): Promise<number>;
  write(token: number, value: number): Promise<{ status: number; accepted: boolean }>;
}

async function post(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

export function makeWorkerClient(config: WorkerConfig, pause: () => Promise<void>, report: (sent: WorkerSent) => void): { api: WorkerApi; stop(): void } {
  let keepAlive: NodeJS.Timeout | undefined;
  let reads = 0;
  let refused = false;
  let callsAfterRefusal = 0;
  /** The redo's pause, when this call is the one the tutor asked to hold before. */
  const beforeCall = async () => {
    if (!refused) return;
    callsAfterRefusal++;
    if (callsAfterRefusal === config.redoPauseBefore) await pause();
  };
  const stopKeepAlive = () => {
    if (keepAlive) clearInterval(keepAlive);
    keepAlive = undefined;
  };
  const api: WorkerApi = {
    async acquire() {
      await beforeCall();
      stopKeepAlive();
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const lease = await post(`${config.coordinator}/lease/grant`, { ttlMs: config.ttlMs });
        const leaseId = String(lease.json.leaseId);
        const got = await post(`${config.coordinator}/lock/acquire`, { key: config.key, leaseId });
        if (got.json.acquired === true) {
          const token = Number(got.json.token);
          keepAlive = setInterval(() => void post(`${config.coordinator}/lease/keepalive`, { leaseId }).catch(() => undefined), Math.max(50, config.ttlMs / 4));
          report({ op: 'acquire', token });
          return token;
        }
        await post(`${config.coordinator}/lease/revoke`, { leaseId }).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('acquire: the lock stayed held for 15 s');
    },
    async read() {
      await beforeCall();
      const res = await fetch(`${config.sink}/counter`);
      const value = Number(((await res.json()) as { value: unknown }).value);
      reads++;
      report({ op: 'read', value });
      if (reads === 1 && config.pauseAfterFirstRead) await pause();
      return value;
    },
    async write(token, value) {
      if (!Number.isInteger(token) || !Number.isInteger(value)) throw new TypeError('write(token, value) takes two integers');
      await beforeCall();
      const res = await post(`${config.sink}/counter`, { writer: config.writer, token, value });
      report({ op: 'write', token, value, status: res.status });
      if (res.status === 409) refused = true;
      return { status: res.status, accepted: res.status === 200 };
    },
  };
  return { api, stop: stopKeepAlive };
}
