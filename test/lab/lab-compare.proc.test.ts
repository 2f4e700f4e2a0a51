/**
 * `lab --compare` (issue 35): late-write on every coordinator the lab can
 * start, one JSON row each with coordinator, installed, tokens, modes and
 * verdict; exit 0 when every installed one gave its expected verdict. A system
 * that is not installed is a row saying what to install (compareTable below).
 * The flags it refuses exit 2 (in process: test/cli/lab-usage-errors.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { type CompareRow, compareTable } from '../../src/cli/lab/lab-compare.js';
import { tokenRank } from '../../src/lab/tokens/lab-token.js';
import { ensureBuilt, runCli, tempHome, toolMissing } from './helpers.js';
import { leftovers } from './leftovers.js';

const skip = toolMissing('etcd') || toolMissing('redis-server') || toolMissing('java');

// One run with --with-failover serves both: the late-write rows, and each system's failover or restart beside them.
describe.skipIf(skip)('lab --compare --with-failover --json', { timeout: 240_000 }, () => {
  it('one row per system, each installed one expected, with its tokens and sinks, and the failovers; nothing left', async () => {
    ensureBuilt();
    const home = tempHome('lab-compare-');
    const run = await runCli(['lab', '--compare', '--with-failover', '--json', '--ttl', '1'], { FENCE_TUTOR_HOME: home }, 240_000);
    expect(run.code, run.stderr).toBe(0);
    const { rows } = JSON.parse(run.stdout) as { rows: CompareRow[] };
    expect(rows.map((r) => [r.label, r.installed, r.verdict])).toEqual([
      ['embedded', true, 'expected'],
      ['etcd', true, 'expected'],
      ['redis', true, 'expected'],
      ['redis --token incr', true, 'expected'],
      ['zookeeper', true, 'expected'],
    ]);
    const byLabel = new Map(rows.map((r) => [r.label, r]));
    expect(byLabel.get('redis')?.tokens).toEqual({ A: null, B: null });
    expect(byLabel.get('redis')?.modes?.fenced).toEqual({ value: null, bWrite: 409, lateWrite: 409 });
    for (const label of ['embedded', 'etcd', 'redis --token incr', 'zookeeper']) {
      const row = byLabel.get(label)!;
      // ZooKeeper's are [epoch, counter] pairs: ranked as the pair orders (epoch first).
      expect(tokenRank(row.tokens!.B)).toBeGreaterThan(tokenRank(row.tokens!.A));
      expect(row.modes?.fenced).toEqual({ value: 'B-current', bWrite: 200, lateWrite: 409 });
    }
    expect(byLabel.get('zookeeper')?.tokens?.A).toEqual([0, expect.any(Number)]);
    for (const row of rows) expect(row.modes?.plain?.value).toBe('A-late');
    expect(rows.map((r) => [r.label, r.failover?.experiment, r.failover?.verdict])).toEqual([
      ['embedded', undefined, undefined],
      ['etcd', 'failover', 'expected'],
      ['redis', undefined, undefined],
      ['redis --token incr', 'coordinator-restart', 'expected'],
      ['zookeeper', 'failover', 'expected'],
    ]);
    // ZooKeeper's failover: B's czxid carries the new leader's epoch, above A's.
    const zkFailover = byLabel.get('zookeeper')!.failover!;
    expect((zkFailover.tokens.B as [number, number])[0]).toBeGreaterThan((zkFailover.tokens.A as [number, number])[0]);
    expect(zkFailover.modes.fenced).toEqual({ value: 'B-current', bWrite: 200, lateWrite: 409 });
    expect(await leftovers(home)).toEqual([]);
  });
});

describe('lab --compare', { concurrent: true, timeout: 60_000 }, () => {
  it('a system that is not installed is a row saying what to install', ({ expect }) => {
    const lines = compareTable([
      { coordinator: 'redis', label: 'redis', installed: false, install: 'not installed: apt-get install redis-server', token: 'none' },
      {
        coordinator: 'etcd',
        label: 'etcd',
        installed: true,
        token: "the lock key's create_revision",
        tokens: { A: 2, B: 4 },
        modes: { plain: { value: 'A-late', bWrite: 200, lateWrite: 200 }, fenced: { value: 'B-current', bWrite: 200, lateWrite: 409 } },
        verdict: 'expected',
      },
    ]);
    expect(lines.find((l) => l.includes('redis'))).toMatch(/redis\s+not installed: apt-get install redis-server$/);
    expect(lines.find((l) => l.includes('etcd'))).toMatch(/etcd .* 2\s+4\s+A-late \(A 200\)\s+B-current \(A 409\)\s+expected$/);
  });

  it("ZooKeeper's czxid shows as the conventions say: the counter while the epoch is 0, epoch:counter after", ({ expect }) => {
    const sinks = { plain: { value: 'A-late', bWrite: 200, lateWrite: 200 }, fenced: { value: 'B-current', bWrite: 200, lateWrite: 409 } };
    const lines = compareTable([
      { coordinator: 'zookeeper', label: 'zookeeper', installed: true, token: 'czxid', tokens: { A: [0, 3], B: [0, 6] }, modes: sinks, verdict: 'expected' },
      {
        coordinator: 'zookeeper',
        label: 'zookeeper',
        installed: true,
        token: 'czxid',
        tokens: { A: [1, 4], B: [2, 1] },
        modes: sinks,
        verdict: 'expected',
        failover: { experiment: 'failover', verdict: 'expected', tokens: { A: [1, 4], B: [2, 1] }, modes: sinks, outDir: '/x' },
      },
    ]);
    expect(lines[2]).toMatch(/czxid\s+3\s+6\s/);
    expect(lines[3]).toMatch(/czxid\s+1:4\s+2:1\s/);
    expect(lines[3]).toMatch(/failover: expected, tokens A 1:4 B 2:1$/);
  });
});
