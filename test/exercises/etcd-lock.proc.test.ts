/**
 * Exercise 7 against a real etcd (one throwaway etcd for the file): the
 * starter fails, the solution passes, three plausible wrong locks fail by
 * name, side by side (each run under its own key prefix). Skips loudly
 * without etcd, fails under FENCE_REQUIRE_TOOLS=1.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { findEtcd } from '../../src/lab/coordinator/find-coordinators.js';
import { type LaunchedEtcd, launchEtcd } from '../../src/lab/coordinator/etcd-launcher.js';
import { toolMissing } from '../lab/helpers.js';
import { checkClientFile } from './client-helpers.js';
import { fixture, shipped, statuses } from './helpers.js';

const ID = 'etcd-lock';
const skip = toolMissing('etcd');
let etcd: LaunchedEtcd | undefined;

describe.skipIf(skip)(`exercise ${ID}`, { concurrent: true, timeout: 120_000 }, () => {
  beforeAll(async () => {
    const bin = findEtcd();
    if (!bin) throw new Error('etcd is required (FENCE_REQUIRE_TOOLS=1) but not on PATH');
    etcd = await launchEtcd({ bin });
  });
  afterAll(async () => {
    await etcd?.stop();
  });
  const check = (file: string) => checkClientFile(ID, file, { etcdEndpoint: etcd!.endpoint });

  it('the starter fails: a plain put, and the lease ID as the token', async ({ expect }) => {
    const report = await check(shipped(ID, 'lock.mjs'));
    expect(statuses(report)).toMatchObject({ 'token-is-create-revision': 'failed', 'refuses-while-held': 'failed', 'one-winner': 'failed' });
    expect(report.checks.find((c) => c.id === 'token-is-create-revision')!.summary).toMatch(/\(that is the lease ID\)/);
  });

  it('the shipped solution passes every check', async ({ expect }) => {
    const report = await check(shipped(ID, 'solution.mjs'));
    expect(statuses(report)).toEqual({
      'takes-free-key': 'passed',
      'token-is-create-revision': 'passed',
      'refuses-while-held': 'passed',
      'one-winner': 'passed',
      'higher-after-expiry': 'passed',
    });
  });

  it('the lease ID as the token is caught by token-is-create-revision', async ({ expect }) => {
    const report = await check(fixture(ID, 'token-is-lease.mjs'));
    expect(statuses(report)).toMatchObject({ 'takes-free-key': 'passed', 'refuses-while-held': 'passed', 'token-is-create-revision': 'failed' });
  });

  it('a txn with no compare is caught by refuses-while-held and one-winner', async ({ expect }) => {
    const report = await check(fixture(ID, 'put-without-compare.mjs'));
    expect(statuses(report)).toMatchObject({ 'token-is-create-revision': 'passed', 'refuses-while-held': 'failed', 'one-winner': 'failed' });
  });

  it('a key put without the lease is caught by takes-free-key and higher-after-expiry', async ({ expect }) => {
    const report = await check(fixture(ID, 'no-lease.mjs'));
    expect(statuses(report)).toMatchObject({ 'takes-free-key': 'failed', 'refuses-while-held': 'passed', 'higher-after-expiry': 'failed' });
    expect(report.checks.find((c) => c.id === 'higher-after-expiry')!.summary).toMatch(/outlived/);
  });
});
