/**
 * The lab's machinery for the client exercises (which may not import the
 * lab): the learner's client child in its own process group, the embedded
 * coordinator (`lab-sink --role coordinator`), a throwaway etcd or
 * ZooKeeper (the lab's launcher, `--etcd-bin` and `--zookeeper-home`
 * honoured; ZooKeeper's code loaded only when asked for); all in a pidfile a later run reaps if
 * this one is killed, all ended on close, Ctrl-C and SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClientMachinery, ToolMissingError } from '../../exercises/clients/client-ports.js';
import { launchEtcd } from '../../lab/coordinator/etcd-launcher.js';
import { ETCD_INSTALL_HINT, findEtcd } from '../../lab/coordinator/find-coordinators.js';
import { binPath, LabChild, startService, within } from '../../lab/processes/children.js';
import { type ClientChildCommand, type ClientChildMessage, parseClientChildMessage } from '../../exercises/child-protocol.js';
import { RunPidfile, reapLeftovers } from '../../lab/processes/pidfile.js';
import { onCleanup } from '../../platform/cleanup.js';
import { dataSubdir } from '../../platform/data-dir.js';
import { guardedEnv, newGuardGroup, removeWhenGone, sweepGroup } from '../../platform/guard.js';

const ETCD_HINT = ETCD_INSTALL_HINT.replace(/, or use a running cluster.*$/, '');

export async function openClientMachinery(opts: { etcdBin?: string; zookeeperHome?: string } = {}): Promise<ClientMachinery> {
  const runDir = dataSubdir('run');
  await reapLeftovers(runDir);
  const runId = `exc-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const pidfile = new RunPidfile(runDir, runId);
  const enders: (() => Promise<void>)[] = [];

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      await Promise.all(enders.splice(0).map((end) => end().catch(() => undefined)));
      if (!pidfile.removeIfAllEnded()) process.stderr.write('fence-tutor: a child outlived its end; the next run reaps it\n');
    })();
    return closed;
  };
  const unregister = onCleanup(close);

  const killGroup = async (child: { pid: number; exited: Promise<unknown> }): Promise<void> => {
    for (const sig of ['SIGCONT', 'SIGKILL'] as const) {
      try {
        process.kill(-child.pid, sig);
      } catch {
        // The group is gone already.
      }
    }
    await within(child.exited, 2000);
  };

  return {
    startClientChild(file, requires, env, cwd) {
      const argv = [process.execPath, binPath(), 'exercise-client', '--file', file, '--requires', requires.join(','), '--run', runId];
      // A guard group of its own: the check's end ends it and every descendant, detached ones included.
      const group = newGuardGroup('client');
      const proc = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], detached: true, env: guardedEnv(env, group), cwd });
      // Lenient: the learner's code may print to stdout; only the child's own JSON lines are messages.
      const child = new LabChild<ClientChildMessage, ClientChildCommand>('your code', proc, argv, parseClientChildMessage, { lenient: true });
      pidfile.addChild({ role: 'exercise-client', pid: child.pid, argv });
      enders.push(async () => {
        await killGroup(child);
        sweepGroup(group);
      });
      return child;
    },
    async startCoordinator() {
      const stateDir = mkdtempSync(join(tmpdir(), 'fence-exercise-coordinator-'));
      pidfile.addTempDir(stateDir);
      removeWhenGone(stateDir);
      const child = startService('coordinator', ['--state-dir', stateDir, '--run', runId], pidfile);
      enders.push(async () => {
        await child.end();
        rmSync(stateDir, { recursive: true, force: true });
      });
      const ready = await child.waitFor(['ready', 'failed']);
      if (ready.ev === 'failed') throw new Error(`the embedded coordinator could not start: ${ready.message}`);
      return { url: `http://127.0.0.1:${ready.port}` };
    },
    async startEtcd() {
      const bin = findEtcd(opts.etcdBin);
      if (!bin) throw new ToolMissingError('etcd', ETCD_HINT);
      const etcd = await launchEtcd({
        bin,
        recorder: pidfile,
        // From its spawn on: a check interrupted while etcd starts ends it too.
        onProcess: (proc) => enders.push(proc.stop),
      });
      enders.push(etcd.stop);
      return { endpoint: etcd.endpoint };
    },
    async startZooKeeper() {
      const { findZooKeeper, zookeeperSpec, ZOOKEEPER_INSTALL_HINT } = await import('../../lab/coordinator/zookeeper/zookeeper-server.js');
      const { launchServer } = await import('../../lab/servers/launch-server.js');
      const install = findZooKeeper(opts.zookeeperHome);
      if (!install) throw new ToolMissingError('ZooKeeper', ZOOKEEPER_INSTALL_HINT);
      const server = await launchServer(zookeeperSpec(install), {
        recorder: pidfile,
        // From its spawn on: a check interrupted while ZooKeeper starts ends it too.
        onProcess: (proc) => enders.push(proc.stop),
      });
      enders.push(server.stop);
      return { connect: `127.0.0.1:${server.ports[0]}` };
    },
    async close() {
      await close();
      unregister();
    },
  };
}
