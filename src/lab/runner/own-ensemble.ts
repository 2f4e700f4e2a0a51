/**
 * The ZooKeeper ensemble an experiment starts for itself (failover on
 * ZooKeeper): looked for before anything starts (a missing java or jar is
 * the install line, exit 2), owned by the teardown from its launch on (an
 * interrupt while the members start ends them: the launch sees the teardown
 * and stops what it started), and its start reported apart from the run's.
 */
import { findZooKeeper, ZOOKEEPER_INSTALL_HINT } from '../coordinator/zookeeper/zookeeper-server.js';
import { launchEnsemble, type ZooKeeperEnsemble } from '../coordinator/zookeeper/zookeeper-ensemble.js';
import { LabAbortedError, type LabListener, type LabOptions, LabUnavailableError } from '../types.js';
import type { LabTeardown } from './lab-teardown.js';

export async function startOwnEnsemble(
  options: LabOptions,
  members: number,
  td: LabTeardown,
  listener: LabListener,
  t0: number,
): Promise<{ ensemble: ZooKeeperEnsemble; endpoints: string[]; startMs: number }> {
  const install = findZooKeeper(options.zookeeperHome);
  if (!install) {
    throw new LabUnavailableError(
      options.zookeeperHome ? `${options.zookeeperHome} holds no zookeeper.jar (or java is missing). ${ZOOKEEPER_INSTALL_HINT}` : ZOOKEEPER_INSTALL_HINT,
    );
  }
  listener({ type: 'step', id: 'server', status: 'started', text: `starting a throwaway ${members}-member ZooKeeper ensemble on 127.0.0.1`, atMs: 0 });
  const launch = launchEnsemble(install, { recorder: td.pidfile, stopping: () => td.stopping, count: members });
  td.serverLaunch = launch;
  const ensemble = await launch;
  td.serverStop = () => ensemble.stop();
  if (td.stopping) {
    // Interrupted as the last member became ready: the teardown may have passed already.
    await ensemble.stop();
    throw new LabAbortedError();
  }
  const startMs = Math.round(ensemble.startMs);
  listener({
    type: 'step',
    id: 'server',
    status: 'done',
    text: `ZooKeeper ensemble (pid ${ensemble.members.map((m) => m.process.pid).join(', ')}) serving after ${startMs} ms`,
    atMs: performance.now() - t0,
  });
  return { ensemble, endpoints: [ensemble.connectString], startMs };
}
