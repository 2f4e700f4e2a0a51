/**
 * Exercise zookeeper-lock against a real ZooKeeper (one throwaway server for
 * the file, each run under its own node): the starter fails, the solution
 * passes, each wrong token fails by name (the session id, the data version,
 * the sequence number), and the herd (every waiter watching the lock node)
 * fails watches-predecessor alone: it is a correct lock that wakes every
 * waiter at every change, which the recipe exists to avoid. Without
 * ZooKeeper: `exercise check` exits 2 naming the package. Skips loudly
 * without ZooKeeper, fails under FENCE_REQUIRE_TOOLS=1.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNRECORDED } from '../../src/lab/coordinator/etcd-launcher.js';
import { findZooKeeper, zookeeperSpec } from '../../src/lab/coordinator/zookeeper/zookeeper-server.js';
import { type LaunchedServer, launchServer } from '../../src/lab/servers/launch-server.js';
import type { PidfileContent } from '../../src/lab/processes/pidfile.js';
import { bin, ensureBuilt, root, tempHome } from '../lab/helpers.js';
import { leftovers, waitForPidfile } from '../lab/leftovers.js';
import { checkClientFile, zookeeperMissing } from './client-helpers.js';
import { fixture, shipped, statuses } from './helpers.js';

const ID = 'zookeeper-lock';
const skip = zookeeperMissing();
let server: LaunchedServer | undefined;

describe.skipIf(skip)(`exercise ${ID}`, { concurrent: true, timeout: 120_000 }, () => {
  beforeAll(async () => {
    const install = findZooKeeper();
    if (!install) throw new Error('ZooKeeper is required (FENCE_REQUIRE_TOOLS=1) but java or /usr/share/java/zookeeper.jar is missing');
    server = await launchServer(zookeeperSpec(install), { recorder: UNRECORDED });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const check = (file: string) => checkClientFile(ID, file, { zookeeperConnect: `127.0.0.1:${server!.ports[0]}` });
  const summary = (report: Awaited<ReturnType<typeof check>>, id: string) => report.checks.find((c) => c.id === id)!.summary;

  it('the starter fails: it holds without being lowest, and its token is the session id', async ({ expect }) => {
    const report = await check(shipped(ID, 'lock.mjs'));
    expect(statuses(report)).toEqual({
      'takes-free-lock': 'passed',
      'token-is-czxid': 'failed',
      'one-holder': 'failed',
      'waiter-wakes': 'failed',
      'watches-predecessor': 'failed',
      'higher-after-release': 'failed',
    });
    expect(summary(report, 'one-holder')).toMatch(/two holders at once/);
  });

  it('the shipped solution passes every check', async ({ expect }) => {
    const report = await check(shipped(ID, 'solution.mjs'));
    expect(report.passed, JSON.stringify(report.checks, null, 2)).toBe(true);
    expect(Object.values(statuses(report))).toEqual(Array(6).fill('passed'));
  });

  it("the session id as the token fails token-is-czxid and higher-after-release (B's session was opened first)", async ({ expect }) => {
    const report = await check(fixture(ID, 'token-is-session-id.mjs'));
    expect(statuses(report)).toMatchObject({ 'one-holder': 'passed', 'waiter-wakes': 'passed', 'token-is-czxid': 'failed', 'higher-after-release': 'failed' });
    expect(summary(report, 'token-is-czxid')).toMatch(/\(that is the session id\)/);
    expect(summary(report, 'higher-after-release')).toMatch(/^B's token \d+ is not above A's \d+/);
  });

  it('the data version as the token fails token-is-czxid and higher-after-release: 0 and 0', async ({ expect }) => {
    const report = await check(fixture(ID, 'token-is-data-version.mjs'));
    expect(statuses(report)).toMatchObject({ 'one-holder': 'passed', 'waiter-wakes': 'passed', 'token-is-czxid': 'failed', 'higher-after-release': 'failed' });
    expect(summary(report, 'token-is-czxid')).toMatch(/\(that is the node's data version/);
    expect(summary(report, 'higher-after-release')).toMatch(/^B's token 0 is not above A's 0/);
  });

  it('the sequence number as the token rises here, so token-is-czxid alone catches it', async ({ expect }) => {
    const report = await check(fixture(ID, 'token-is-sequence.mjs'));
    expect(statuses(report)).toMatchObject({ 'token-is-czxid': 'failed', 'higher-after-release': 'passed' });
    expect(summary(report, 'token-is-czxid')).toMatch(/\(that is the sequence number/);
  });

  it('the herd (every waiter watches the lock node) is a lock, but fails watches-predecessor', async ({ expect }) => {
    const report = await check(fixture(ID, 'watches-parent.mjs'));
    expect(statuses(report)).toEqual({
      'takes-free-lock': 'passed',
      'token-is-czxid': 'passed',
      'one-holder': 'passed',
      'waiter-wakes': 'passed',
      'watches-predecessor': 'failed',
      'higher-after-release': 'passed',
    });
    expect(summary(report, 'watches-predecessor')).toMatch(/watches the children of .*the herd effect/);
  });
});

const has = (p: PidfileContent, role: string) => p.children.some((c) => c.role === role && c.pid > 0);

describe.skipIf(skip)(`exercise check ${ID} interrupted`, { timeout: 90_000 }, () => {
  it.each([
    ['ZooKeeper is starting', 'SIGTERM', 143, (p: PidfileContent) => has(p, 'zookeeper')],
    ['the checks run (an acquire that hangs)', 'SIGINT', 130, (p: PidfileContent) => has(p, 'zookeeper') && has(p, 'exercise-client')],
  ] as const)('while %s: %s exits %i, nothing left', async (_phase, signal, status, reached) => {
    ensureBuilt();
    const home = tempHome('exercise-zookeeper-');
    const dir = mkdtempSync(join(tmpdir(), 'fence-zk-exercise-'));
    try {
      copyFileSync(fixture(ID, 'hangs.mjs'), join(dir, 'lock.mjs'));
      const child = spawn(process.execPath, [bin, 'exercise', 'check', ID, '--dir', dir, '--time-limit', '60000'], {
        cwd: root,
        env: { ...process.env, FENCE_TUTOR_HOME: home },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const seen = await waitForPidfile(home, reached, 60_000);
      child.kill(signal);
      expect(await exited).toBe(status);
      expect(await leftovers(home, [seen])).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
