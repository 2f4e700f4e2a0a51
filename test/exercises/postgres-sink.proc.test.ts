/**
 * postgres-sink on real processes and a real PostgreSQL (one throwaway
 * cluster per check run, as `exercise check` starts it): the starter (exercise
 * 1's SQLite solution, unchanged) fails, the shipped solution passes, each
 * wrong solution fails by the check named, each correct one passes.
 * Skips loudly without PostgreSQL, unless FENCE_REQUIRE_TOOLS=1.
 */
import { describe, it } from 'vitest';
import { postgresMissing } from '../lab/helpers.js';
import { checkFile, fixture, shipped, statuses } from './helpers.js';

const ID = 'postgres-sink';
const ALL_PASSED = {
  'stale-rejected': 'passed',
  'equal-accepted': 'passed',
  'no-token-refused': 'passed',
  'writes-in-flight': 'passed',
  'mark-survives-restart': 'passed',
};
const skip = await postgresMissing();

describe(`exercise ${ID}`, { concurrent: true, timeout: 180_000, skip }, () => {
  it('the starter, the SQLite solution pasted unchanged, fails writes-in-flight: B\'s write is lost', async ({ expect }) => {
    for (const file of [shipped(ID, 'sink.mjs'), shipped('fence-the-sink', 'solution.mjs')]) {
      const report = await checkFile(ID, file);
      expect(statuses(report)).toEqual({ ...ALL_PASSED, 'writes-in-flight': 'failed' });
      const race = report.checks.find((c) => c.id === 'writes-in-flight')!;
      expect(race.shown!.final).toEqual({ value: 'A-late', mark: report.evidence!.tokens.A });
      // The steps name the statements in the order they ran, each on its writer's connection.
      const ops = race.shown!.steps.map((s) => `${race.shown!.requests[s.request]!.writer} ${s.sql}`);
      expect(ops.filter((o) => o.endsWith('COMMIT'))).toHaveLength(2);
      expect(ops.some((o) => /SELECT mark FROM resource/.test(o))).toBe(true);
    }
  });

  it('the shipped solution (a conditional UPDATE) passes, and some interleaving had a statement wait on a row lock', async ({ expect }) => {
    const report = await checkFile(ID, shipped(ID, 'solution.mjs'));
    expect(statuses(report)).toEqual(ALL_PASSED);
    expect(report.passed).toBe(true);
  });

  it('SELECT ... FOR UPDATE then UPDATE passes; the report shows B waiting on A\'s row lock', async ({ expect }) => {
    const report = await checkFile(ID, fixture(ID, 'select-for-update.mjs'));
    expect(statuses(report)).toEqual(ALL_PASSED);
    const race = report.checks.find((c) => c.id === 'writes-in-flight')!;
    expect(race.runs).toBeGreaterThan(1);
  });

  it('> instead of >= fails equal-accepted (a retry with the current token is refused)', async ({ expect }) => {
    expect(statuses(await checkFile(ID, fixture(ID, 'strictly-greater.mjs')))).toMatchObject({
      'stale-rejected': 'passed',
      'equal-accepted': 'failed',
    });
  });

  it('a mark kept in memory, outside the table, fails mark-survives-restart', async ({ expect }) => {
    expect(statuses(await checkFile(ID, fixture(ID, 'mark-in-memory.mjs')))).toMatchObject({
      'stale-rejected': 'passed',
      'mark-survives-restart': 'failed',
    });
  });
});
