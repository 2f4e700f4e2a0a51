import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { runsDir } from '../../src/content/scenario/run-paths.js';
import { loadScenarioFile } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';

afterEach(() => cleanup());

const SIZE = { size: { columns: 80, rows: 24 } };

async function openLateWrite(options: Parameters<typeof renderApp>[1] = SIZE) {
  const app = await renderApp({ screen: 'simulator', scenario: 'late-write' }, options);
  await waitForFrame(app.lastFrame, 'Your acts');
  return app;
}

function fits(frame: string) {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(23);
  for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
}

describe('acting on a run in the simulator', () => {
  it('x opens the act menu: who, then what; the act replays and says what it changed', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    expect(lastFrame()).toContain('Your acts: none yet');
    await press(stdin, 'x');
    expect(lastFrame()).toContain('Act at t=0 › who acts?');
    expect(lastFrame()).toMatch(/1 A\n.*2 B\n.*3 C \(a new worker\)\n.*4 the coordinator\n.*5 the sink/);
    expect(lastFrame()).toContain('enter choose');
    fits(lastFrame() ?? '');
    await press(stdin, '2');
    expect(lastFrame()).toContain('7 write a value');
    fits(lastFrame() ?? '');
    // B pauses at 0, before its acquire at 3: it never takes the lock, so A's late "1" is the last word.
    await press(stdin, '4');
    expect(lastFrame()).toContain(`Changed by adding B's pause at t=0: the sink ends at "1" instead of "100".`);
    expect(lastFrame()).toContain('Your acts: 1');
    fits(lastFrame() ?? '');
  });

  it('a typed value may hold q; a refused act is explained and changes nothing', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'x', '1', '7');
    expect(lastFrame()).toContain('A writes the value:');
    expect(lastFrame()).toContain('101 (suggested');
    // While typing, ? and q are text: the hint line offers only the typing keys.
    expect(lastFrame()).toMatch(/enter done {2}backspace erase {2}esc back\n*$/);
    expect(lastFrame()).not.toContain('? help');
    await press(stdin, 'n', 'u', 'l', 'l', 'enter', 'enter');
    expect(lastFrame()).toContain('Refused: a written value may not be the text "null"');
    expect(lastFrame()).toContain('t = 0 of 31');
    await press(stdin, 'x', '1', '7', 'q', 'enter', '3', 'enter');
    expect(lastFrame()).toContain(`Changed by adding A's write of "q" (3 ticks in flight) at t=0`);
    expect(lastFrame()).toContain('Simulator › late-write');
  });

  it('s lists the steps: delete one, move one a tick, undo and redo', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 's');
    const frame = lastFrame() ?? '';
    expect(frame).toContain('Steps of the run (7; + yours)');
    expect(frame).toMatch(/❯ {2}t=31 {2}A writes "1"/);
    expect(frame).toContain('del delete');
    fits(frame);
    await press(stdin, 'up', 'up', 'up', 'up');
    expect(lastFrame()).toMatch(/❯ {2}t=2 {2}A pauses/);
    await press(stdin, 'backspace');
    expect(lastFrame()).toContain('Steps of the run (6; + yours)');
    await press(stdin, 'esc');
    expect(lastFrame()).toContain(`Changed by deleting A's pause at t=2: the sink ends at "1" instead of "100".`);
    await press(stdin, 'u');
    expect(lastFrame()).toContain(`Changed by undoing deleting A's pause at t=2: the sink ends at "100"`);
    await press(stdin, 'y');
    expect(lastFrame()).toContain('Changed by redoing deleting');
    await press(stdin, 's', 'up', 'up', 'right');
    expect(lastFrame()).toMatch(/❯ \+t=15 {2}B writes "100"/);
    await press(stdin, '+', '+');
    expect(lastFrame()).toMatch(/❯ \+t=15 {2}B writes "100", 2 ticks in flight/);
  });

  it('x while playing pauses at the moment shown, and the act lands there', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'space');
    await waitForFrame(lastFrame, /t = [1-9]\d* of 31/);
    await press(stdin, 'x');
    const tick = /Act at t=(\d+)/.exec(lastFrame() ?? '')?.[1];
    expect(lastFrame()).toContain('■ paused');
    expect(lastFrame()).toContain(`t = ${tick} of 31`);
    await press(stdin, '1', '6');
    expect(lastFrame()).toContain(`Changed by adding A's resume at t=${tick}`);
  });

  it('keys that come before a redraw go where the learner now is (a busy machine)', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    // In one act(): no redraw between the keys, as when they arrive faster than the screen draws.
    await act(async () => {
      for (const k of ['x', '2', '4', 's']) stdin.write(k);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(lastFrame()).toContain('Steps of the run (8; + yours)');
    expect(lastFrame()).toMatch(/❯ \+t=0 {2}B pauses/);
    await act(async () => {
      // From the steps list: act (the sink forgets its mark), then save with the title "q": q is text at once.
      for (const k of ['x', '5', '2', 'w', 'q', '\r']) stdin.write(k);
      await new Promise((resolve) => setTimeout(resolve, 60));
    });
    expect(lastFrame()).toContain(`Save "q" to the file`);
    expect(lastFrame()).toContain('q.yaml');
  });

  it('a title pasted with its Enter in one read is typed whole, then confirmed', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'x', '2', '4', 'w');
    expect(lastFrame()).toContain('Save the run: its title:');
    await act(async () => {
      stdin.write('Pause B\r');
    });
    // Before, the field refused the whole read (text and a control key): the title stayed empty.
    const frame = await waitForFrame(lastFrame, 'Save "Pause B" to the file');
    expect(frame).toContain('pause-b.yaml');
  });

  it('help shows the acting keys, and the steps list has its own', async () => {
    const { stdin, lastFrame } = await openLateWrite({ size: { columns: 100, rows: 40 } });
    await press(stdin, '?');
    expect(lastFrame()).toContain('act on the run at this tick');
    expect(lastFrame()).toContain('save the run as a scenario file');
    await press(stdin, '?', 's', '?');
    expect(lastFrame()).toContain('Steps of the run');
    expect(lastFrame()).toContain('move the selected step one tick earlier');
  });

  it('toggles keep working and count as acts; undo takes one back', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'f');
    expect(lastFrame()).toContain('fencing OFF');
    expect(lastFrame()).toContain('Your acts: 1');
    await press(stdin, 'u');
    expect(lastFrame()).toContain('fencing ON');
    expect(lastFrame()).toContain('Your acts: none yet');
  });

  it('--narrate says each act in words', async () => {
    const { stdin, lastFrame, frames } = await openLateWrite({ ...SIZE, display: { narrate: true } });
    await press(stdin, 'x', '2', '4');
    expect(frames.join('\n')).toContain(`adding B's pause at t=0: the sink ends at "1" instead of "100"`);
    expect(lastFrame()).toContain('Your acts: 1');
  });

  it('w saves the run (title, then path) where Your runs finds it, and it replays the same', async () => {
    const path = join(runsDir(), 'pause-b.yaml');
    rmSync(path, { force: true });
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'x', '2', '4', 'w');
    expect(lastFrame()).toContain('Save the run: its title:');
    await press(stdin, 'P', 'a', 'u', 's', 'e', ' ', 'B', 'enter');
    expect(lastFrame()).toContain('pause-b.yaml');
    await press(stdin, 'enter');
    // The writer loads as the run is saved (use-sandbox.ts): the notice follows once it has written.
    await waitForFrame(lastFrame, `Saved to ${path}`);
    expect(existsSync(path)).toBe(true);
    const saved = loadScenarioFile(path);
    expect(saved.title).toBe('Pause B');
    expect(simulate(saved).final.value).toBe('1');
    cleanup();
    // A saved file edited into something invalid is named, not opened, and the others still list.
    const broken = join(runsDir(), 'broken.yaml');
    writeFileSync(broken, 'id: broken\nsteps: []\n');
    try {
      const home = await renderApp({ screen: 'simulator', runs: true }, SIZE);
      await waitForFrame(home.lastFrame, 'Your runs');
      expect(home.lastFrame()).toMatch(/pause-b\.yaml +Pause B/);
      expect(home.lastFrame()).toContain('1 saved file could not be read: ');
      expect(home.lastFrame()).toContain('broken.yaml');
    } finally {
      rmSync(broken);
    }
  });
});

