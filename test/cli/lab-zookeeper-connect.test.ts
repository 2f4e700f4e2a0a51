/**
 * `--zookeeper-connect HOST:PORT[,...]` (issue 35): a ZooKeeper the user runs
 * is used and never stopped, so the experiments that kill or restart their
 * server refuse it, in one line naming the fix, exit 2, before anything starts
 * (as `--etcd-endpoints` and `--redis-url` do). In process: no server needed.
 */
import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../helpers/cli-in-process.js';

const connect = ['--zookeeper-connect', '127.0.0.1:2181'];

describe('lab --zookeeper-connect', () => {
  it.each([
    [
      ['--experiment', 'failover', '--coordinator', 'zookeeper', ...connect],
      'kills the ZooKeeper leader, so it never uses an ensemble it did not start. Fix: leave out --zookeeper-connect',
    ],
    [['--experiment', 'coordinator-restart', '--coordinator', 'zookeeper', ...connect], 'Fix: use --coordinator redis'],
    [['--experiment', 'coordinator-restart', ...connect], '--zookeeper-connect needs --coordinator zookeeper'],
    [['--coordinator', 'zookeeper', '--zookeeper-connect', 'http://127.0.0.1:2181'], 'not HOST:PORT[,HOST:PORT...]. Fix: e.g. 127.0.0.1:2181'],
    [['--coordinator', 'zookeeper', ...connect, '--zookeeper-home', '/usr/share/java'], 'give one of them'],
  ])('%j: exit 2, one line saying %s', async (args, words) => {
    const r = await run(['lab', ...args]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(words);
    expect(r.stdout).toBe('');
  });
});
