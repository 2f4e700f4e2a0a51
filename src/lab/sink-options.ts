/**
 * The sink's flags (issue 36): `--sink sqlite|postgres`, `--postgres-url`,
 * `--postgres-bin`, and the split experiment's grid, `--isolation` and
 * `--sink-check` (`--check` already means atomic/split elsewhere). Each is
 * checked here, before anything starts (exit 2 with the fix).
 */
import { ISOLATIONS, type Isolation, SINK_CHECKS, type SinkCheck } from './postgres/isolation-grid.js';
import { isServerUrl } from './server-url.js';
import { SINK_EXPERIMENTS, SINKS, type SinkKind } from './sink-kinds.js';
import type { ExperimentName } from './types.js';

export type { SinkKind } from './sink-kinds.js';

export interface SinkFlags {
  sink?: string;
  postgresUrl?: string;
  postgresBin?: string;
  isolation?: string;
  sinkCheck?: string;
}

export interface SinkOptions {
  sink?: SinkKind | undefined;
  postgresUrl?: string | undefined;
  postgresBin?: string | undefined;
  /** The split experiment's grid on PostgreSQL: the cells asked for. */
  grid?: { isolations: Isolation[]; checks: SinkCheck[] } | undefined;
}

export class SinkFlagError extends Error {}

function oneOrAll<T extends string>(flag: string, value: string | undefined, choices: readonly T[]): T[] | undefined {
  if (value === undefined) return undefined;
  if (value === 'all') return [...choices];
  if ((choices as readonly string[]).includes(value)) return [value as T];
  throw new SinkFlagError(`${flag} ${value}: unknown. Fix: use one of ${choices.join(', ')}, or all`);
}

export function parseSinkFlags(flags: SinkFlags, experiment: ExperimentName): SinkOptions {
  const sink = (flags.sink ?? (flags.postgresUrl !== undefined || flags.postgresBin !== undefined ? 'postgres' : 'sqlite')) as SinkKind;
  if (!SINKS.includes(sink)) throw new SinkFlagError(`--sink ${flags.sink}: unknown. Fix: use sqlite or postgres`);
  if (sink !== 'postgres') {
    for (const [flag, value] of [
      ['--postgres-url', flags.postgresUrl],
      ['--postgres-bin', flags.postgresBin],
      ['--isolation', flags.isolation],
      ['--sink-check', flags.sinkCheck],
    ] as const) {
      if (value !== undefined) throw new SinkFlagError(`${flag} needs --sink postgres`);
    }
    return {};
  }
  if (!SINK_EXPERIMENTS.includes(experiment)) {
    throw new SinkFlagError(`--experiment ${experiment} is about the coordinator, and its sink is SQLite. Fix: leave out --sink postgres`);
  }
  if (flags.postgresUrl !== undefined && flags.postgresBin !== undefined) {
    throw new SinkFlagError('--postgres-bin starts a PostgreSQL, --postgres-url uses a running one. Fix: give one of them');
  }
  if (flags.postgresUrl !== undefined) {
    if (!isServerUrl(flags.postgresUrl, ['postgres:', 'postgresql:'])) {
      throw new SinkFlagError(`--postgres-url ${flags.postgresUrl}: not a PostgreSQL URL. Fix: e.g. postgres://user@127.0.0.1:5432/db`);
    }
    if (experiment === 'restart') {
      throw new SinkFlagError(
        '--experiment restart kills and restarts the PostgreSQL server, so it never uses one it did not start. Fix: leave out --postgres-url',
      );
    }
  }
  const isolations = oneOrAll('--isolation', flags.isolation, ISOLATIONS);
  const checks = oneOrAll('--sink-check', flags.sinkCheck, SINK_CHECKS);
  if ((isolations || checks) && experiment !== 'split') {
    throw new SinkFlagError(`--isolation and --sink-check replay the split race under each isolation level. Fix: add --experiment split`);
  }
  return {
    sink,
    ...(flags.postgresUrl !== undefined ? { postgresUrl: flags.postgresUrl } : {}),
    ...(flags.postgresBin !== undefined ? { postgresBin: flags.postgresBin } : {}),
    ...(isolations || checks ? { grid: { isolations: isolations ?? [...ISOLATIONS], checks: checks ?? [...SINK_CHECKS] } } : {}),
  };
}
