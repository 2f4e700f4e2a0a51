/** The experiments as the Lab screen lists them, with the system tools each one needs: the lab's catalogue. */
import { EXPERIMENT_CATALOGUE, type ExperimentEntry, type ExperimentName } from '../../../lab/experiment-catalogue.js';

export const LAB_EXPERIMENTS: readonly (ExperimentEntry & { name: ExperimentName })[] = EXPERIMENT_CATALOGUE;
