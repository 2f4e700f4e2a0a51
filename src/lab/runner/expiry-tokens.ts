/**
 * One real expiry, for whoever needs a stale holder's token and the new
 * holder's (the exercises): the embedded coordinator, worker A acquires and
 * is stopped with SIGSTOP until its lease runs out, then B acquires. The
 * same LabContext steps as the lab's experiments; no sink.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeWhenGone } from '../../platform/guard.js';
import { connectCoordinator } from '../coordinator/client.js';
import { type LabProcess, startService, startWorker } from '../processes/children.js';
import type { RunPidfile } from '../processes/pidfile.js';
import type { Observation } from '../types.js';
import { LabContext, type LabWorld } from './lab-context.js';

export interface ExpiryTokens {
  tokens: { A: number; B: number };
  ttlMs: number;
  observedExpiryWaitMs: number;
  observations: Observation[];
}

export interface ExpiryRun {
  /** Resolves with the tokens once B holds the lock. */
  tokens: Promise<ExpiryTokens>;
  /** Ends the workers and the coordinator, removes the coordinator's state. */
  end(): Promise<void>;
}

export function startExpiry(ttlMs: number, pidfile: RunPidfile, runId: string): ExpiryRun {
  const stateDir = mkdtempSync(join(tmpdir(), 'fence-expiry-'));
  removeWhenGone(stateDir);
  pidfile.addTempDir(stateDir);
  const coordinatorChild = startService('coordinator', ['--state-dir', stateDir, '--run', runId], pidfile);
  const a = startWorker('A', ['--run', runId], pidfile);
  const b = startWorker('B', ['--run', runId], pidfile);
  let ending = false;
  const tokens = (async (): Promise<ExpiryTokens> => {
    const ready = await coordinatorChild.waitFor(['ready', 'failed']);
    if (ready.ev === 'failed') throw new Error(`the embedded coordinator could not start: ${ready.message}`);
    const endpoints = [`http://127.0.0.1:${ready.port}`];
    const coordinator = await connectCoordinator('embedded', endpoints);
    await a.waitFor(['ready']);
    const world: LabWorld = {
      workers: { A: a, B: b },
      rest: b.waitFor(['ready']).then(() => undefined),
      coordinatorKind: 'embedded',
      lockToken: 'none',
      endpoints,
      sink: a,
      sinkUrl: '',
      startSink: () => Promise.reject(new Error('no sink here')),
      coordinator,
      stopping: () => ending,
      lockKey: `/fence-tutor/exercise/${runId}/lock`,
      ttlMs,
      databasePath: '',
      outDir: stateDir,
    };
    world.rest.catch(() => undefined);
    const ctx = new LabContext(world, () => undefined, performance.now());
    await ctx.acquire('A');
    ctx.stop('A');
    await ctx.waitForExpiry();
    await ctx.acquire('B');
    return {
      tokens: { A: ctx.holders.A?.token ?? 0, B: ctx.holders.B?.token ?? 0 },
      ttlMs: ctx.grantedTtlMs,
      observedExpiryWaitMs: ctx.observedExpiryWaitMs,
      observations: ctx.observations,
    };
  })();
  tokens.catch(() => undefined);
  const children: LabProcess[] = [a, b, coordinatorChild];
  return {
    tokens,
    async end() {
      ending = true;
      a.signal('SIGCONT');
      await Promise.all(children.map((c) => c.end()));
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
