/** scripts/tool-budget.mjs: the per-tool wall time that test/README.md's budget table keeps. */
import { describe, expect, it } from 'vitest';
import { budget, fileTimes } from '../../scripts/tool-budget.mjs';

const log = [
  ' \u001b[32m✓\u001b[39m \u001b[30;46m unit \u001b[49;39m test/build/wait-bounds.test.ts (4 tests) 36ms',
  ' ✓  serial  test/lab/lab-cluster-tty.pty.test.ts (3 tests) 6626ms',
  '     ✓ runs in the Lab screen  3123ms',
  ' ✓ |processes| test/lab/lab-compare.proc.test.ts (2 tests) 19.6s',
  ' ×  processes  test/lab/lab-redis.proc.test.ts (5 tests | 1 failed) 11103ms',
  ' ✓  processes  test/exercises/zookeeper-lock.proc.test.ts (9 tests) 14400ms',
].join('\n');

const sources: Record<string, string> = {
  'test/build/wait-bounds.test.ts': 'nothing started here',
  'test/lab/lab-cluster-tty.pty.test.ts': "toolMissing('etcd')",
  'test/lab/lab-compare.proc.test.ts': "toolMissing('etcd') toolMissing('java') toolMissing('redis-server') postgresMissing()",
  'test/lab/lab-redis.proc.test.ts': "toolMissing('redis-server')",
  'test/exercises/zookeeper-lock.proc.test.ts': 'const skip = zookeeperMissing();',
};

describe('tool budget', () => {
  it('reads each file line (coloured badge, plain badge or pipes; ms or s; failed files too) and no test line', () => {
    expect([...fileTimes(log)]).toEqual([
      ['test/build/wait-bounds.test.ts', 36],
      ['test/lab/lab-cluster-tty.pty.test.ts', 6626],
      ['test/lab/lab-compare.proc.test.ts', 19600],
      ['test/lab/lab-redis.proc.test.ts', 11103],
      ['test/exercises/zookeeper-lock.proc.test.ts', 14400],
    ]);
  });

  it('sums each tool over the files that start it; a file with several tools counts in each row', () => {
    const table = budget(fileTimes(log), (file) => sources[file] ?? '');
    const row = (tool: string) => {
      const found = table.find((r) => r.tool === tool);
      if (!found) throw new Error(`no row for ${tool}`);
      return found;
    };
    const rows = { etcd: row('etcd'), Redis: row('Redis'), ZooKeeper: row('ZooKeeper'), tmux: row('tmux'), Chromium: row('Chromium') };
    expect(rows.etcd.files).toEqual(['test/lab/lab-cluster-tty.pty.test.ts', 'test/lab/lab-compare.proc.test.ts']);
    expect(rows.etcd.ms).toBe(6626 + 19600);
    expect(rows.Redis.ms).toBe(19600 + 11103);
    expect(rows.ZooKeeper.files).toEqual(['test/exercises/zookeeper-lock.proc.test.ts', 'test/lab/lab-compare.proc.test.ts']);
    expect(rows.tmux.files).toEqual(['test/lab/lab-cluster-tty.pty.test.ts']);
    expect(rows.Chromium.files).toEqual([]);
  });
});
