/**
 * How ZooKeeper's failover reads, without a JVM: the summary line, the
 * report's Ensemble section (settings recorded, A's session's end as
 * observed), the picture's member lanes, and which experiment the flags pick.
 */
import { describe, expect, it } from 'vitest';
import { describeModes, summaryLine } from '../../src/lab/evidence/describe.js';
import { pictureModel } from '../../src/lab/evidence/timeline-picture.js';
import { reportText } from '../../src/lab/evidence/write-evidence.js';
import { experimentFor } from '../../src/lab/experiments/index.js';
import { parseLabFlags } from '../../src/lab/lab-options.js';
import type { LabResult } from '../../src/lab/types.js';

const result: LabResult = {
  schemaVersion: 1,
  version: '0.0.0',
  experiment: 'failover',
  coordinator: 'zookeeper',
  ttlMs: 1000,
  requestedTtlMs: 1000,
  tokens: { A: [1, 6], B: [2, 8] },
  observedExpiryWaitMs: 1793,
  stoppedAfterMs: 1,
  modes: {
    plain: { final: { value: 'A-late', token: [1, 6] } },
    fenced: {
      lateWrite: { status: 409, accepted: false, body: { reason: 'stale token 4294967302 < mark 8589934600' } },
      final: { value: 'B-current', token: [2, 8], hwm: [2, 8] },
    },
  },
  verdict: 'expected',
  checks: [{ ok: true, text: 'fine' }],
  durationMs: 3370,
  serverStartMs: 4059,
  sink: { url: 'http://127.0.0.1:1', database: '/tmp/x/sink.sqlite' },
  pids: { A: 1, B: 2, sink: [3] },
  observations: [
    { atMs: 100, actor: 'coordinator', kind: 'grant', token: 6, epoch: 1, note: 'A' },
    { atMs: 300, actor: 'coordinator', kind: 'leader-killed', note: 'member 3 (pid 30)' },
    { atMs: 800, actor: 'coordinator', kind: 'leader-elected', note: 'member 2' },
  ],
  startedAt: new Date(0).toISOString(),
  outDir: '/tmp/x',
  ensembleFailover: {
    settings: { tickTimeMs: 200, initLimit: 25, syncLimit: 10, heap: '128m' },
    members: [1, 2, 3].map((id) => ({ id, pid: 10 * id, clientPort: 2000 + id, quorumPort: 3000 + id, electionPort: 4000 + id })),
    leaderBefore: 3,
    leaderAfter: 2,
    killedPid: 30,
    epochBefore: 1,
    epochAfter: 2,
    electionMs: 462,
    aSession: { id: '0100', timeoutMs: 1000, expiredAfterGrantMs: 1793, expiredAfterKillMs: 1527, expiredAfterElectionMs: 1064 },
    bConnect: '127.0.0.1:2001,127.0.0.1:2002',
  },
};

describe("ZooKeeper's failover evidence", () => {
  it("the summary says who led, the epochs, and when A's session was seen gone after the election", () => {
    expect(summaryLine(result, true)).toBe(
      "tokens A 1:6, B 2:8; lock seen gone 1.79 s after A's grant; leader member 3 killed, member 2 elected after 0.46 s (epoch 1 -> 2); A's session (timeout 1.00 s) gone 1.06 s after the election; 3.37 s in all",
    );
  });

  it("the report records the settings and what became of A's session", () => {
    const report = reportText(result, experimentFor('failover', 'zookeeper'));
    expect(report).toContain('settings: tickTime 200 ms, initLimit 25, syncLimit 10 (ticks), JVM heap 128m');
    expect(report).toContain('leader before member 3, epoch 1 (srvr; killed with SIGKILL, pid 30); leader after member 2, epoch 2');
    expect(report).toContain('1064 ms after the new leader was named (1.1 session timeouts)');
    expect(report).toContain('B connected to 127.0.0.1:2001,127.0.0.1:2002');
  });

  it("the sink's refusal reads in the tokens' display form; run.json keeps the sink's own numbers", () => {
    expect(describeModes(result).find((m) => m.mode === 'fenced')?.text).toBe('A rejected: 409 stale token 1:6 < mark 2:8');
    expect(result.modes.fenced?.lateWrite?.body.reason).toBe('stale token 4294967302 < mark 8589934600');
  });

  it("the picture has a lane per member with the leader's end and the new one's election", () => {
    const lanes = pictureModel(result).lanes.filter((l) => l.id.startsWith('member-'));
    expect(lanes.map((l) => [l.label, l.marks.map((m) => ('label' in m ? m.label : ''))])).toEqual([
      ['member 1', []],
      ['member 2', ['elected leader']],
      ['member 3', ['leader at the start', 'leader killed (SIGKILL)']],
    ]);
  });

  it('--experiment failover --coordinator zookeeper picks the ensemble experiment; etcd keeps its own', () => {
    const { options } = parseLabFlags({ experiment: 'failover', coordinator: 'zookeeper' });
    expect(options.coordinator).toBe('zookeeper');
    expect(experimentFor(options.experiment, options.coordinator).ensemble).toEqual({ members: 3 });
    const etcd = parseLabFlags({ experiment: 'failover' }).options;
    expect(etcd.coordinator).toBe('etcd');
    expect(experimentFor(etcd.experiment, etcd.coordinator).ownEtcd).toEqual({ members: 3 });
  });
});
