/**
 * The ZooKeeper server the lab will start (issue 35, its building block):
 * QuorumPeerMain in the foreground through the lab's launcher, on 127.0.0.1
 * and a port we chose, only `ruok` and `srvr` whitelisted, the admin server
 * off; standalone, its zxids start at epoch 0. Gone with its data after
 * stop(). Skips loudly without the zookeeper package (java and the jar).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import zookeeper from 'node-zookeeper-client';
import { describe, expect, it } from 'vitest';
import { UNRECORDED } from '../../src/lab/coordinator/etcd-launcher.js';
import { findZooKeeper, fourLetterWord, zookeeperSpec } from '../../src/lab/coordinator/zookeeper/zookeeper-server.js';
import { isAlive } from '../../src/lab/processes/proc.js';
import { launchServer } from '../../src/lab/servers/launch-server.js';
import type { LabResult } from '../../src/lab/types.js';
import { ensureBuilt, runCli, tempHome, toolMissing } from './helpers.js';
import { leftovers } from './leftovers.js';

const install = findZooKeeper();
// toolMissing('java') is the guard scripts/tool-budget.mjs counts as ZooKeeper; the jar is looked for beside it.
const skip = toolMissing('java') || (install === undefined && process.env.FENCE_REQUIRE_TOOLS !== '1');
if (skip) console.warn('\n*** SKIPPING the ZooKeeper server test: it is not installed (apt-get install zookeeper) ***\n');

describe.skipIf(skip)('a throwaway ZooKeeper', { timeout: 60_000 }, () => {
  it('answers ruok and srvr on 127.0.0.1, standalone at zxid epoch 0, whitelists only ruok and srvr, and is gone after stop()', async () => {
    if (!install) throw new Error('ZooKeeper is required (FENCE_REQUIRE_TOOLS=1) but java or /usr/share/java/zookeeper.jar is missing');
    const server = await launchServer(zookeeperSpec(install), { recorder: UNRECORDED });
    const pid = server.process.pid;
    try {
      const port = server.ports[0]!;
      expect(await fourLetterWord(port, 'ruok')).toBe('imok');
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

describe.skipIf(skip)('lab --coordinator zookeeper', { timeout: 60_000 }, () => {
  it("late-write: the lock recipe's czxid as the token, B above A, fenced rejects A; nothing left", async () => {
    ensureBuilt();
    const home = tempHome('lab-zookeeper-');
    const run = await runCli(['lab', '--json', '--ttl', '1', '--coordinator', 'zookeeper'], { FENCE_TUTOR_HOME: home }, 60_000);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as LabResult;
    expect(result.verdict, JSON.stringify(result.checks)).toBe('expected');
    // The token is the czxid as [epoch, counter] (conventions, "Tokens on screen"); a standalone server's epoch is 0.
    const [epochA, counterA] = result.tokens.A as [number, number];
    const [epochB, counterB] = result.tokens.B as [number, number];
    expect([epochA, epochB]).toEqual([0, 0]);
    expect(counterB).toBeGreaterThan(counterA);
    // The raw czxid beside it, in hex.
    expect(result.lockValues).toEqual({ A: `0x${counterA.toString(16)}`, B: `0x${counterB.toString(16)}` });
    // The fenced sink's mark is B's token, shown as the pair too.
    expect(result.modes.fenced?.final).toEqual({ value: 'B-current', token: [0, counterB], hwm: [0, counterB] });
    // The session timeout plays the TTL: what the server negotiated (2 to 20 ticks of 200 ms).
    expect(result.ttlMs).toBe(1000);
    expect(result.modes.fenced?.lateWrite?.status).toBe(409);
    expect(result.modes.plain?.final.value).toBe('A-late');
    expect(result.serverStartMs).toBeGreaterThan(0);
    for (const f of ['run.json', 'report.txt', 'timeline.txt', 'sink.sqlite']) expect(existsSync(join(result.outDir, f))).toBe(true);
    // Printed as the conventions say: the counter alone while the epoch is 0.
    expect(readFileSync(join(result.outDir, 'report.txt'), 'utf8')).toContain(`Tokens       A ${counterA}, B ${counterB}\n`);
    expect(existsSync(result.server!.dir)).toBe(false);
    expect(await leftovers(home)).toEqual([]);
  });

  it('--zookeeper-connect: a ZooKeeper the user runs is used and never stopped; the run leaves none of its znodes', async () => {
    ensureBuilt();
    const own = await launchServer(zookeeperSpec(install!), { recorder: UNRECORDED });
    try {
      const connect = `127.0.0.1:${own.ports[0]}`;
      const home = tempHome('lab-zookeeper-');
      const run = await runCli(
        ['lab', '--json', '--ttl', '1', '--coordinator', 'zookeeper', '--zookeeper-connect', connect],
        { FENCE_TUTOR_HOME: home },
        60_000,
      );
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout) as LabResult;
      expect(result.verdict, JSON.stringify(result.checks)).toBe('expected');
      expect(result.serverStartMs).toBeUndefined();
      expect(result.server).toBeUndefined();
      expect(own.process.isRunning()).toBe(true);
      expect(await fourLetterWord(own.ports[0]!, 'srvr')).toMatch(/^Mode: standalone$/m);
      // The run's own node under /fence-tutor/lab is gone with its lock children.
      const client = zookeeper.createClient(connect, { sessionTimeout: 4000 });
      await new Promise<void>((resolve) => {
        client.once('connected', () => resolve());
        client.connect();
      });
      try {
        const children = await new Promise<string[]>((resolve, reject) =>
          client.getChildren('/fence-tutor/lab', (err, names) => (err ? reject(err) : resolve(names))),
        );
        expect(children).toEqual([]);
      } finally {
        client.close();
      }
      expect(await leftovers(home)).toEqual([]);
    } finally {
      await own.stop();
    }
  });
});
