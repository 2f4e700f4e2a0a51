/**
 * A throwaway single-node etcd for one lab run: loopback ports found free
 * (etcd's gateway breaks with port 0, so we pick them, and retry with new
 * ones if one was taken meanwhile), a temp data dir, a short heartbeat and
 * election timeout (etcd's minimum lease TTL is 1.5 × the election timeout,
 * so 250 ms keeps a 1 s lease possible). Ready means a lease can be
 * granted, not merely /health. Started through the lab's one server
 * launcher (src/lab/servers/): pidfile, process group, log file, port retry.
 */
import { join } from 'node:path';
import { ETCD_INSTALL_HINT, findEtcd } from './find-coordinators.js';
import { type LaunchOptions, launchServer, type ServerSpec } from '../servers/launch-server.js';
import type { ServerRecorder } from '../servers/spawn-server.js';
import type { CoordinatorServer } from './servers.js';
import { EtcdClient } from './etcd-client.js';

export interface LaunchedEtcd {
  endpoint: string;
  pid: number;
  argv: string[];
  dataDir: string;
  startMs: number;
  stop(): Promise<void>;
}

/** A recorder for a server no run owns (a test's own etcd): nothing is written. */
export const UNRECORDED: ServerRecorder = { intend: () => ({ spawned: () => undefined }), addTempDir: () => undefined };

/** etcd's flags for one member of `initialCluster` (a single node: itself). */
export function etcdArgv(
  bin: string,
  m: { name: string; dataDir: string; clientUrl: string; peerUrl: string; initialCluster: string },
  timing: { heartbeatMs: number; electionMs: number },
): string[] {
  return [
    bin,
    '--name',
    m.name,
    '--data-dir',
    m.dataDir,
    '--listen-client-urls',
    m.clientUrl,
    '--advertise-client-urls',
    m.clientUrl,
    '--listen-peer-urls',
    m.peerUrl,
    '--initial-advertise-peer-urls',
    m.peerUrl,
    '--initial-cluster',
    m.initialCluster,
    '--initial-cluster-state',
    'new',
    '--heartbeat-interval',
    String(timing.heartbeatMs),
    '--election-timeout',
    String(timing.electionMs),
    '--log-level',
    'warn',
  ];
}

function etcdServerSpec(bin: string): ServerSpec {
  const url = (port: number | undefined) => `http://127.0.0.1:${port}`;
  return {
    role: 'etcd',
    tempPrefix: 'fence-tutor-etcd',
    portCount: 2,
    argv: ([client, peer], dir) =>
      etcdArgv(
        bin,
        { name: 'fence-tutor-lab', dataDir: join(dir, 'data'), clientUrl: url(client), peerUrl: url(peer), initialCluster: `fence-tutor-lab=${url(peer)}` },
        { heartbeatMs: 25, electionMs: 250 },
      ),
    ready: ([client]) => new EtcdClient([url(client)]).canGrant(),
  };
}

export async function launchEtcd(opts: { bin: string } & Partial<LaunchOptions>): Promise<LaunchedEtcd> {
  const server = await launchServer(etcdServerSpec(opts.bin), { recorder: UNRECORDED, ...opts });
  return {
    endpoint: `http://127.0.0.1:${server.ports[0]}`,
    pid: server.process.pid,
    argv: server.process.argv,
    dataDir: server.dir,
    startMs: server.startMs,
    stop: () => server.stop(),
  };
}

export const ETCD_SERVER: CoordinatorServer = {
  given: (options) => (options.etcdEndpoints && options.etcdEndpoints.length > 0 ? options.etcdEndpoints : undefined),
  find: (options) => findEtcd(options.etcdBin),
  missing: (options) => (options.etcdBin ? `${options.etcdBin} is not an executable etcd. ${ETCD_INSTALL_HINT}` : ETCD_INSTALL_HINT),
  spec: (bin) => etcdServerSpec(bin),
  endpoints: ([client]) => [`http://127.0.0.1:${client}`],
};
