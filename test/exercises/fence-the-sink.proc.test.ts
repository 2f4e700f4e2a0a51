/**
 * Exercise 1 on real processes: the starter fails, the solution passes, wrong
 * solutions fail by name. Side by side: each check has its own sink process
 * and temp dir (the tokens are shared; see helpers.ts).
 */
import { describe, it } from 'vitest';
import { checkFile, fixture, shipped, statuses } from './helpers.js';

const ID = 'fence-the-sink';

describe(`exercise ${ID}`, { concurrent: true, timeout: 120_000 }, () => {
  it('the starter fails (it accepts everything)', async ({ expect }) => {
    const report = await checkFile(ID, shipped(ID, 'sink.mjs'));
    expect(report.passed).toBe(false);
    expect(statuses(report)).toMatchObject({ 'stale-rejected': 'failed', 'no-token-refused': 'failed', 'one-transaction': 'failed' });
    expect(report.evidence!.tokens.B).toBeGreaterThan(report.evidence!.tokens.A);
  });

  it('the shipped solution passes every check', async ({ expect }) => {
    const report = await checkFile(ID, shipped(ID, 'solution.mjs'));
    expect(statuses(report)).toEqual({ 'stale-rejected': 'passed', 'equal-accepted': 'passed', 'no-token-refused': 'passed', 'one-transaction': 'passed' });
    expect(report.passed).toBe(true);
  });

  it('<= instead of < is caught by equal-accepted', async ({ expect }) => {
    const report = await checkFile(ID, fixture(ID, 'lte.mjs'));
    expect(statuses(report)).toMatchObject({ 'equal-accepted': 'failed', 'stale-rejected': 'passed' });
  });

  it('a comparison outside the transaction is caught by one-transaction, in every check run', async ({ expect }) => {
    const report = await checkFile(ID, fixture(ID, 'check-outside.mjs'));
    expect(statuses(report)).toMatchObject({ 'one-transaction': 'failed', 'stale-rejected': 'passed' });
    const race = report.checks.find((c) => c.id === 'one-transaction')!;
    expect(race.runs).toBe(6);
    expect(race.shown!.final.value).toBe('A-late');
  });

  it('a write with no token let through is caught by no-token-refused', async ({ expect }) => {
    const report = await checkFile(ID, fixture(ID, 'null-token.mjs'));
    expect(statuses(report)).toMatchObject({ 'no-token-refused': 'failed', 'stale-rejected': 'passed' });
  });

  it('a sink that ends its own process is told as such at once (exit code named), not timed out as a hang', async ({ expect }) => {
    const report = await checkFile(ID, fixture(ID, 'exits.mjs'));
    // The checks after it run on a sink started again.
    expect(statuses(report)).toEqual({ 'stale-rejected': 'passed', 'equal-accepted': 'passed', 'no-token-refused': 'threw', 'one-transaction': 'passed' });
    const exited = report.checks.find((c) => c.id === 'no-token-refused')!;
    expect(exited.summary).toMatch(/^your sink's process ended \(exit code 3\) before it answered/);
    // Told as an exit, not as the helper's time limit running out (which would say it did not answer in time).
    expect(exited.summary).not.toMatch(/did not answer|timed out|within/);
  });
});
