/** Each exercise's checks, and the functions its module must export. */
import type { CheckSpec } from '../scenario.js';
import { FENCE_THE_SINK } from './fence-the-sink.js';

export interface CheckSuite {
  requires: string[];
  checks: CheckSpec[];
}

const SUITES: Record<string, CheckSuite> = {
  'fence-the-sink': { requires: ['write'], checks: FENCE_THE_SINK },
};

export function checksFor(id: string): CheckSuite {
  const suite = SUITES[id];
  if (!suite) throw new Error(`no checks for exercise ${id}`);
  return suite;
}

export function hasChecks(id: string): boolean {
  return id in SUITES;
}
