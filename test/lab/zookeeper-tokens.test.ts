/**
 * ZooKeeper's token as the conventions want it ("Tokens on screen"): the
 * holder znode's czxid, reported as `[epoch, counter]` and drawn `5` while the
 * epoch is 0, `1:5` after; compared as the pair orders (epoch first), so a new
 * leader's small counter still ranks above the old epoch's large one.
 */
import { describe, expect, it } from 'vitest';
import { summaryLine } from '../../src/lab/evidence/describe.js';
import { labTimeline } from '../../src/lab/evidence/lab-timeline.js';
import { reportText } from '../../src/lab/evidence/write-evidence.js';
import { EXPERIMENT_TABLE } from '../../src/lab/experiments/index.js';
import { observedToken, reportedToken, tokenRank } from '../../src/lab/tokens/lab-token.js';
import type { LabResult, Observation } from '../../src/lab/types.js';

describe("ZooKeeper's czxid as a token", () => {
  it('is reported as [epoch, counter]; the other coordinators keep their integers', () => {
    expect(reportedToken('zookeeper', 0x100000005)).toEqual([1, 5]);
    expect(reportedToken('zookeeper', 7)).toEqual([0, 7]);
    expect(reportedToken('zookeeper', null)).toBeNull();
    expect(reportedToken('etcd', 0x100000005)).toBe(0x100000005);
    expect(observedToken('zookeeper', 0x200000001)).toEqual({ epoch: 2, token: 1 });
    expect(observedToken('redis', 9)).toEqual({ token: 9 });
    expect(tokenRank([2, 1])).toBeGreaterThan(tokenRank([1, 4]));
  });

  // A's czxid 0x100000004 (epoch 1), B's 0x200000001 (epoch 2, after a new leader): B's counter is the smaller.
  const obs: Observation[] = [
    { atMs: 100, actor: 'coordinator', kind: 'grant', token: 4, epoch: 1, note: 'A' },
    { atMs: 200, actor: 'A', kind: 'stop' },
    { atMs: 1300, actor: 'coordinator', kind: 'expiry-observed' },
    { atMs: 1400, actor: 'coordinator', kind: 'grant', token: 1, epoch: 2, note: 'B' },
    { atMs: 1500, actor: 'B', kind: 'write', mode: 'plain', value: 'B-current', token: 1, epoch: 2, status: 200, accepted: true },
    { atMs: 1510, actor: 'B', kind: 'write', mode: 'fenced', value: 'B-current', token: 1, epoch: 2, status: 200, accepted: true },
    { atMs: 1600, actor: 'A', kind: 'resume' },
    { atMs: 1700, actor: 'A', kind: 'write', mode: 'plain', value: 'A-late', token: 4, epoch: 1, status: 200, accepted: true },
    { atMs: 1710, actor: 'A', kind: 'write', mode: 'fenced', value: 'A-late', token: 4, epoch: 1, status: 409, accepted: false },
  ];
  const result: LabResult = {
    schemaVersion: 1,
    version: '0.0.0',
    experiment: 'late-write',
    coordinator: 'zookeeper',
    ttlMs: 1000,
    requestedTtlMs: 1000,
    tokens: { A: [1, 4], B: [2, 1] },
    lockValues: { A: '0x100000004', B: '0x200000001' },
    observedExpiryWaitMs: 1200,
    stoppedAfterMs: 100,
    modes: {
      plain: { final: { value: 'A-late', token: [1, 4] } },
      fenced: {
        lateWrite: { status: 409, accepted: false, body: { reason: 'stale token 4294967300 < mark 8589934593' } },
        final: { value: 'B-current', token: [2, 1], hwm: [2, 1] },
      },
    },
    verdict: 'expected',
    checks: [{ ok: true, text: 'fine' }],
    durationMs: 2000,
    sink: { url: 'http://127.0.0.1:1', database: '/tmp/x/sink.sqlite' },
    pids: { A: 1, B: 2, sink: [3] },
    observations: obs,
    startedAt: new Date(0).toISOString(),
    outDir: '/tmp/x',
  };

  it("is drawn epoch:counter in the timeline, and A accepted after B's grant is marked stale though its counter is larger", () => {
    const model = labTimeline(result);
    const coordinator = model.lanes.find((l) => l.id === 'coordinator')!;
    expect(coordinator.marks.filter((m) => m.kind === 'grant').map((m) => ('token' in m ? m.token : undefined))).toEqual([
      [1, 4],
      [2, 1],
    ]);
    expect((model.notes ?? []).map((n) => n.text)).toContain('A is granted the lock with token 1:4.');
    const plain = model.lanes.find((l) => l.id === 'sink-plain')!;
    const late = plain.marks.find((m) => 'actor' in m && m.actor === 'A')!;
    expect('stale' in late && late.stale).toBe(true);
    const fromB = plain.marks.find((m) => 'actor' in m && m.actor === 'B')!;
    expect('stale' in fromB).toBe(false);
  });

  it('reads epoch:counter in the summary line and the report', () => {
    expect(summaryLine(result, true)).toContain('tokens A 1:4, B 2:1;');
    const report = reportText(result, EXPERIMENT_TABLE['late-write']);
    expect(report).toContain('Tokens       A 1:4, B 2:1\n');
    expect(report).toContain('final        value "B-current", token 2:1, mark 2:1');
  });
});
