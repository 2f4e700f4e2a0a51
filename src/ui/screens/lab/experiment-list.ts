/**
 * The experiments as the Lab screen lists them, with the system tools each
 * one needs (the lab's catalogue), then the screen's one entry that is not an
 * experiment of its own: the split race replayed on PostgreSQL under every
 * isolation level and sink check (issue 36), `lab --experiment split --sink
 * postgres --isolation all --sink-check all`.
 */
import type { CoordinatorKind } from '../../../lab/coordinator-catalogue.js';
import { EXPERIMENT_CATALOGUE, type ExperimentEntry, type ExperimentName, type LabTool } from '../../../lab/experiment-catalogue.js';
import { SINK_EXPERIMENTS } from '../../../lab/sink-kinds.js';

export const LAB_EXPERIMENTS: readonly (ExperimentEntry & { name: ExperimentName })[] = EXPERIMENT_CATALOGUE;

export interface LabEntry {
  /** The name the list shows (an experiment's is the one `--experiment` takes). */
  name: string;
  title: string;
  blurb: string;
  experiment: ExperimentName;
  /** Experiments that write to the sink offer SQLite or PostgreSQL (`s`). */
  sinkChoice: boolean;
  /** The isolation grid: split on PostgreSQL, every isolation level with every sink check. */
  grid: boolean;
  /** The catalogue's: system tools, its own etcd, the one coordinator it runs on. */
  needs: readonly LabTool[];
  ownEtcd: boolean;
  onlyOn?: CoordinatorKind;
}

export const GRID_ENTRY: LabEntry = {
  name: 'isolation-grid',
  title: 'the PostgreSQL isolation grid',
  blurb: 'split on PostgreSQL: 3 isolation levels x 3 sink checks',
  experiment: 'split',
  sinkChoice: false,
  grid: true,
  needs: [],
  ownEtcd: false,
};

export const LAB_ENTRIES: readonly LabEntry[] = [
  ...LAB_EXPERIMENTS.map((e) => ({
    name: e.name,
    title: e.title,
    blurb: e.blurb,
    experiment: e.name,
    sinkChoice: SINK_EXPERIMENTS.includes(e.name),
    grid: false,
    needs: e.needs,
    ownEtcd: e.ownEtcd,
    ...('onlyOn' in e ? { onlyOn: e.onlyOn as CoordinatorKind } : {}),
  })),
  GRID_ENTRY,
];
