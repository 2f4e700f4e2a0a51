/**
 * Issue 16: shrinking the terminal below 80x24 and back keeps each screen's
 * state. The screen is hidden under the too-small notice, not unmounted:
 * the simulator keeps its toggles and lease, the Lab keeps its result and
 * never runs its experiment again (a second run into the same folder failed:
 * "already holds a lab run's evidence"). The notice suggests commands that
 * work at any size.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TmuxSession } from '../helpers/tmux.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('resize');
let term: TmuxSession;
const start = (args: string) => tt.start(args);

/** Down to 70x20 (the notice), then back to 100x30. */
async function shrinkAndBack(t: TmuxSession): Promise<string> {
  t.resize(70, 20);
  const notice = await t.waitFor('this one is 70x20');
  t.resize(100, 30);
  // A screen with something on it and no notice left.
  await t.waitFor(/^(?![\s\S]*needs a terminal)[\s\S]*\S/);
  return notice;
}

describe.skipIf(!tt.enabled)('resizing below 80x24 and back', () => {
  it('the simulator keeps fencing, check and lease, and the cursor', async () => {
    term = await start('sim --scenario late-write');
    await term.waitFor('Simulator › late-write');
    // One key at a time, each after the screen answered the last.
    await term.send('f');
    await term.waitFor('fencing OFF');
    await term.send('a');
    await term.waitFor('check split');
    await term.send(']');
    await term.waitFor('lease 11');
    // `r` puts the run at tick 0, paused, whatever it was doing (playing, or a frame behind the
    // keys); one step then lands on tick 1, which only a key moves: waited for exactly, so the
    // tick compared after the resize is never one read from a frame drawn before a key was handled.
    await term.send('r', 'Right');
    await term.waitFor(/paused 1x\s+t = 1 of/);
    const before = '1';
    const notice = await shrinkAndBack(term);
    // It suggests a command that works on this terminal as it is (not the bare `--plain`, which only lists commands).
    expect(notice.replace(/\s+/g, ' ')).toContain('fence-tutor lesson 1 --plain');
    const screen = await term.waitFor('Simulator › late-write');
    expect(screen).toMatch(/fencing OFF[\s\S]*check split[\s\S]*lease 11/);
    expect(/t = (\d+) of/.exec(screen)?.[1]).toBe(before);
    await term.send('C-c');
    expect(await term.waitForExit()).toBe(130);
  });

  it('keys pressed while too small do not reach the hidden screen; q quits', async () => {
    term = await start('sim --scenario late-write');
    await term.waitFor('fencing ON');
    term.resize(70, 20);
    await term.waitFor('this one is 70x20');
    await term.send('f');
    term.resize(100, 30);
    await term.waitFor('Simulator › late-write');
    expect(term.screen()).toContain('fencing ON');
    term.resize(70, 20);
    await term.waitFor('this one is 70x20');
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
  });

  it('the Lab keeps its result and does not run again', async () => {
    const out = join(tt.home, 'lab-once');
    term = await start(`lab --ttl 1 --out ${out}`);
    const done = await term.waitFor('evidence: run.json');
    expect(done).toContain('verdict: as expected');
    await shrinkAndBack(term);
    const screen = await term.waitFor('verdict: as expected');
    expect(screen).toContain('evidence: run.json');
    expect(screen).not.toContain('already holds');
    expect(screen).not.toContain('the run failed');
    // Started from the shell, `q` at the Lab's top level returns to the shell.
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
  });
});
