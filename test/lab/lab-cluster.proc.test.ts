/**
 * The two experiments that start their own etcd: failover (three members,
 * the leader killed while A is stopped) and restore (one member restored
 * from a snapshot; revision vs epoch tokens). Each runs through the command
 * line as a user would, against members the run starts and must remove.
 * Also the members launcher on its own, and the refusals (exit 2).
 * Skips loudly without etcd/etcdctl, fails under FENCE_REQUIRE_TOOLS=1.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findEtcd } from '../../src/lab/coordinator/find-coordinators.js';
import { launchEtcdMembers, leaseTimeToLive, memberStatus } from '../../src/lab/coordinator/etcd-members.js';
import { postJson } from '../../src/lab/http.js';
import type { LabResult } from '../../src/lab/types.js';
import { ensureBuilt, integerToken, runCli, stillAlive, tempHome, toolMissing } from './helpers.js';

const skip = toolMissing('etcd') || toolMissing('etcdctl');
let home = '';

beforeAll(() => {
  ensureBuilt();
  home = tempHome();
});

/** A run in a data directory of its own: the experiments run side by side (one lab per data directory). */
async function lab(args: string[]): Promise<LabResult> {
  const run = await runCli(['lab', '--json', ...args], { FENCE_TUTOR_HOME: tempHome() }, 60_000);
  if (run.code !== 0) throw new Error(`exit ${run.code}\n${run.stderr}\n${run.stdout}`);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as LabResult;
}

/** Command lines of running processes that mention `needle`. */
function processesWith(needle: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(needle));
}

// Every describe here runs beside the others, and the tests inside each side
// by side: each run has its own data directory, members, ports and temp
// dirs, and the refusals start nothing. One after another they took 17 s.
describe('refusals (exit 2, one line)', { concurrent: true, timeout: 60_000 }, () => {
  it.each([
    [['--experiment', 'failover', '--coordinator', 'embedded'], /failover runs on etcd members the lab starts itself/],
    [['--experiment', 'failover', '--etcd-endpoints', 'http://127.0.0.1:2379'], /never uses a cluster it did not start/],
    [['--experiment', 'restore', '--coordinator', 'embedded'], /restore runs on etcd members/],
    [['--experiment', 'restore', '--coordinator', 'etcd', '--etcd-endpoints', 'http://127.0.0.1:2379'], /leave out --etcd-endpoints/],
  ])('lab %j', async (args, message) => {
    const run = await runCli(['lab', '--json', ...args], { FENCE_TUTOR_HOME: home });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });

  it('a missing etcd: failover exits 2 with the install hint', async ({ expect }) => {
    const empty = mkdtempSync(join(tmpdir(), 'fence-no-tools-'));
    const run = await runCli(['lab', '--json', '--experiment', 'failover'], { FENCE_TUTOR_HOME: home, PATH: empty });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/etcd was not found.*apt-get install etcd-server/);
  });

  it.skipIf(skip)('etcd without etcdctl: restore alone exits 2, naming etcd-client', async ({ expect }) => {
    const onlyEtcd = mkdtempSync(join(tmpdir(), 'fence-only-etcd-'));
    symlinkSync(findEtcd()!, join(onlyEtcd, 'etcd'));
    const run = await runCli(['lab', '--json', '--experiment', 'restore'], { FENCE_TUTOR_HOME: home, PATH: onlyEtcd });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/etcdctl was not found.*apt-get install etcd-client/);
  });

  it('lab --help lists both experiments and what they need', async ({ expect }) => {
    const run = await runCli(['lab', '--help'], { FENCE_TUTOR_HOME: home });
    expect(run.stdout).toMatch(/failover +a three-member etcd cluster loses its leader/);
    expect(run.stdout).toMatch(/restore +etcd restored from a snapshot reissues a revision/);
    expect(run.stdout).toMatch(/needs etcd and etcdctl/);
  });
});