describe('leaving the simulator with acts not saved (issue 33)', () => {
  it("q asks, with the keymap's keys; n stays; q twice leaves", async () => {
    const { stdin, lastFrame, router } = await openLateWrite();
    await press(stdin, 'f');
    expect(lastFrame()).toContain('Your acts: 1');
    await press(stdin, 'q');
    const asked = lastFrame() ?? '';
    expect(asked).toContain('Leave the simulator? 1 act on this run is not saved.');
    expect(asked).toContain('y or q/esc leaves (the acts are lost), n stays (then w saves the run)');
    // The hint line is the keymap's for the question.
    expect(asked).toMatch(/y leave {2}n stay {2}\? help {2}q leave/);
    fits(asked);
    await press(stdin, 'n');
    expect(lastFrame()).not.toContain('Leave the simulator?');
    expect(router.getState().stack.at(-1)?.screen).toBe('simulator');
    // y is redo in the simulator, never at the question: it did not redo anything above either.
    expect(lastFrame()).toContain('Your acts: 1');
    await press(stdin, 'q');
    expect(lastFrame()).toContain('Leave the simulator?');
    await press(stdin, 'q');
    expect(router.getState().stack.at(-1)?.screen).toBe('home');
  });

  it('y at the question leaves; with no acts q leaves at once', async () => {
    const first = await openLateWrite();
    await press(first.stdin, 'q');
    expect(first.router.getState().stack.at(-1)?.screen).toBe('home');
    cleanup();
    const { stdin, lastFrame, router } = await openLateWrite();
    await press(stdin, 'f', 'esc');
    expect(lastFrame()).toContain('Leave the simulator?');
    await press(stdin, 'y');
    expect(router.getState().stack.at(-1)?.screen).toBe('home');
  });
});
