/**
 * How failover and restore results read, without etcd: the restore's two
 * token modes (D and C, tokens as the simulator prints them), the summary
 * line of each, and the report's cluster and restore sections.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeModes, outcomeWords, summaryLine } from '../../src/lab/evidence/describe.js';
import { EVIDENCE_FILES, reportText, writeEvidence } from '../../src/lab/evidence/write-evidence.js';
import { verdictLines } from '../../src/lab/plain-printer.js';
import { EXPERIMENT_TABLE } from '../../src/lab/experiments/index.js';
import type { LabResult } from '../../src/lab/types.js';

const ok = (body: Record<string, unknown> = {}) => ({ status: 200, accepted: true, body });
const refused = (body: Record<string, unknown> = {}) => ({ status: 409, accepted: false, body });

function base(experiment: 'failover' | 'restore'): LabResult {
  return {
    schemaVersion: 1,
    version: '0.0.0',
    experiment,
    coordinator: 'etcd',
    ttlMs: 2000,
    requestedTtlMs: 2000,
    tokens: { A: 2, B: 4 },
    observedExpiryWaitMs: Number.NaN,
    stoppedAfterMs: Number.NaN,
    modes: {},
    verdict: 'expected',
    checks: [{ ok: true, text: 'fine' }],
    durationMs: 4372,
    etcdStartMs: 866,
    sink: { url: 'http://127.0.0.1:1', database: '/tmp/x/sink.sqlite' },
    pids: { A: 1, B: 2, sink: [3] },
    observations: [],
    startedAt: new Date(0).toISOString(),
    outDir: '/tmp/x',
  };
}

const restoreResult: LabResult = {
  ...base('restore'),
  modes: {
    revision: {
      tokens: { A: 2, B: 4, C: 6, D: 4 },
      bWrite: ok(),
      dWrite: refused({ reason: 'stale token 4 < mark 6' }),
      lateWrite: ok(),
      final: { value: 'C-late', token: 6, hwm: 6 },
    },
    epoch: {
      tokens: { A: [0, 2], B: [0, 4], C: [0, 6], D: [1, 4] },
      bWrite: ok(),
      dWrite: ok(),
      lateWrite: refused({ reason: 'stale token 6 < mark 4294967300' }),
      final: { value: 'D-current', token: [1, 4], hwm: [1, 4] },
    },
  },
  restore: {
    snapshotRevision: 3,
    revisionBeforeRestore: 6,
    revisionAfterRestore: 3,
    epochBefore: 0,
    epochAfter: 1,
    epochFile: '/tmp/x/epoch',
    restoreCommand: ['etcdctl', 'snapshot', 'restore', 'snap.db'],
    restoreMs: 960,
  },
};

describe('restore results', () => {
  it('revision mode: D refused and C accepted (not protected); epoch mode the other way round, tokens as 1:4', () => {
    const [revision, epoch] = describeModes(restoreResult);
    expect(revision).toEqual({
      mode: 'revision',
      value: 'C-late',
      protected: false,
      holder: 'D',
      text: "D, the holder, refused (409): 4 is below the mark 6; C's late write accepted (200): 6 equals the mark",
    });
    expect(epoch).toEqual({
      mode: 'epoch',
      value: 'D-current',
      protected: true,
      holder: 'D',
      text: "D accepted with 1:4; C's late write refused (409): 6 is below 1:4",
    });
    // The outcome names the rightful holder after the restore (D), not the late-write experiment's B.
    expect(outcomeWords(revision!)).toBe("D's write LOST:");
    expect(outcomeWords(epoch!)).toBe("D's write kept:");
  });

  it('the summary line names the rewind and the epoch, not a lock expiry that never happened', () => {
    expect(summaryLine(restoreResult)).toBe('etcd restored from revision 6 to 3 in 0.96 s; epoch 0 → 1 · 4.37 s in all');
    // --ascii (lab's plain verdict line and the Lab screen): the same words, no arrow or middle dot.
    expect(summaryLine(restoreResult, true)).toBe('etcd restored from revision 6 to 3 in 0.96 s; epoch 0 -> 1; 4.37 s in all');
  });

  it('the report shows every token per mode, the final mark as 1:4, the restore, and no NaN', () => {
    const text = reportText(restoreResult, EXPERIMENT_TABLE.restore);
    expect(text).toContain('epoch    tokens       A 2, B 4, C 6, D 1:4');
    expect(text).toContain('epoch    final        value "D-current", token 1:4, mark 1:4');
    expect(text).toContain('Tokens       A 2, B 4, C 6, D 4\n');
    expect(text).toContain('snapshot saved at revision 3; etcd was at revision 6 when it was stopped');
    expect(text).toContain('epoch 0 -> 1 (file /tmp/x/epoch)');
    expect(text).not.toContain('NaN');
  });
});

describe('the mode column', () => {
  it('is as wide as "revision", so both modes\' values line up in the report and the plain verdict', () => {
    const report = reportText(restoreResult, EXPERIMENT_TABLE.restore).split('\n');
    const plain = verdictLines(restoreResult, false);
    for (const lines of [report, plain]) {
      const revision = lines.find((l) => /^ +revision +C-late/.test(l))!;
      const epoch = lines.find((l) => /^ +epoch +D-current/.test(l))!;
      expect(revision.indexOf('C-late')).toBe(epoch.indexOf('D-current'));
    }
    const writes = report.filter((l) => /^ {2}(revision|epoch) +B-current/.test(l));
    expect(writes).toHaveLength(2);
    expect(writes[0]!.indexOf('B-current')).toBe(writes[1]!.indexOf('B-current'));
  });
});

describe('failover results', () => {
  it('the summary line and the report carry the leader before and after, the election and the lease TTLs', () => {
    const result: LabResult = {
      ...base('failover'),
      observedExpiryWaitMs: 3720,
      stoppedAfterMs: 0.4,
      failover: {
        members: [{ name: 'member-1', memberId: '11', pid: 10, clientUrl: 'http://127.0.0.1:1' }],
        leaderBefore: 'member-1',
        leaderAfter: 'member-2',
        killedMember: 'member-1',
        killedPid: 10,
        electionMs: 716,
        leaseTtlBeforeS: 1,
        leaseTtlAfterS: 2,
        grantedTtlS: 2,
        bEndpoint: 'http://127.0.0.1:2',
      },
    };
    expect(summaryLine(result)).toBe(
      "tokens A 2, B 4 · lock seen gone 3.72 s after A's grant · leader member-1 killed, member-2 elected after 0.72 s; A's lease TTL 1 s before, 2 s after · 4.37 s in all",
    );
    const text = reportText(result, EXPERIMENT_TABLE.failover);
    expect(text).toContain('leader before member-1 (killed with SIGKILL, pid 10); leader after member-2');
    expect(text).toContain("A's lease TTL (timetolive, whole seconds): 1 s before the kill, 2 s after the election (granted 2 s)");
  });
});

describe("the report's commands to look for yourself", () => {
  it('quote the database path for the shell and ask sqlite3 for column headers', () => {
    const result: LabResult = {
      ...restoreResult,
      sink: { url: 'http://127.0.0.1:1', database: '/Users/ada/Library/Application Support/fence-tutor/sink.sqlite' },
    };
    const text = reportText(result, EXPERIMENT_TABLE.restore);
    expect(text).toContain("  sqlite3 -header -column '/Users/ada/Library/Application Support/fence-tutor/sink.sqlite' 'SELECT * FROM writes'");
    expect(text).toContain("  sqlite3 -header -column '/Users/ada/Library/Application Support/fence-tutor/sink.sqlite' 'SELECT * FROM resource'");
  });
});

describe('evidence files', () => {
  it('EVIDENCE_FILES is exactly what writeEvidence writes', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'fence-evidence-'));
    try {
      writeEvidence({ ...restoreResult, outDir }, EXPERIMENT_TABLE.restore);
      expect(readdirSync(outDir).sort()).toEqual([...EVIDENCE_FILES].sort());
      expect(EVIDENCE_FILES).toContain('run.json');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
