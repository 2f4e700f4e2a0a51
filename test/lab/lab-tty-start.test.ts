/**
 * Ctrl-C on the Lab screen while the lab is still starting (issue 16): it
 * once printed a raw minified stack ("sink exited before it was ready") and
 * exited 1. Now: exit 130, no stack on the screen, every process it started
 * ended and its pidfile gone.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTmux, type TmuxSession, tmuxTestsEnabled } from '../helpers/tmux.js';
import { ensureBuilt, root, stillAlive, tempHome } from './helpers.js';
import { pidfilesOf, processesOfHome, waitForPidfile } from './leftovers.js';

const enabled = tmuxTestsEnabled();
let term: TmuxSession | undefined;

beforeAll(() => {
  if (enabled) ensureBuilt();
});
afterEach(async () => {
  await term?.kill();
  term = undefined;
});

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

describe.skipIf(!enabled)('Ctrl-C while the lab starts, on a terminal', () => {
  it.each([
    ['the sink and workers are starting', 'embedded', 'sink'],
    ['etcd is starting', 'etcd', 'etcd'],
  ])('%s: exit 130, no stack, nothing left', async (_name, coordinator, role) => {
    const home = tempHome('lab-tty-start-');
    term = await startTmux({
      cols: 100,
      rows: 32,
      cwd: root,
      command: `node bin/fence-tutor.js lab --ttl 8 --coordinator ${coordinator}`,
      env: { FENCE_TUTOR_HOME: home, LANG: 'C.UTF-8', TERM: 'xterm-256color' },
    });
    const seen = await waitForPidfile(home, (p) => p.children.some((c) => c.role === role));
    await term.send('C-c');
    expect(await term.waitForExit(10_000)).toBe(130);
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
