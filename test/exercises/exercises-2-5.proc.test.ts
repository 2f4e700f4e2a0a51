/**
 * Exercises 2 to 5 on real processes (one real expiry for the whole file):
 * each starter fails, each shipped solution passes, and each plausible wrong
 * solution fails, named by the check that caught it. Every check of a file
 * is independent (its own sink process, temp dir and databases; the tokens
 * are shared), so the tests run side by side: the time is mostly node
 * starting the learner's sink and the round trips of the adversary.
 */
import { describe, it } from 'vitest';
import { checkFile, fixture, shipped, statuses } from './helpers.js';

async function statusesOf(id: string, file: string) {
  return statuses(await checkFile(id, file));
}

describe('exercise split-the-check', { concurrent: true, timeout: 120_000 }, () => {
  const ID = 'split-the-check';
  it('the starter (a correct sink) fails: the adversary finds no race', async ({ expect }) => {
    expect(await statusesOf(ID, shipped(ID, 'sink.mjs'))).toEqual({ 'still-refuses-late': 'passed', 'stale-write-wins': 'failed' });
  });
  it('the shipped solution passes: A-late wins and the mark falls', async ({ expect }) => {
    const report = await checkFile(ID, shipped(ID, 'solution.mjs'));
    expect(statuses(report)).toEqual({ 'still-refuses-late': 'passed', 'stale-write-wins': 'passed' });
    const shown = report.checks[1]!.shown!;
    expect(shown.final).toEqual({ value: 'A-late', mark: report.evidence!.tokens.A });
  });
  it('a split that keeps the mark from falling is caught by stale-write-wins', async ({ expect }) => {
    expect(await statusesOf(ID, fixture(ID, 'split-max.mjs'))).toMatchObject({ 'stale-write-wins': 'failed' });
  });
  it('removing the comparison is caught by still-refuses-late', async ({ expect }) => {
    expect(await statusesOf(ID, fixture(ID, 'no-check.mjs'))).toMatchObject({ 'still-refuses-late': 'failed' });
  });
});

describe('exercise early-write', { concurrent: true, timeout: 120_000 }, () => {
  const ID = 'early-write';
  it('the starter fails register-raises-mark; the solution passes', async ({ expect }) => {
    const [starter, solution] = await Promise.all([statusesOf(ID, shipped(ID, 'sink.mjs')), statusesOf(ID, shipped(ID, 'solution.mjs'))]);
    expect(starter).toMatchObject({ 'register-raises-mark': 'failed' });
    expect(Object.values(solution)).toEqual(Array(7).fill('passed'));
  });
  it('a racy register (db.get, then db.run outside a transaction) fails when registrations overlap (issue 33)', async ({ expect }) => {
    const report = await checkFile(ID, fixture(ID, 'register-racy.mjs'));
    // One after the other it looks right: only the overlapping checks catch it.
    expect(statuses(report)).toEqual({
      'register-raises-mark': 'passed',
      'register-never-lowers': 'passed',
      'holder-writes-after-register': 'passed',
      'one-transaction': 'passed',
      'registrations-in-flight': 'failed',
      'register-beside-late-write': 'passed',
      'late-register-beside-write': 'failed',
    });
    expect(report.passed).toBe(false);
    expect(report.checks.find((c) => c.id === 'registrations-in-flight')!.shown!.final.mark).toBe(report.evidence!.tokens.A);
  });
  it('a racy write (compared outside the transaction) fails when it overlaps a write or a registration', async ({ expect }) => {
    expect(await statusesOf(ID, fixture(ID, 'write-racy.mjs'))).toMatchObject({
      'register-raises-mark': 'passed',
      'one-transaction': 'failed',
      'registrations-in-flight': 'passed',
      'register-beside-late-write': 'failed',
    });
  });
  it('wrong registrations are caught by name', async ({ expect }) => {
    const [lowers, elsewhere, lte] = await Promise.all(
      ['register-lowers.mjs', 'register-elsewhere.mjs', 'register-lte.mjs'].map((name) => statusesOf(ID, fixture(ID, name))),
    );
    expect(lowers).toMatchObject({ 'register-never-lowers': 'failed', 'register-raises-mark': 'passed' });
    expect(elsewhere).toMatchObject({ 'register-raises-mark': 'failed' });
    expect(lte).toMatchObject({ 'holder-writes-after-register': 'failed' });
  });
});

describe('exercise durable-mark', { concurrent: true, timeout: 120_000 }, () => {
  const ID = 'durable-mark';
  it('the starter (mark in memory) fails mark-survives-restart; the solution passes', async ({ expect }) => {
    const [starter, solution] = await Promise.all([statusesOf(ID, shipped(ID, 'sink.mjs')), statusesOf(ID, shipped(ID, 'solution.mjs'))]);
    expect(starter).toMatchObject({ fences: 'passed', 'mark-survives-restart': 'failed' });
    expect(solution).toEqual({ fences: 'passed', 'mark-survives-restart': 'passed', 'kill-mid-write': 'passed', 'one-transaction': 'passed' });
  });
  it('a durable mark compared outside the write call fails one-transaction (two writes in flight)', async ({ expect }) => {
    expect(await statusesOf(ID, fixture(ID, 'write-racy.mjs'))).toEqual({
      fences: 'passed',
      'mark-survives-restart': 'passed',
      'kill-mid-write': 'passed',
      'one-transaction': 'failed',
    });
  });
  it('a mark read at start but never saved fails mark-survives-restart', async ({ expect }) => {
    expect(await statusesOf(ID, fixture(ID, 'mark-loaded-once.mjs'))).toMatchObject({ 'mark-survives-restart': 'failed' });
  });
  it('value and mark saved in two calls fail kill-mid-write (SIGKILL between them)', async ({ expect }) => {
    const report = await checkFile(ID, fixture(ID, 'two-calls.mjs'));
    expect(statuses(report)).toMatchObject({ 'mark-survives-restart': 'passed', 'kill-mid-write': 'failed' });
    expect(report.checks[2]!.shown!.probes![0]!.value).toBe('B-current');
  });
});

describe('exercise idempotent-retry', { concurrent: true, timeout: 120_000 }, () => {
  const ID = 'idempotent-retry';
  it('the starter fails retry-once; the solution passes', async ({ expect }) => {
    const [starter, solution] = await Promise.all([statusesOf(ID, shipped(ID, 'sink.mjs')), statusesOf(ID, shipped(ID, 'solution.mjs'))]);
    expect(starter).toMatchObject({ 'retry-once': 'failed', 'retry-in-flight': 'failed' });
    expect(Object.values(solution)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed']);
  });
  it('dedupe by token fails new-op-applies; an id looked up outside the transaction fails retry-in-flight', async ({ expect }) => {
    const [byToken, outsideTx] = await Promise.all([statusesOf(ID, fixture(ID, 'dedupe-by-token.mjs')), statusesOf(ID, fixture(ID, 'id-outside-tx.mjs'))]);
    expect(byToken).toMatchObject({ 'new-op-applies': 'failed', 'retry-once': 'passed' });
    expect(outsideTx).toMatchObject({ 'retry-in-flight': 'failed', 'retry-once': 'passed' });
  });
  it('a mark read before the transaction fails stale-in-flight (a stale write beside a fresh one)', async ({ expect }) => {
    expect(await statusesOf(ID, fixture(ID, 'mark-outside-tx.mjs'))).toEqual({
      'retry-once': 'passed',
      'new-op-applies': 'passed',
      'stale-still-refused': 'passed',
      'retry-in-flight': 'passed',
      'stale-in-flight': 'failed',
    });
  });
});
