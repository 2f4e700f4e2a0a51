import type { ExperimentName } from '../types.js';
import { early } from './early.js';
import { failover } from './failover.js';
import type { Experiment } from './experiment.js';
import { lateWrite } from './late-write.js';
import { restart } from './restart.js';
import { restore } from './restore.js';
import { coordinatorRestart } from './coordinator-restart.js';
import { split } from './split.js';

export const EXPERIMENT_TABLE: Record<ExperimentName, Experiment> = {
  'late-write': lateWrite,
  split,
  early,
  restart,
  failover,
  restore,
  'coordinator-restart': coordinatorRestart,
};
