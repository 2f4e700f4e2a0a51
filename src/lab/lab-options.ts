/**
 * Turning the lab's command-line flags into LabOptions, with the errors a
 * user can act on (exit 2). Shared by `fence-tutor lab` and the Lab screen.
 */
import { join } from 'node:path';
import { dataSubdir } from '../platform/data-dir.js';
import { makeNewDir } from '../platform/unique-name.js';
import { type ExperimentEntry, experimentEntry } from './experiment-catalogue.js';
import { isServerUrl } from './server-url.js';
import { parseSinkFlags, SinkFlagError, type SinkFlags } from './sink-options.js';
import { COORDINATORS, type CoordinatorKind, EXPERIMENTS, type ExperimentName, type LabOptions, OWN_ETCD_EXPERIMENTS } from './types.js';

const MIN_TTL_S = 0.5;
const MAX_TTL_S = 60;

export interface LabFlags {
  experiment?: string;
  coordinator?: string;
  ttl?: string;
  out?: string;
  repeats?: string;
  etcdEndpoints?: string;
  etcdBin?: string;
  token?: string;
  redisBin?: string;
  redisUrl?: string;
  zookeeperHome?: string;
  zookeeperConnect?: string;
}

export class LabFlagError extends Error {}

export function parseLabFlags(flags: LabFlags & SinkFlags): { options: Omit<LabOptions, 'outDir'>; out: string | undefined; repeats: number } {
  const experiment = (flags.experiment ?? 'late-write') as ExperimentName;
  if (!EXPERIMENTS.includes(experiment)) {
    throw new LabFlagError(`--experiment ${flags.experiment}: unknown. Fix: use one of ${EXPERIMENTS.join(', ')}`);
  }
  // failover with --coordinator zookeeper starts its own ensemble instead of etcd members.
  const alsoOn: readonly string[] = (experimentEntry(experiment) as ExperimentEntry).alsoOn ?? [];
  const ownEnsemble = flags.coordinator !== undefined && alsoOn.includes(flags.coordinator);
  const ownEtcd = OWN_ETCD_EXPERIMENTS.includes(experiment) && !ownEnsemble;
  if (ownEtcd && flags.coordinator === 'embedded') {
    throw new LabFlagError(`--experiment ${experiment} runs on etcd members the lab starts itself. Fix: leave out --coordinator embedded`);
  }
  if (ownEtcd && flags.etcdEndpoints !== undefined) {
    throw new LabFlagError(`--experiment ${experiment} stops etcd members, so it never uses a cluster it did not start. Fix: leave out --etcd-endpoints`);
  }
  // These experiments imply etcd; one that restarts its server implies that server's coordinator.
  const onlyOn = experimentEntry(experiment).onlyOn as CoordinatorKind | undefined;
  const coordinator = (flags.coordinator ?? onlyOn ?? (ownEtcd ? 'etcd' : 'embedded')) as CoordinatorKind;
  if (onlyOn && coordinator !== onlyOn) {
    throw new LabFlagError(`--experiment ${experiment} restarts the ${onlyOn} server the lab starts. Fix: use --coordinator ${onlyOn}`);
  }
  if (ownEnsemble && flags.zookeeperConnect !== undefined) {
    throw new LabFlagError(
      `--experiment ${experiment} kills the ZooKeeper leader, so it never uses an ensemble it did not start. Fix: leave out --zookeeper-connect`,
    );
  }
  if (onlyOn && flags.redisUrl !== undefined) {
    throw new LabFlagError(`--experiment ${experiment} kills and restarts its server, so it never uses one it did not start. Fix: leave out --redis-url`);
  }
  if (!COORDINATORS.includes(coordinator)) {
    throw new LabFlagError(`--coordinator ${flags.coordinator}: unknown. Fix: use one of ${COORDINATORS.join(', ')}`);
  }
  if (ownEtcd && coordinator !== 'etcd') {
    throw new LabFlagError(`--experiment ${experiment} runs on etcd members the lab starts itself. Fix: leave out --coordinator ${coordinator}`);
  }
  const redis = parseRedisFlags(flags, coordinator, experiment);
  let sink: ReturnType<typeof parseSinkFlags>;
  try {
    sink = parseSinkFlags(flags, experiment);
  } catch (err) {
    if (err instanceof SinkFlagError) throw new LabFlagError(err.message);
    throw err;
  }
  const ttl = Number(flags.ttl ?? '2');
  if (!Number.isFinite(ttl) || ttl < MIN_TTL_S || ttl > MAX_TTL_S) {
    throw new LabFlagError(`--ttl ${flags.ttl}: not a number of seconds. Fix: give ${MIN_TTL_S} to ${MAX_TTL_S}, e.g. --ttl 2`);
  }
  const repeats = Number(flags.repeats ?? '1');
  if (!Number.isInteger(repeats) || repeats < 1 || repeats > 100) {
    throw new LabFlagError(`--repeats ${flags.repeats}: Fix: give a whole number from 1 to 100`);
  }
  let etcdEndpoints: string[] | undefined;
  if (flags.etcdEndpoints !== undefined) {
    if (coordinator !== 'etcd') throw new LabFlagError('--etcd-endpoints needs --coordinator etcd');
    etcdEndpoints = flags.etcdEndpoints
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const url of etcdEndpoints) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new LabFlagError(`--etcd-endpoints: ${url} is not a URL. Fix: e.g. http://127.0.0.1:2379`);
      }
      if (parsed.protocol !== 'http:') {
        throw new LabFlagError(`--etcd-endpoints: ${url}: only http:// endpoints are supported (the JSON gateway, no TLS)`);
      }
    }
    if (etcdEndpoints.length === 0) throw new LabFlagError('--etcd-endpoints is empty. Fix: e.g. http://127.0.0.1:2379');
  }
  if (flags.etcdBin !== undefined && coordinator !== 'etcd') throw new LabFlagError('--etcd-bin needs --coordinator etcd');
  return {
    options: {
      experiment,
      coordinator,
      ttlMs: Math.round(ttl * 1000),
      etcdEndpoints,
      etcdBin: flags.etcdBin,
      ...redis,
      ...parseZooKeeperFlags(flags, coordinator),
      ...sink,
    },
    out: flags.out,
    repeats,
  };
}