describe.skipIf(skip)('etcd members on loopback', { concurrent: true, timeout: 60_000 }, () => {
  it('three members agree on a leader, listen on 127.0.0.1 only, and are gone with their data after stop()', async ({ expect }) => {
    const recorded: number[] = [];
    const recorder = { intend: () => ({ spawned: (pid: number) => void recorded.push(pid) }), addTempDir: () => undefined };
    const members = await launchEtcdMembers({ bin: findEtcd()!, count: 3, recorder });
    try {
      expect(recorded).toEqual(members.members.map((m) => m.pid));
      for (const m of members.members) {
        for (const flag of ['--listen-client-urls', '--listen-peer-urls', '--advertise-client-urls', '--initial-advertise-peer-urls']) {
          expect(m.argv[m.argv.indexOf(flag) + 1]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        }
      }
      const statuses = await Promise.all(members.endpoints.map((e) => memberStatus(e)));
      const leaders = new Set(statuses.map((s) => s.leader));
      expect(leaders.size).toBe(1);
      expect(statuses.map((s) => s.memberId)).toContain([...leaders][0]);
      const lease = await postJson(`${members.endpoints[1]}/v3/lease/grant`, { TTL: '5' });
      expect((await leaseTimeToLive(members.endpoints[2]!, String(lease.body.ID))).grantedS).toBe(5);
    } finally {
      await members.stop();
    }
    expect(await stillAlive(recorded)).toEqual([]);
    expect(existsSync(members.root)).toBe(false);
  });
});

describe.skipIf(skip)('a member restarted on a port someone took meanwhile (issue 38, D5)', { timeout: 60_000 }, () => {
  it('waits for the port and starts again, where it used to fail with "member-1 exited while starting"', async () => {
    const members = await launchEtcdMembers({ bin: findEtcd()!, count: 1 });
    // Whoever connects meanwhile (the restart's readiness probe) is hung up on, so close() completes.
    const blocker = createServer((socket) => socket.destroy());
    try {
      const member = members.members[0]!;
      await member.stop();
      const port = Number(new URL(member.clientUrl).port);
      await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
      const logPath = `${member.dataDir}.log`;
      // Let go of the port once etcd has said it is taken: the restart must try again after that.
      const released = (async () => {
        while (!/address already in use/i.test(existsSync(logPath) ? readFileSync(logPath, 'utf8') : '')) await new Promise((r) => setTimeout(r, 10));
        blocker.close();
      })();
      const restarted = await members.restart(0, member.dataDir);
      await released;
      expect(restarted.clientUrl).toBe(member.clientUrl);
      expect(restarted.isRunning()).toBe(true);
      expect((await memberStatus(restarted.clientUrl)).memberId).not.toBe('');
    } finally {
      blocker.close();
      await members.stop();
    }
    expect(existsSync(members.root)).toBe(false);
  });
});

describe.skipIf(skip)('lab --experiment failover', { concurrent: true, timeout: 60_000 }, () => {
  it('the leader is killed while A is stopped; a new one is elected; B above A; fenced refuses A; every member gone', async ({ expect }) => {
    const result = await lab(['--experiment', 'failover', '--ttl', '2']);
    expect(result).toMatchObject({ experiment: 'failover', coordinator: 'etcd', verdict: 'expected' });
    expect(result.etcdStartMs).toBeGreaterThan(0);
    expect(result.durationMs).toBeGreaterThan(0);
    const f = result.failover!;
    expect(f.members).toHaveLength(3);
    expect(f.leaderAfter).not.toBe(f.leaderBefore);
    expect(f.killedMember).toBe(f.leaderBefore);
    expect(f.members.map((m) => m.name)).toContain(f.leaderAfter);
    expect(f.electionMs).toBeGreaterThan(0);
    // etcd's new leader renews every lease to its full TTL when it takes over.
    expect(f.leaseTtlAfterS).toBe(f.grantedTtlS);
    expect(f.leaseTtlBeforeS).toBeLessThanOrEqual(f.grantedTtlS);
    expect(f.bEndpoint).not.toBe(f.members.find((m) => m.name === f.leaderBefore)!.clientUrl);
    expect(integerToken(result.tokens.B)).toBeGreaterThan(integerToken(result.tokens.A));
    expect(result.modes.plain?.final.value).toBe('A-late');
    expect(result.modes.fenced).toMatchObject({ lateWrite: { status: 409 }, final: { value: 'B-current', hwm: result.tokens.B! } });
    expect(result.observations.map((o) => o.kind)).toEqual(expect.arrayContaining(['leader-killed', 'leader-elected']));
    expect(await stillAlive([...f.members.map((m) => m.pid), result.pids.A, result.pids.B, ...result.pids.sink])).toEqual([]);
    for (const m of f.members) expect(processesWith(m.clientUrl.replace('http://', ''))).toEqual([]);
    const report = readFileSync(join(result.outDir, 'report.txt'), 'utf8');
    expect(report).toContain(`leader before ${f.leaderBefore}`);
    expect(report).toContain(`election: ${f.electionMs} ms`);
  });
});

describe.skipIf(skip)('lab --experiment restore', { concurrent: true, timeout: 60_000 }, () => {
  it('the restore reissues B revision to D: revision mode refuses D and takes C late; epoch mode the other way round', async ({ expect }) => {
    const result = await lab(['--experiment', 'restore']);
    expect(result).toMatchObject({ experiment: 'restore', coordinator: 'etcd', verdict: 'expected' });
    expect(Object.keys(result.modes).sort()).toEqual(['epoch', 'revision']);
    const revision = result.modes.revision!;
    const epoch = result.modes.epoch!;
    const t = revision.tokens as Record<'A' | 'B' | 'C' | 'D', number>;
    expect(t.D).toBe(t.B);
    expect(t.C).toBeGreaterThan(t.B);
    expect(epoch.tokens).toEqual({ A: [0, t.A], B: [0, t.B], C: [0, t.C], D: [1, t.D] });
    expect(revision.dWrite?.status).toBe(409);
    expect(revision.lateWrite?.accepted).toBe(true);
    expect(revision.final).toMatchObject({ value: 'C-late', hwm: t.C });
    expect(epoch.dWrite?.accepted).toBe(true);
    expect(epoch.lateWrite?.status).toBe(409);
    expect(epoch.final).toEqual({ value: 'D-current', token: [1, t.D], hwm: [1, t.D] });
    const r = result.restore!;
    expect(r).toMatchObject({ epochBefore: 0, epochAfter: 1, revisionAfterRestore: r.snapshotRevision });
    expect(r.revisionBeforeRestore).toBeGreaterThan(r.revisionAfterRestore);
    expect(readFileSync(r.epochFile, 'utf8').trim()).toBe('1');
    expect(r.restoreCommand.slice(1, 3)).toEqual(['snapshot', 'restore']);
    // The temp root with both data dirs and the snapshot is gone, and nothing runs from it.
    const dataDir = r.restoreCommand[r.restoreCommand.indexOf('--data-dir') + 1]!;
    expect(existsSync(dataDir)).toBe(false);
    expect(processesWith(dataDir)).toEqual([]);
    const report = readFileSync(join(result.outDir, 'report.txt'), 'utf8');
    expect(report).toContain(`epoch    tokens       A ${t.A}, B ${t.B}, C ${t.C}, D 1:${t.D}`);
    expect(report).toMatch(/revision +C-late +D, the holder, refused \(409\)/);
    // The grant carries the epoch the worker read, so the timeline labels D as epoch mode does; C's SIGSTOP is a pause.
    expect(result.observations.find((o) => o.kind === 'grant' && o.note === 'D')).toMatchObject({ token: t.D, epoch: 1 });
    const timeline = readFileSync(join(result.outDir, 'timeline.txt'), 'utf8').split('\n');
    expect(timeline.find((l) => l.startsWith('coordinator'))).toContain(`●D 1:${t.D}`);
    expect(timeline.find((l) => l.startsWith('C '))).toContain('░');
  });
});
