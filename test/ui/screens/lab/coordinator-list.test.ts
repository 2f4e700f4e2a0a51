/**
 * The Lab screen's coordinators: each one whose server is not found is marked
 * with the Debian package to install, found by looking for files (never by
 * starting anything); `c` cycles through all of them.
 */
import { describe, expect, it } from 'vitest';
import { coordinatorChoices, nextCoordinator } from '../../../../src/ui/screens/lab/coordinator-list.js';

describe('the Lab screen coordinators', () => {
  it('marks a coordinator whose executable is not found with its package; embedded needs nothing', () => {
    const looked: string[][] = [];
    const onlyEtcd = (names: readonly string[]) => {
      looked.push([...names]);
      return names.includes('etcd') ? '/usr/bin/etcd' : undefined;
    };
    expect(coordinatorChoices(onlyEtcd)).toEqual([
      { kind: 'embedded', needs: undefined },
      { kind: 'etcd', needs: undefined },
      { kind: 'redis', needs: 'redis-server' },
      { kind: 'zookeeper', needs: 'zookeeper' },
    ]);
    expect(looked).toEqual([['etcd'], ['redis-server'], ['java']]);
  });

  it('c cycles embedded, etcd, redis, zookeeper and back', () => {
    expect(['embedded', 'etcd', 'redis', 'zookeeper'].map((k) => nextCoordinator(k as 'etcd'))).toEqual(['etcd', 'redis', 'zookeeper', 'embedded']);
  });
});
