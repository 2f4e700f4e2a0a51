/**
 * A throwaway ZooKeeper for one run, through the lab's one launcher: `java
 * QuorumPeerMain <cfg>` in the foreground (never `zkServer.sh start`, which
 * forks away from the process group), bound to 127.0.0.1 on a port we pick,
 * its data in the run's temp dir, the admin server off and only the
 * four-letter words the lab uses whitelisted. Its timing and heap are fixed
 * here, in one place. Ready means `ruok` is answered `imok`.
 *
 * The building block of issue 35's ZooKeeper coordinator (its client and lock
 * recipe are not wired yet); tested on its own.
 */
import { statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { findExecutable } from '../../servers/find-executable.js';
import type { ServerSpec } from '../../servers/launch-server.js';

export const ZOOKEEPER_INSTALL_HINT =
  'ZooKeeper was not found (java and /usr/share/java/zookeeper.jar). Install it (Debian/Ubuntu: `sudo apt-get install zookeeper`), or pass --zookeeper-home DIR';

/** tickTime 200 ms: sessions of 0.4 to 4 s (2 to 20 ticks); init and sync limits for an election within about a second. */
export const ZOOKEEPER_TIMING = { tickTimeMs: 200, initLimit: 10, syncLimit: 5, heap: '128m' } as const;
export const FOUR_LETTER_WORDS = ['ruok', 'srvr'] as const;

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

export function zookeeperConfig(dir: string, clientPort: number): string {
  return [
    `tickTime=${ZOOKEEPER_TIMING.tickTimeMs}`,
    `initLimit=${ZOOKEEPER_TIMING.initLimit}`,
    `syncLimit=${ZOOKEEPER_TIMING.syncLimit}`,
    `dataDir=${join(dir, 'data')}`,
    `clientPort=${clientPort}`,
    'clientPortAddress=127.0.0.1',
    'admin.enableServer=false',
    `4lw.commands.whitelist=${FOUR_LETTER_WORDS.join(',')}`,
    '',
  ].join('\n');
}

export function zookeeperSpec(install: ZooKeeperInstall): ServerSpec {
  return {
    role: 'zookeeper',
    tempPrefix: 'fence-tutor-zookeeper',
    portCount: 1,
    prepare: ([port], dir) => writeFileSync(join(dir, 'zoo.cfg'), zookeeperConfig(dir, port!)),
    argv: (_ports, dir) => [
      install.java,
      `-Xmx${ZOOKEEPER_TIMING.heap}`,
      '-cp',
      install.jar,
      'org.apache.zookeeper.server.quorum.QuorumPeerMain',
      join(dir, 'zoo.cfg'),
    ],
    ready: async ([port]) => (await fourLetterWord(port!, 'ruok')) === 'imok',
    readyTimeoutMs: 30_000,
  };
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
