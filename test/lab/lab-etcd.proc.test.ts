/**
 * The lab against a real etcd that this test starts and stops itself:
 * late-write (tokens are create revisions, B above A, higher again on the
 * next run) and split; keys under the run's prefix are gone afterwards and
 * no lease is left. Also the throwaway etcd the lab starts on its own.
 * Skips loudly without etcd, fails under FENCE_REQUIRE_TOOLS=1.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EtcdClient } from '../../src/lab/coordinator/etcd-client.js';
import { findEtcd } from '../../src/lab/coordinator/find-coordinators.js';
import { type LaunchedEtcd, launchEtcd } from '../../src/lab/coordinator/etcd-launcher.js';
import type { LabResult } from '../../src/lab/types.js';
import { postJson } from '../../src/lab/http.js';
import { ensureBuilt, integerToken, runCli, stillAlive, tempHome, toolMissing } from './helpers.js';

const skip = toolMissing('etcd');
let etcd: LaunchedEtcd | undefined;
let home = '';

beforeAll(async () => {
  if (skip) return;
  ensureBuilt();
  home = tempHome();
  const bin = findEtcd();
  if (!bin) throw new Error('etcd is required (FENCE_REQUIRE_TOOLS=1) but not on PATH');
  etcd = await launchEtcd({ bin });
});

afterAll(async () => {
  await etcd?.stop();
});

async function lab(args: string[], dataHome = home): Promise<LabResult> {
  const withTtl = args.includes('--ttl') ? args : ['--ttl', '1', ...args];
  // 60 s, as the describes allow: three runs side by side on a loaded machine.
  const run = await runCli(['lab', '--json', '--coordinator', 'etcd', ...withTtl], { FENCE_TUTOR_HOME: dataHome }, 60_000);
  if (run.code !== 0) throw new Error(`exit ${run.code}\n${run.stderr}\n${run.stdout}`);
  return JSON.parse(run.stdout) as LabResult;
}

async function leftoversInEtcd(endpoint: string): Promise<{ keys: number; leases: number }> {
  const prefix = Buffer.from('/fence-tutor/lab/').toString('base64');
  const end = Buffer.from('/fence-tutor/lab0').toString('base64');
  const range = await postJson(`${endpoint}/v3/kv/range`, { key: prefix, range_end: end, count_only: true });
  const leases = await postJson(`${endpoint}/v3/lease/leases`, {});
  return { keys: Number(range.body.count ?? 0), leases: ((leases.body.leases as unknown[]) ?? []).length };
}

// The three describes run side by side, each on an etcd of its own (the
// shared one, one started for split, the lab's own throwaway), in a data
// directory of its own: the checks that no key or lease is left count
// everything in their etcd. Inside the first, the tests run in order (the
// next run compares its tokens with the first's). One after another: 14 s.
describe.skipIf(skip)('the lab on a real etcd', { concurrent: true, timeout: 60_000 }, () => {
  let first: LabResult;

  it.sequential('late-write: the tokens are create revisions, B above A; plain A-late, fenced B-current', async () => {
    first = await lab(['--etcd-endpoints', etcd!.endpoint]);
    expect(first).toMatchObject({ coordinator: 'etcd', experiment: 'late-write', verdict: 'expected' });
    expect(integerToken(first.tokens.B)).toBeGreaterThan(integerToken(first.tokens.A));
    // Lesson 5: the lease expiry that deletes A's key takes a revision of its own, so B is at least two above A.
    expect(integerToken(first.tokens.B) - integerToken(first.tokens.A)).toBeGreaterThanOrEqual(2);
    expect(first.ttlMs).toBeGreaterThanOrEqual(1000);
    expect(first.etcdEndpoints).toEqual([etcd!.endpoint]);
    expect(first.modes.plain?.final.value).toBe('A-late');
    expect(first.modes.fenced).toMatchObject({ lateWrite: { status: 409 }, final: { value: 'B-current', hwm: first.tokens.B! } });
    expect(await leftoversInEtcd(etcd!.endpoint)).toEqual({ keys: 0, leases: 0 });
    expect(await stillAlive([first.pids.A, first.pids.B, ...first.pids.sink])).toEqual([]);
  });

  it.sequential('the next run gets higher tokens from the same cluster', async () => {
    const next = await lab(['--etcd-endpoints', etcd!.endpoint]);
    expect(integerToken(next.tokens.A)).toBeGreaterThan(integerToken(first.tokens.B));
  });

  it.sequential('the etcd client: create-if-absent txn, revision token, prefix delete', async () => {
    const client = new EtcdClient([etcd!.endpoint]);
    const lease = await client.grant(1000);
    const got = await client.acquire('/fence-tutor/lab/t/lock', lease.leaseId);
    expect(got.acquired).toBe(true);
    const other = await client.grant(1000);
    expect((await client.acquire('/fence-tutor/lab/t/lock', other.leaseId)).acquired).toBe(false);
    expect(await client.isHeld('/fence-tutor/lab/t/lock')).toBe(true);
    await client.deletePrefix('/fence-tutor/lab/t/');
    expect(await client.isHeld('/fence-tutor/lab/t/lock')).toBe(false);
    await client.revoke(lease.leaseId);
    await client.revoke(other.leaseId);
    expect(await client.keepAlive(lease.leaseId)).toBe(false);
  });
});

describe.skipIf(skip)('split on a real etcd', { concurrent: true, timeout: 60_000 }, () => {
  it('split: atomic rejects A; split ends at A-late and lowers the mark (a dead endpoint first, a short TTL raised)', async ({ expect }) => {
    const own = await launchEtcd({ bin: findEtcd()! });
    try {
      const result = await lab(['--etcd-endpoints', `http://127.0.0.1:9,${own.endpoint}`, '--experiment', 'split', '--ttl', '0.5'], tempHome());
      expect(result.verdict).toBe('expected');
      expect(result.requestedTtlMs).toBe(500);
      expect(result.ttlMs).toBeGreaterThanOrEqual(1000);
      expect(result.modes.atomic?.final.value).toBe('B-current');
      expect(result.modes.split?.final).toMatchObject({ value: 'A-late', hwm: result.tokens.A! });
      expect(await leftoversInEtcd(own.endpoint)).toEqual({ keys: 0, leases: 0 });
    } finally {
      await own.stop();
    }
  });
});

describe.skipIf(skip)('the throwaway etcd the lab starts', { concurrent: true, timeout: 60_000 }, () => {
  it('starts its own throwaway etcd when given no endpoints, and removes it (restart experiment)', async ({ expect }) => {
    const result = await lab(['--experiment', 'restart'], tempHome());
    expect(result.verdict).toBe('expected');
    expect(result.etcdStartMs).toBeGreaterThan(0);
    const endpoint = result.etcdEndpoints![0]!;
    expect(endpoint).not.toBe(etcd!.endpoint);
    // Nothing answers there any more, and no etcd runs with a fence-tutor data dir.
    await expect(postJson(`${endpoint}/v3/kv/range`, { key: 'eA==' }, 500)).rejects.toThrow();
    const running = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.includes('fence-tutor-etcd-') && l.includes(endpoint.replace('http://', '')));
    expect(running).toEqual([]);
  });
});
