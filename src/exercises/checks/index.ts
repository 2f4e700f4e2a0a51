/** Each exercise's checks, and the functions its module must export. */
import type { CheckSpec } from '../scenario.js';
import { DURABLE_MARK } from './durable-mark.js';
import { EARLY_WRITE } from './early-write.js';
import { FENCE_THE_SINK } from './fence-the-sink.js';
import { IDEMPOTENT_RETRY } from './idempotent-retry.js';
import { POSTGRES_SINK } from './postgres-sink.js';
import { SPLIT_THE_CHECK } from './split-the-check.js';

export interface CheckSuite {
  requires: string[];
  checks: CheckSpec[];
  /** The sink's database: a SQLite file (default), or a throwaway PostgreSQL server. */
  database?: 'postgres';
}

const SUITES: Record<string, CheckSuite> = {
  'fence-the-sink': { requires: ['write'], checks: FENCE_THE_SINK },
  'split-the-check': { requires: ['write'], checks: SPLIT_THE_CHECK },
  'early-write': { requires: ['write', 'register'], checks: EARLY_WRITE },
  'durable-mark': { requires: ['write'], checks: DURABLE_MARK },
  'idempotent-retry': { requires: ['write'], checks: IDEMPOTENT_RETRY },
  'postgres-sink': { requires: ['write'], checks: POSTGRES_SINK, database: 'postgres' },
};

export function checksFor(id: string): CheckSuite {
  const suite = SUITES[id];
  if (!suite) throw new Error(`no checks for exercise ${id}`);
  return suite;
}
