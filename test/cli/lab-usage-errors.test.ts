/**
 * The lab's and the exercises' flags that refuse to run (exit 2, one line
 * naming the fix) before any process starts: checked in process, as the
 * logic they are (issue 31); the runs themselves stay in the proc tier
 * (lab-redis, lab-compare, lab-zookeeper, zookeeper-lock, exercise-sink-cmd).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../helpers/cli-in-process.js';
import { tempHome } from '../lab/helpers.js';
import { leftovers } from '../lab/leftovers.js';

describe('lab: flags that refuse to run', () => {
  it.each([
    [['--experiment', 'coordinator-restart', '--redis-url', 'redis://127.0.0.1:6379'], 'leave out --redis-url'],
    [['--experiment', 'coordinator-restart', '--coordinator', 'etcd'], 'use --coordinator redis'],
    [['--experiment', 'coordinator-restart', '--token', 'none'], 'add --token incr'],
    [['--coordinator', 'embedded', '--token', 'incr'], '--token needs --coordinator redis'],
    [['--coordinator', 'redis', '--redis-url', 'http://x'], 'not a Redis URL'],
    [['--coordinator', 'etcd', '--redis-bin', '/usr/bin/redis-server'], '--redis-bin needs --coordinator redis'],
    [['--compare', '--experiment', 'split'], 'leave out --experiment'],
    [['--with-failover'], '--with-failover goes with --compare'],
  ] as const)('%j: exit 2, saying %s', async (args, words) => {
    const r = await run(['lab', ...args], { FENCE_TUTOR_HOME: tempHome('lab-usage-') });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(words);
    expect(r.stdout).toBe('');
  });

  it('a redis-server that is not there: one line naming the Debian package, exit 2, nothing left', async () => {
    const home = tempHome('lab-usage-');
    const r = await run(['lab', '--coordinator', 'redis', '--redis-bin', '/nonexistent/redis-server'], { FENCE_TUTOR_HOME: home });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('apt-get install redis-server');
    expect(await leftovers(home)).toEqual([]);
  });

  it('--zookeeper-home without the jar: one line naming the zookeeper package, exit 2', async () => {
    const r = await run(['lab', '--coordinator', 'zookeeper', '--zookeeper-home', '/nonexistent'], { FENCE_TUTOR_HOME: tempHome('lab-usage-') });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('apt-get install zookeeper');
  });
});

describe('exercise check: flags that refuse to run', () => {
  it('zookeeper-lock with --zookeeper-home without the jar: one line naming the zookeeper package, exit 2', async () => {
    const home = tempHome('exercise-usage-');
    const dir = mkdtempSync(join(tmpdir(), 'fence-zk-exercise-'));
    try {
      expect((await run(['exercise', 'start', 'zookeeper-lock', '--dir', dir], { FENCE_TUTOR_HOME: home })).status).toBe(0);
      const r = await run(['exercise', 'check', 'zookeeper-lock', '--dir', dir, '--zookeeper-home', '/nonexistent'], { FENCE_TUTOR_HOME: home });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('apt-get install zookeeper');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses --sink-cmd for an exercise that does not take it (exit 2, naming the ones that do)', async () => {
    const r = await run(['exercise', 'check', 'redo-on-reject', '--sink-cmd', 'true'], { FENCE_TUTOR_HOME: tempHome('exercise-usage-') });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/redo-on-reject does not take --sink-cmd\. Fix: use it with fence-the-sink, early-write, durable-mark, idempotent-retry/);
  });
});
