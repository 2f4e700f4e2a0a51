/**
 * Ctrl-C on the Lab screen while the lab is still starting (issue 16): it
 * once printed a raw minified stack ("sink exited before it was ready") and
 * exited 1. Now: exit 130, no stack on the screen, every process it started
 * ended and its pidfile gone.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { tutorTerminal } from '../helpers/tutor-terminal.js';
import { stillAlive, tempHome } from './helpers.js';
import { pidfilesOf, processesOfHome, waitForPidfile } from './leftovers.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('lab-start');

/** The lab's own processes (children and etcd), not the pane's shell. */
function labProcesses(home: string): number[] {
  return processesOfHome(home).filter((pid) => {
    try {
      return /lab-(worker|sink)|etcd/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
}

describe.skipIf(!tt.enabled)('Ctrl-C while the lab starts, on a terminal', () => {
  it.each([
    ['the sink and workers are starting', 'embedded', 'sink'],
    ['etcd is starting', 'etcd', 'etcd'],
  ])('%s: exit 130, no stack, nothing left', async (_name, coordinator, role) => {
    const home = tempHome('lab-tty-start-');
    const term = await tt.start(`lab --ttl 8 --coordinator ${coordinator}`, { cols: 100, rows: 32, env: { FENCE_TUTOR_HOME: home } });
    const seen = await waitForPidfile(home, (p) => p.children.some((c) => c.role === role));
    await term.send('C-c');
    expect(await term.waitForExit()).toBe(130);
    const screen = term.screen();
    expect(screen).not.toMatch(/exited before it was ready|unexpected error|\bat .*\.js:\d+/);
    expect(
      await stillAlive(
        seen.children.map((c) => c.pid),
        3000,
      ),
    ).toEqual([]);
    expect(labProcesses(home)).toEqual([]);
    expect(pidfilesOf(home)).toEqual([]);
  });
});
