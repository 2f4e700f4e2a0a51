/**
 * The restore experiment on a real terminal (tmux, 80x24): the Lab screen
 * runs it and shows both token modes and the verdict within the screen; and
 * `fence-tutor lab --experiment restore` without etcdctl exits 2 with the
 * install hint before any screen opens, while the Lab screen itself lists
 * restore as "needs etcdctl".
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { findEtcd } from '../../src/lab/coordinator/find-coordinators.js';
import type { TmuxSession } from '../helpers/tmux.js';
import { thisNode, tutorTerminal } from '../helpers/tutor-terminal.js';
import { tempHome, toolMissing } from './helpers.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('lab-cluster');
const enabled = tt.enabled && !toolMissing('etcd') && !toolMissing('etcdctl');
let term: TmuxSession;

// Node by its path: a PATH with etcd alone still runs the tutor.
function open(home: string, args: string, env: Record<string, string> = {}): Promise<TmuxSession> {
  return tt.start(args, { cols: 80, rows: 24, program: thisNode(), env: { FENCE_TUTOR_HOME: home, ...env } });
}

const pathDirs: string[] = [];
afterAll(() => {
  for (const dir of pathDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder whose PATH has etcd and nothing else (no etcdctl). */
function onlyEtcd(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fence-only-etcd-'));
  symlinkSync(findEtcd()!, join(dir, 'etcd'));
  pathDirs.push(dir);
  return dir;
}

describe.skipIf(!enabled)('restore on a terminal, 80x24', () => {
  it('runs in the Lab screen: both token modes and the verdict fit the screen', async () => {
    term = await open(tempHome(), 'lab --experiment restore');
    // The run's own lines (etcd restored, pid and revision) stand only while it goes, which can be
    // shorter than one look at the screen: the verdict's screen, which stays, says the restore happened.
    const done = await term.waitFor('verdict: as expected');
    expect(done).toMatch(/revision\s+C-late\s+D's write LOST: D, the holder, refused \(409\)/);
    expect(done).toMatch(/epoch\s+D-current\s+D's write kept: D accepted with 1:\d+/);
    expect(done).toMatch(/etcd restored from revision \d+ to \d+/);
    // Started from the shell, `q` at the Lab's top level returns to the shell.
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
  });

  // Two tests, not one: each phase gets the whole bound on a loaded machine.
  it('without etcdctl: the command exits 2 with the install hint before any screen opens', async () => {
    term = await open(tempHome(), 'lab --experiment restore', { PATH: onlyEtcd() });
    expect(await term.waitForExit()).toBe(2);
    expect(term.screen({ history: true })).toMatch(/etcdctl/);
  });

  it('without etcdctl: the Lab screen lists restore as needing etcdctl, failover as runnable', async () => {
    term = await open(tempHome(), 'lab --ttl 0.5', { PATH: onlyEtcd() });
    await term.waitFor('verdict: as expected');
    await term.send('r');
    const list = await term.waitFor('the real thing, on this machine');
    expect(list).toMatch(/restore[\s\S]*\(needs etcdctl\)/);
    expect(list).not.toMatch(/failover[^\n]*needs/);
    await term.send('q');
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
  });
});
