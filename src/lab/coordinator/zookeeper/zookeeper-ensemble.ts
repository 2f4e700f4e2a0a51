/**
 * A three-member ZooKeeper ensemble for the failover experiment, through the
 * lab's one server machinery (src/lab/servers/): on 127.0.0.1, three ports
 * per member that we chose (client, quorum, election), each member's data dir
 * with its `myid` under one temp root recorded in the pidfile before it
 * exists, each member recorded before its spawn and in its own process group.
 * Timing and heap come from ZOOKEEPER_TIMING (zookeeper-server.ts), the one
 * place they are set. Ready means every member serves, one as the leader.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../../../platform/error-message.js';
import { delay } from '../../processes/children.js';
import { freePorts } from '../../servers/free-port.js';
import { makeRecordedTempDir } from '../../servers/run-temp-dir.js';
import { type ServerProcess, startServerProcess } from '../../servers/server-process.js';
import type { ServerRecorder } from '../../servers/spawn-server.js';
import { LabAbortedError, LabUnavailableError } from '../../types.js';
import { serverState, type ZooKeeperInstall, zookeeperArgv, zookeeperConfig } from './zookeeper-server.js';

const READY_TIMEOUT_MS = 30_000;
const PORT_TAKEN = /address already in use|BindException/i;

export interface EnsembleMember {
  /** The member's `myid`. */
  readonly id: number;
  readonly clientPort: number;
  readonly quorumPort: number;
  readonly electionPort: number;
  readonly process: ServerProcess;
}

export class ZooKeeperEnsemble {
  constructor(
    readonly root: string,
    readonly members: EnsembleMember[],
    readonly startMs: number,
  ) {}

  /** The connect string of these members (all of them, or the survivors). */
  static connect(members: readonly EnsembleMember[]): string {
    return members.map((m) => `127.0.0.1:${m.clientPort}`).join(',');
  }

  get connectString(): string {
    return ZooKeeperEnsemble.connect(this.members);
  }

  /** Every member ended and the temp root removed, whatever state they are in. */
  async stop(): Promise<void> {
    await Promise.all(this.members.map((m) => m.process.stop()));
    rmSync(this.root, { recursive: true, force: true });
  }
}

export async function launchEnsemble(
  install: ZooKeeperInstall,
  opts: { recorder: ServerRecorder; stopping?: () => boolean; count?: number },
): Promise<ZooKeeperEnsemble> {
  const count = opts.count ?? 3;
  const started = performance.now();
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    if (opts.stopping?.()) throw new LabAbortedError();
    const ports = await freePorts(count * 3);
    const root = makeRecordedTempDir('fence-tutor-zookeeper-ensemble', opts.recorder);
    const at = (i: number) => ({ id: i + 1, clientPort: ports[3 * i]!, quorumPort: ports[3 * i + 1]!, electionPort: ports[3 * i + 2]! });
    const layout = Array.from({ length: count }, (_, i) => at(i));
    const servers = layout.map((m) => `server.${m.id}=127.0.0.1:${m.quorumPort}:${m.electionPort}`);
    const members: EnsembleMember[] = [];
    const ensemble = new ZooKeeperEnsemble(root, members, 0);
    try {
      for (const m of layout) {
        if (opts.stopping?.()) break;
        const dir = join(root, `member-${m.id}`);
        mkdirSync(join(dir, 'data'), { recursive: true });
        writeFileSync(join(dir, 'data', 'myid'), `${m.id}\n`);
        writeFileSync(join(dir, 'zoo.cfg'), zookeeperConfig(dir, m.clientPort, servers));
        const proc = startServerProcess('zookeeper', zookeeperArgv(install, join(dir, 'zoo.cfg')), join(dir, 'zookeeper.log'), opts.recorder);
        members.push({ ...m, process: proc });
      }
      if (members.length === count) {
        await waitReady(members, opts.stopping);
        return new ZooKeeperEnsemble(root, members, performance.now() - started);
      }
    } catch (err) {
      lastError = `${errorMessage(err)}\n${members.map((m) => logTail(m.process)).join('\n')}`.trim();
    }
    await ensemble.stop();
    if (opts.stopping?.()) throw new LabAbortedError();
    if (!PORT_TAKEN.test(lastError)) break;
  }
  throw new LabUnavailableError(`the throwaway ZooKeeper ensemble did not become ready${lastError ? `:\n${lastError}` : ''}`);
}

/** Every member serves (srvr reports a mode), and exactly one of them leads. */
async function waitReady(members: EnsembleMember[], stopping?: () => boolean): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (stopping?.()) throw new LabAbortedError();
    const dead = members.find((m) => !m.process.isRunning());
    if (dead) throw new Error(`member ${dead.id} exited while starting`);
    const modes = await Promise.all(members.map(async (m) => (await serverState(m.clientPort, 500))?.mode));
    if (modes.every((mode) => mode === 'leader' || mode === 'follower') && modes.filter((mode) => mode === 'leader').length === 1) return;
    if (performance.now() > deadline) throw new Error(`not every member served in ${READY_TIMEOUT_MS} ms (modes: ${modes.join(', ')})`);
    await delay(50);
  }
}

function logTail(proc: ServerProcess): string {
  try {
    return readFileSync(proc.logPath, 'utf8').trim().split('\n').slice(-3).join('\n');
  } catch {
    return '';
  }
}
