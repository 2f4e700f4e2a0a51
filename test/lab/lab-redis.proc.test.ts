/**
 * The lab on a real Redis (issue 35): a throwaway redis-server the run starts
 * and must remove, the lock `SET key value NX PX ttl` with a random value
 * (no token: the fenced sink refuses B and A alike), and `--token incr` (an
 * INCR minted in the same script: the fenced sink rejects A). Also a Redis
 * the user runs (`--redis-url`: used, never stopped), a missing binary, and
 * the flag errors. Interrupts in each phase: lab-interrupt-phases.proc.test.ts.
 * Skips loudly without redis-server, fails under FENCE_REQUIRE_TOOLS=1.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { UNRECORDED } from '../../src/lab/coordinator/etcd-launcher.js';
import { findRedis } from '../../src/lab/coordinator/find-coordinators.js';
import { redisSpec } from '../../src/lab/coordinator/redis/redis-server.js';
import { launchServer } from '../../src/lab/servers/launch-server.js';
import type { LabResult } from '../../src/lab/types.js';
import { ensureBuilt, runCli, tempHome, toolMissing } from './helpers.js';
import { leftovers } from './leftovers.js';

const skip = toolMissing('redis-server');

beforeAll(() => {
  if (!skip) ensureBuilt();
});

async function lab(args: string[], home = tempHome('lab-redis-')): Promise<{ result: LabResult; home: string }> {
  const run = await runCli(['lab', '--json', '--ttl', '1', '--coordinator', 'redis', ...args], { FENCE_TUTOR_HOME: home }, 60_000);
  if (run.code !== 0) throw new Error(`exit ${run.code}\n${run.stderr}\n${run.stdout}`);
  return { result: JSON.parse(run.stdout) as LabResult, home };
}

/** The evidence files, and whether the server's temp dir is still there (it must not be). */
function evidenceFiles(result: LabResult): boolean[] {
  return [...['run.json', 'report.txt', 'timeline.txt', 'sink.sqlite'].map((f) => existsSync(join(result.outDir, f))), existsSync(result.server?.dir ?? '/')];
}

describe.skipIf(skip)('lab --coordinator redis', { concurrent: true, timeout: 60_000 }, () => {
  it('SET NX PX with a random value: no token, plain ends at A-late, fenced refuses B and A alike; nothing left', async ({ expect }) => {
    const { result, home } = await lab([]);
    expect(result.verdict, JSON.stringify(result.checks)).toBe('expected');
    expect(result.coordinator).toBe('redis');
    expect(result.tokenMode).toBe('none');
    expect(result.tokens).toEqual({ A: null, B: null });
    expect(result.lockValues?.A).toMatch(/^[0-9a-f]{32}$/);
    expect(result.lockValues?.A).not.toBe(result.lockValues?.B);
    expect(result.modes.plain?.final.value).toBe('A-late');
    expect(result.modes.fenced?.bWrite?.status).toBe(409);
    expect(result.modes.fenced?.lateWrite?.status).toBe(409);
    expect(result.modes.fenced?.final.value).toBeNull();
    expect(result.checks.length).toBeGreaterThanOrEqual(3);
    expect(result.serverStartMs).toBeGreaterThan(0);
    expect(result.etcdStartMs).toBeUndefined();
    expect(result.durationMs).toBeGreaterThan(result.observedExpiryWaitMs);
    expect(evidenceFiles(result)).toEqual([true, true, true, true, false]);
    expect(await leftovers(home)).toEqual([]);
  });

  it('--token incr: the lock and its INCR token in one script; B above A, fenced rejects A', async ({ expect }) => {
    const { result, home } = await lab(['--token', 'incr']);
    expect(result.verdict, JSON.stringify(result.checks)).toBe('expected');
    expect(result.tokenMode).toBe('incr');
    expect(result.tokens).toEqual({ A: 1, B: 2 });
    expect(result.modes.fenced?.lateWrite?.status).toBe(409);
    expect(result.modes.fenced?.final).toEqual({ value: 'B-current', token: 2, hwm: 2 });
    expect(result.modes.plain?.final.value).toBe('A-late');
    expect(evidenceFiles(result)).toEqual([true, true, true, true, false]);
    expect(await leftovers(home)).toEqual([]);
  });

  it('--redis-url: a Redis the user runs is used and never stopped; the run leaves none of its keys', async ({ expect }) => {
    const own = await launchServer(redisSpec(findRedis()!), { recorder: UNRECORDED });
    try {
      const url = `redis://127.0.0.1:${own.ports[0]}`;
      const { result } = await lab(['--redis-url', url, '--token', 'incr']);
      expect(result.verdict, JSON.stringify(result.checks)).toBe('expected');
      expect(result.serverStartMs).toBeUndefined();
      expect(own.process.isRunning()).toBe(true);
      const { Redis } = await import('ioredis');
      const client = new Redis(url);
      try {
        expect(await client.keys('*')).toEqual([]);
      } finally {
        client.disconnect();
      }
    } finally {
      await own.stop();
    }
  });

  it("coordinator-restart: volatile rewinds the counter (B gets A's token, A overwrites B); durable keeps it (A rejected)", async ({ expect }) => {
    const { result, home } = await lab(['--experiment', 'coordinator-restart']);
    expect(result.verdict, JSON.stringify(result.checks)).toBe('expected');
    expect(result.tokenMode).toBe('incr');
    expect(result.modes.volatile?.tokens).toEqual({ A: 1, B: 1 });
    expect(result.modes.volatile?.lateWrite?.accepted).toBe(true);
    expect(result.modes.volatile?.final.value).toBe('A-late');
    expect(result.modes.durable?.tokens).toEqual({ C: 1, D: 2 });
    expect(result.modes.durable?.lateWrite?.status).toBe(409);
    expect(result.modes.durable?.final.value).toBe('D-current');
    const notes = result.observations.filter((o) => o.kind === 'coordinator-restarted').map((o) => o.note);
    // Durable Redis replays the lock from its AOF; on a machine so busy that the restart outlasts the
    // 1 s lease, the lock is gone for that reason, and the run says so (the tokens above hold either way).
    expect(notes[0]).toMatch(/^volatile: lock gone/);
    expect(notes[1]).toMatch(/^durable: lock (still held|gone \(its lease ran out during the restart\))$/);
    expect(notes).toHaveLength(2);
    expect(result.checks).toHaveLength(5);
    expect(evidenceFiles(result)).toEqual([true, true, true, true, false]);
    expect(await leftovers(home)).toEqual([]);
  });
});
