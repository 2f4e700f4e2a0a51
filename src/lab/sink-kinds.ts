/**
 * The sink's databases and the experiments that offer the choice (issue 36).
 * No imports but a type: the Lab screen reads these for its first frame,
 * without loading the flag parser or the grid's code (sink-options.ts).
 */
import type { ExperimentName } from './experiment-catalogue.js';

export const SINKS = ['sqlite', 'postgres'] as const;
export type SinkKind = (typeof SINKS)[number];

/** The experiments whose sink matters: they write to it (failover and restore are about the coordinator). */
export const SINK_EXPERIMENTS: readonly ExperimentName[] = ['late-write', 'split', 'early', 'restart'];
