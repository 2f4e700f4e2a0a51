/**
 * `fence-tutor lab` on a real terminal (tmux) opens the Lab screen and runs
 * at once; Ctrl-C while A is stopped says "stopping" at once, ends every
 * process, says so in one line and exits 130.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { PidfileContent } from '../../src/lab/processes/pidfile.js';
import { processState } from '../../src/lab/processes/proc.js';
import type { TmuxSession } from '../helpers/tmux.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';
import { stillAlive, tempHome, whenAStopped } from './helpers.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('lab');
let term: TmuxSession;

function open(home: string, args: string): Promise<TmuxSession> {
  return tt.start(`lab ${args}`, { cols: 100, rows: 32, env: { FENCE_TUTOR_HOME: home } });
}

function pidfileOf(home: string): PidfileContent | undefined {
  try {
    const name = readdirSync(join(home, 'run')).find((n) => n.startsWith('lab-'));
    return name ? (JSON.parse(readFileSync(join(home, 'run', name), 'utf8')) as PidfileContent) : undefined;
  } catch {
    return undefined;
  }
}

describe.skipIf(!tt.enabled)('lab on a terminal', () => {
  it('runs in the Lab screen: live steps, then both modes and the evidence; q returns to the shell with 0', async () => {
    const home = tempHome();
    term = await open(home, '--ttl 0.5');
    await term.waitFor(/holds the lock with token \d+/);
    const done = await term.waitFor('evidence: run.json');
    expect(done).toContain('verdict: as expected');
    expect(done).toMatch(/fenced\s+B-current\s+B's write kept: A rejected: 409/);
    expect(done).toMatch(/sink plain/);
    expect(done).toContain('enter run late-write again');
    // Started from the shell: q at the Lab's top level returns there, not to Home.
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
  });

  it('Ctrl-C while A is stopped: exit 130, nothing left running', async () => {
    const home = tempHome();
    term = await open(home, '--ttl 8');
    await term.waitFor('waiting to see the lock gone');
    const pidfile = pidfileOf(home);
    expect(pidfile).toBeDefined();
    const a = pidfile!.children.find((c) => c.role === 'A')!;
    expect(processState(a.pid)).toBe('T');
    await term.send('C-c');
    // Issue 33: said at once, while the run ends its processes (the app quits once they are).
    await term.waitFor('stopping… ending every process the run started');
    expect(await term.waitForExit()).toBe(130);
    // Said once the app has given the terminal back, as the plain path says it.
    expect(term.screen({ history: true })).toContain('fence-tutor: lab interrupted; every process it started has ended');
    expect(await stillAlive(pidfile!.children.map((c) => c.pid))).toEqual([]);
    expect(pidfileOf(home)).toBeUndefined();
  });

  it('q while A is stopped: the run is ended, said in one line, and the shell is back with 0', async () => {
    const home = tempHome();
    term = await open(home, '--ttl 8');
    await term.waitFor('q stop the run');
    // The hint line shows as the run begins, before its pidfile is written: wait for A stopped in it.
    const pidfile = await whenAStopped(home);
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
    expect(term.screen({ history: true })).toContain('fence-tutor: lab interrupted; every process it started has ended');
    expect(await stillAlive(pidfile!.children.map((c) => c.pid))).toEqual([]);
    expect(pidfileOf(home)).toBeUndefined();
  });
});
