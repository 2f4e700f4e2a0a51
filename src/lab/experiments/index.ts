import type { CoordinatorKind, ExperimentName } from '../types.js';
import { early } from './early.js';
import { failover } from './failover.js';
import type { Experiment } from './experiment.js';
import { lateWrite } from './late-write.js';
import { restart } from './restart.js';
import { restore } from './restore.js';
import { coordinatorRestart } from './coordinator-restart.js';
import { split } from './split.js';
import { zookeeperFailover } from './zookeeper-failover.js';

export const EXPERIMENT_TABLE: Record<ExperimentName, Experiment> = {
  'late-write': lateWrite,
  split,
  early,
  restart,
  failover,
  restore,
  'coordinator-restart': coordinatorRestart,
};

/** Where a coordinator runs an experiment its own way (failover on ZooKeeper: an ensemble, not etcd members). */
const ON_COORDINATOR: Partial<Record<CoordinatorKind, Partial<Record<ExperimentName, Experiment>>>> = {
  zookeeper: { failover: zookeeperFailover },
};

export function experimentFor(name: ExperimentName, coordinator: CoordinatorKind): Experiment {
  return ON_COORDINATOR[coordinator]?.[name] ?? EXPERIMENT_TABLE[name];
}
