/**
 * Exercises 2 to 5 on real processes (one real expiry for the whole file):
 * each starter fails, each shipped solution passes, and each plausible wrong
 * solution fails, named by the check that caught it.
 */
import { describe, expect, it } from 'vitest';
import { checkFile, fixture, shipped, statuses } from './helpers.js';

async function statusesOf(id: string, file: string) {
  return statuses(await checkFile(id, file));
}

describe('exercise split-the-check', () => {
  const ID = 'split-the-check';
  it('the starter (a correct sink) fails: the adversary finds no race', async () => {
    expect(await statusesOf(ID, shipped(ID, 'sink.mjs'))).toEqual({ 'still-refuses-late': 'passed', 'stale-write-wins': 'failed' });
  });
  it('the shipped solution passes: A-late wins and the mark falls', async () => {
    const report = await checkFile(ID, shipped(ID, 'solution.mjs'));
    expect(statuses(report)).toEqual({ 'still-refuses-late': 'passed', 'stale-write-wins': 'passed' });
    const shown = report.checks[1]!.shown!;
    expect(shown.final).toEqual({ value: 'A-late', mark: report.evidence!.tokens.A });
  });
  it('a split that keeps the mark from falling is caught by stale-write-wins', async () => {
    expect(await statusesOf(ID, fixture(ID, 'split-max.mjs'))).toMatchObject({ 'stale-write-wins': 'failed' });
  });
  it('removing the comparison is caught by still-refuses-late', async () => {
    expect(await statusesOf(ID, fixture(ID, 'no-check.mjs'))).toMatchObject({ 'still-refuses-late': 'failed' });
  });
});

describe('exercise early-write', () => {
  const ID = 'early-write';
  it('the starter fails register-raises-mark; the solution passes', async () => {
    expect(await statusesOf(ID, shipped(ID, 'sink.mjs'))).toMatchObject({ 'register-raises-mark': 'failed' });
    expect(Object.values(await statusesOf(ID, shipped(ID, 'solution.mjs')))).toEqual(['passed', 'passed', 'passed']);
  });
  it('wrong registrations are caught by name', async () => {
    expect(await statusesOf(ID, fixture(ID, 'register-lowers.mjs'))).toMatchObject({ 'register-never-lowers': 'failed', 'register-raises-mark': 'passed' });
    expect(await statusesOf(ID, fixture(ID, 'register-elsewhere.mjs'))).toMatchObject({ 'register-raises-mark': 'failed' });
    expect(await statusesOf(ID, fixture(ID, 'register-lte.mjs'))).toMatchObject({ 'holder-writes-after-register': 'failed' });
  });
});

describe('exercise durable-mark', () => {
  const ID = 'durable-mark';
  it('the starter (mark in memory) fails mark-survives-restart; the solution passes', async () => {
    expect(await statusesOf(ID, shipped(ID, 'sink.mjs'))).toMatchObject({ fences: 'passed', 'mark-survives-restart': 'failed' });
    expect(await statusesOf(ID, shipped(ID, 'solution.mjs'))).toEqual({ fences: 'passed', 'mark-survives-restart': 'passed', 'kill-mid-write': 'passed' });
  });
  it('a mark read at start but never saved fails mark-survives-restart', async () => {
    expect(await statusesOf(ID, fixture(ID, 'mark-loaded-once.mjs'))).toMatchObject({ 'mark-survives-restart': 'failed' });
  });
  it('value and mark saved in two calls fail kill-mid-write (SIGKILL between them)', async () => {
    const report = await checkFile(ID, fixture(ID, 'two-calls.mjs'));
    expect(statuses(report)).toMatchObject({ 'mark-survives-restart': 'passed', 'kill-mid-write': 'failed' });
    expect(report.checks[2]!.shown!.probes![0]!.value).toBe('B-current');
  });
});

describe('exercise idempotent-retry', () => {
  const ID = 'idempotent-retry';
  it('the starter fails retry-once; the solution passes', async () => {
    expect(await statusesOf(ID, shipped(ID, 'sink.mjs'))).toMatchObject({ 'retry-once': 'failed', 'retry-in-flight': 'failed' });
    expect(Object.values(await statusesOf(ID, shipped(ID, 'solution.mjs')))).toEqual(['passed', 'passed', 'passed', 'passed']);
  });
  it('dedupe by token fails new-op-applies; an id looked up outside the transaction fails retry-in-flight', async () => {
    expect(await statusesOf(ID, fixture(ID, 'dedupe-by-token.mjs'))).toMatchObject({ 'new-op-applies': 'failed', 'retry-once': 'passed' });
    expect(await statusesOf(ID, fixture(ID, 'id-outside-tx.mjs'))).toMatchObject({ 'retry-in-flight': 'failed', 'retry-once': 'passed' });
  });
});