/**
 * A new evidence directory under the data directory: `lab/<time>-<experiment>`,
 * made here with a mkdir that fails if it exists, so two labs started in one
 * millisecond get two folders (`...-2`), never one shared database.
 */
export function defaultOutDir(experiment: ExperimentName): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  try {
    return makeNewDir(dataSubdir('lab'), `${stamp}-${experiment}`);
  } catch {
    // The data directory cannot be written: the run's own mkdir of --out says so in one line (exit 2).
    return join(dataSubdir('lab'), `${stamp}-${experiment}`);
  }
}

/** `--token`, `--redis-bin`, `--redis-url`: each only with `--coordinator redis`. */
function parseRedisFlags(flags: LabFlags, coordinator: CoordinatorKind, experiment: ExperimentName): Pick<LabOptions, 'token' | 'redisBin' | 'redisUrl'> {
  for (const [flag, value] of [
    ['--token', flags.token],
    ['--redis-bin', flags.redisBin],
    ['--redis-url', flags.redisUrl],
  ] as const) {
    if (value !== undefined && coordinator !== 'redis') throw new LabFlagError(`${flag} needs --coordinator redis`);
  }
  if (flags.token !== undefined && flags.token !== 'none' && flags.token !== 'incr') {
    throw new LabFlagError(`--token ${flags.token}: unknown. Fix: use none (the lock's random value) or incr (an INCR counter)`);
  }
  if (flags.redisUrl !== undefined && !isServerUrl(flags.redisUrl, ['redis:'])) {
    throw new LabFlagError(`--redis-url ${flags.redisUrl}: not a Redis URL. Fix: e.g. redis://127.0.0.1:6379`);
  }
  // Only late-write shows a lock without a token; the others compare tokens, so they need INCR.
  const token = flags.token ?? (experiment === 'late-write' ? 'none' : 'incr');
  if (coordinator === 'redis' && token === 'none' && experiment !== 'late-write') {
    throw new LabFlagError(`--experiment ${experiment} compares tokens, and a Redis lock's random value is none. Fix: add --token incr`);
  }
  if (flags.redisUrl !== undefined && flags.redisBin !== undefined) {
    throw new LabFlagError('--redis-bin starts a Redis, --redis-url uses a running one. Fix: give one of them');
  }
  return {
    ...(coordinator === 'redis' ? { token: token as 'none' | 'incr' } : {}),
    ...(flags.redisBin !== undefined ? { redisBin: flags.redisBin } : {}),
    ...(flags.redisUrl !== undefined ? { redisUrl: flags.redisUrl } : {}),
  };
}

/** `--zookeeper-home`, `--zookeeper-connect`: only with `--coordinator zookeeper`. */
function parseZooKeeperFlags(flags: LabFlags, coordinator: CoordinatorKind): Pick<LabOptions, 'zookeeperHome' | 'zookeeperConnect'> {
  for (const [flag, value] of [
    ['--zookeeper-home', flags.zookeeperHome],
    ['--zookeeper-connect', flags.zookeeperConnect],
  ] as const) {
    if (value !== undefined && coordinator !== 'zookeeper') throw new LabFlagError(`${flag} needs --coordinator zookeeper`);
  }
  if (flags.zookeeperConnect !== undefined && !/^[\w.-]+:\d+(,[\w.-]+:\d+)*$/.test(flags.zookeeperConnect)) {
    throw new LabFlagError(`--zookeeper-connect ${flags.zookeeperConnect}: not HOST:PORT[,HOST:PORT...]. Fix: e.g. 127.0.0.1:2181`);
  }
  if (flags.zookeeperConnect !== undefined && flags.zookeeperHome !== undefined) {
    throw new LabFlagError('--zookeeper-home starts a ZooKeeper, --zookeeper-connect uses a running one. Fix: give one of them');
  }
  return {
    ...(flags.zookeeperHome !== undefined ? { zookeeperHome: flags.zookeeperHome } : {}),
    ...(flags.zookeeperConnect !== undefined ? { zookeeperConnect: flags.zookeeperConnect } : {}),
  };
}
