/**
 * The ZooKeeper server the lab will start (issue 35, its building block):
 * QuorumPeerMain in the foreground through the lab's launcher, on 127.0.0.1
 * and a port we chose, only `ruok` and `srvr` whitelisted, the admin server
 * off; standalone, its zxids start at epoch 0. Gone with its data after
 * stop(). Skips loudly without the zookeeper package (java and the jar).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UNRECORDED } from '../../src/lab/coordinator/etcd-launcher.js';
import { findZooKeeper, fourLetterWord, zookeeperSpec } from '../../src/lab/coordinator/zookeeper/zookeeper-server.js';
import { isAlive } from '../../src/lab/processes/proc.js';
import { launchServer } from '../../src/lab/servers/launch-server.js';

const install = findZooKeeper();
const skip = install === undefined && process.env.FENCE_REQUIRE_TOOLS !== '1';
if (skip) console.warn('\n*** SKIPPING the ZooKeeper server test: it is not installed (apt-get install zookeeper) ***\n');

describe.skipIf(skip)('a throwaway ZooKeeper', { timeout: 60_000 }, () => {
  it('answers ruok on 127.0.0.1, standalone at zxid epoch 0, whitelists only ruok and srvr, and is gone after stop()', async () => {
    if (!install) throw new Error('ZooKeeper is required (FENCE_REQUIRE_TOOLS=1) but java or /usr/share/java/zookeeper.jar is missing');
    const server = await launchServer(zookeeperSpec(install), { recorder: UNRECORDED });
    const pid = server.process.pid;
    try {
      const port = server.ports[0]!;
      const srvr = await fourLetterWord(port, 'srvr');
      expect(srvr).toMatch(/^Mode: standalone$/m);
      expect(srvr).toMatch(/^Zxid: 0x[0-9a-f]{1,8}$/m);
      // A word the lab does not use is refused by the whitelist.
      expect(await fourLetterWord(port, 'stat' as 'srvr')).toMatch(/not executed because it is not in the whitelist/);
      expect(server.process.argv).toContain('org.apache.zookeeper.server.quorum.QuorumPeerMain');
    } finally {
      await server.stop();
    }
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(server.dir)).toBe(false);
  });
});
