/**
 * A throwaway ZooKeeper for one run, through the lab's one launcher: `java
 * QuorumPeerMain <cfg>` in the foreground (never `zkServer.sh start`, which
 * forks away from the process group), bound to 127.0.0.1 on a port we pick,
 * its data in the run's temp dir, the admin server off and only the
 * four-letter words the lab uses whitelisted. Its timing and heap are fixed
 * here, in one place. Ready means `srvr` reports the server's mode.
 *
 */
import { statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { findExecutable } from '../../servers/find-executable.js';
import type { ServerSpec } from '../../servers/launch-server.js';
import type { CoordinatorServer } from '../servers.js';

export const ZOOKEEPER_INSTALL_HINT =
  'ZooKeeper was not found (java and /usr/share/java/zookeeper.jar). Install it (Debian/Ubuntu: `sudo apt-get install zookeeper`), or pass --zookeeper-home DIR';

/**
 * Every ZooKeeper the lab starts (standalone, and each member of the failover
 * ensemble) runs with these, recorded in the evidence. tickTime 200 ms:
 * sessions of 0.4 to 4 s (2 to 20 ticks). A killed leader's sockets close at
 * once, so the followers notice it without waiting out a tick limit and elect
 * within about a second; the limits are generous instead, so that a member
 * slowed by a loaded machine is not dropped (initLimit 25 ticks = 5 s for a
 * follower's first sync, syncLimit 10 ticks = 2 s behind the leader).
 */
export const ZOOKEEPER_TIMING = { tickTimeMs: 200, initLimit: 25, syncLimit: 10, heap: '128m' } as const;
const FOUR_LETTER_WORDS = ['ruok', 'srvr'] as const;

export interface ZooKeeperInstall {
  java: string;
  /** zookeeper.jar, whose manifest names its dependencies in /usr/share/java. */
  jar: string;
}

/** Found by looking for files (never by starting a JVM): java on PATH, the jar under `home` or Debian's /usr/share/java. */
export function findZooKeeper(home = '/usr/share/java'): ZooKeeperInstall | undefined {
  const java = findExecutable(['java']);
  const jar = join(home, 'zookeeper.jar');
  if (!java || !isFile(jar)) return undefined;
  return { java, jar };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The config file; `servers` (`server.N=127.0.0.1:quorum:election` lines) makes it an ensemble member. */
export function zookeeperConfig(dir: string, clientPort: number, servers: string[] = []): string {
  return [
    `tickTime=${ZOOKEEPER_TIMING.tickTimeMs}`,
    `initLimit=${ZOOKEEPER_TIMING.initLimit}`,
    `syncLimit=${ZOOKEEPER_TIMING.syncLimit}`,
    `dataDir=${join(dir, 'data')}`,
    `clientPort=${clientPort}`,
    'clientPortAddress=127.0.0.1',
    'admin.enableServer=false',
    `4lw.commands.whitelist=${FOUR_LETTER_WORDS.join(',')}`,
    ...servers,
    '',
  ].join('\n');
}

export function zookeeperSpec(install: ZooKeeperInstall): ServerSpec {
  return {
    role: 'zookeeper',
    tempPrefix: 'fence-tutor-zookeeper',
    portCount: 1,
    prepare: ([port], dir) => writeFileSync(join(dir, 'zoo.cfg'), zookeeperConfig(dir, port!)),
    argv: (_ports, dir) => zookeeperArgv(install, join(dir, 'zoo.cfg')),
    // Not `ruok`: it answers imok before the server serves requests; `srvr` reports a mode only once it does.
    ready: async ([port]) => /^Mode: /m.test(await fourLetterWord(port!, 'srvr')),
    readyTimeoutMs: 30_000,
  };
}

/** QuorumPeerMain in the foreground (never zkServer.sh, which forks away from the process group). */
export function zookeeperArgv(install: ZooKeeperInstall, config: string): string[] {
  return [install.java, `-Xmx${ZOOKEEPER_TIMING.heap}`, '-cp', install.jar, 'org.apache.zookeeper.server.quorum.QuorumPeerMain', config];
}

/** What `srvr` says of a server: its mode (leader, follower, standalone) and its last zxid; undefined while it serves nothing. */
export async function serverState(port: number, timeoutMs = 1000): Promise<{ mode: string; zxid: bigint } | undefined> {
  const answer = await fourLetterWord(port, 'srvr', timeoutMs);
  const mode = /^Mode: (\w+)$/m.exec(answer)?.[1];
  const zxid = /^Zxid: (0x[0-9a-f]+)$/m.exec(answer)?.[1];
  return mode && zxid ? { mode, zxid: BigInt(zxid) } : undefined;
}

/** Sends a four-letter word and returns the whole answer ('' when none came). */
export function fourLetterWord(port: number, word: (typeof FOUR_LETTER_WORDS)[number], timeoutMs = 1000): Promise<string> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    const done = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, done);
    socket.once('error', done);
    socket.once('connect', () => socket.write(word));
    socket.on('data', (d) => {
      answer += d.toString('utf8');
    });
    socket.once('end', done);
  });
}

export const ZOOKEEPER_SERVER: CoordinatorServer = {
  given: (options) => (options.zookeeperConnect ? [options.zookeeperConnect] : undefined),
  find: (options) => findZooKeeper(options.zookeeperHome)?.java,
  missing: (options) =>
    options.zookeeperHome ? `${options.zookeeperHome} holds no zookeeper.jar (or java is missing). ${ZOOKEEPER_INSTALL_HINT}` : ZOOKEEPER_INSTALL_HINT,
  // find() said both are there; the jar comes from the same place.
  spec: (_java, options) => zookeeperSpec(findZooKeeper(options.zookeeperHome)!),
  endpoints: ([port]) => [`127.0.0.1:${port}`],
};
