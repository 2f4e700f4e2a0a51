/**
 * The challenge screen as a learner uses it: the goal above the timeline,
 * an act that solves it (recorded in progress with its acts), undo taking
 * it back, a toggle the challenge does not allow refused in words, a step
 * added from the act menu, and an ordering goal decided by the explorer.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkRun } from '../../src/challenges/check-run.js';
import { explore } from '../../src/core/explorer.js';
import { allChallenges } from '../../src/content/challenges/challenge-files.js';
import { loadScenarioFile } from '../../src/content/scenario/scenario-loader.js';
import { loadProgress } from '../../src/progress/progress-file.js';
import { appProgressStore, forgetProgressStores } from '../../src/store/progress-store.js';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'fence-challenge-screen-'));
  process.env.FENCE_TUTOR_HOME = home;
  forgetProgressStores();
});
afterEach(() => cleanup());

describe('the challenge screen', () => {
  it('states the goal above the timeline, solves with one act at par, records it, and undo takes it back', async () => {
    const { stdin, lastFrame } = await renderApp({ screen: 'challenge', id: 'lose-b-update' });
    const first = await waitForFrame(lastFrame, 'Not yet: the sink should end at "1", but the run gives "100"');
    expect(first).toContain("Challenge › Lose B's update");
    expect(first).toContain('Goal: the sink ends at "1"; 1 stale acceptance.');
    expect(first).toContain('acts 0 · par 1');
    expect(first.indexOf('Goal:')).toBeLessThan(first.indexOf('coordinator'));
    await press(stdin, 'f');
    const solved = await waitForFrame(lastFrame, 'Solved in 1 act, at par (1).');
    expect(solved).toContain('acts 1 · par 1');
    expect(appProgressStore().getState().progress.challenges?.['lose-b-update']).toMatchObject({ fewestActs: 1 });
    expect(loadProgress(home).challenges?.['lose-b-update']?.fewestActs).toBe(1);
    await press(stdin, 'u');
    await waitForFrame(lastFrame, 'Not yet: the sink should end at "1", but the run gives "100"');
  });

  it('at 80x24 the task, the goal, what may change and every miss are whole (they were cut with an ellipsis)', async () => {
    const { lastFrame } = await renderApp({ screen: 'challenge', id: 'short-lease' }, { size: { columns: 80, rows: 24 } });
    const frame = await waitForFrame(lastFrame, 'Not yet:');
    const text = frame
      .split('\n')
      .map((l) => l.trim())
      .join(' ');
    expect(text).toContain('its 30-tick lease outlasts the pause, so B never gets the lock. Use a lease of at most 20 ticks.');
    expect(text).toContain('Goal: the sink ends at "100"; rejected writes from exactly A; a lease of at most 20 ticks.');
    expect(text).toContain('You may: add, remove or change write steps; change the TTL.');
    expect(text).toContain('wanted a lease of at most 20 ticks, but in this run the lease is 30 ticks');
    // Verdicts in words (issue 33): no internal field names.
    expect(text).not.toMatch(/ttlAtMost|rejected:|final:/);
    expect(frame).not.toContain('…');
    expect(frame.split('\n').length).toBeLessThanOrEqual(24);
  });

  it('under --narrate says the run in sentences instead of drawing it', async () => {
    const { lastFrame } = await renderApp({ screen: 'challenge', id: 'lose-b-update' }, { display: { narrate: true }, size: { columns: 80, rows: 24 } });
    const frame = await waitForFrame(lastFrame, 'Not yet:');
    expect(frame).toContain("t=11: A's lease ends while A is paused; B is granted the lock with token 2.");
    expect(frame).toContain('The sink ends at "100" (from B); 1 write rejected; no stale acceptance.');
    expect(frame).not.toMatch(/[─═│├┼▼●╳░◌]/);
  });

  it('refuses a toggle the challenge does not allow, and adds a step from the act menu', async () => {
    const { stdin, lastFrame } = await renderApp({ screen: 'challenge', id: 'pause-past-lease' });
    await waitForFrame(lastFrame, 'Not yet:');
    await press(stdin, 'f');
    await waitForFrame(lastFrame, 'Refused: this challenge does not let you change fencing');
    // Select A's write at t=1, open the act menu: its first entry is "A pauses", added at t=1.
    await press(stdin, 'down', 'down', 'n');
    await waitForFrame(lastFrame, 'A pauses for 10 ticks');
    await press(stdin, 'down', 'enter');
    const frame = await waitForFrame(lastFrame, /acts 1 · par 1/);
    expect(frame).toMatch(/Last act: adding A's pause/);
  });

  it('the act menu scrolls with its pointer, down to its last choice (issue 33)', async () => {
    const { stdin, lastFrame } = await renderApp({ screen: 'challenge', id: 'pause-past-lease' });
    await waitForFrame(lastFrame, 'Not yet:');
    await press(stdin, 'down', 'n');
    const open = await waitForFrame(lastFrame, /\(1 of (\d+); enter adds/);
    const count = Number(/\(1 of (\d+);/.exec(open)![1]);
    for (let i = 1; i < count; i++) {
      await press(stdin, 'down');
      const frame = await waitForFrame(lastFrame, `(${i + 1} of ${count};`);
      // The pointer is on a row shown, whichever choice it is on.
      expect(frame).toMatch(/^\s*❯ \S/m);
    }
  });

  it('s shows the solution as the steps that differ, in words, then in the scenario format (issue 33)', async () => {
    const { stdin, lastFrame } = await renderApp({ screen: 'challenge', id: 'atomic-proof' });
    await waitForFrame(lastFrame, 'Not yet:');
    await press(stdin, 's');
    const words = await waitForFrame(lastFrame, 'change: A\'s write of "0" at t=1 becomes A writes "0", 20 ticks in flight at t=1');
    expect(words).not.toContain('{"ttl"');
    // The message row sits below the steps box the solution replaces: it says so.
    expect(words).toContain('Above: the solution, the steps that differ from the start (s shows them in the scenario format).');
    await press(stdin, 's');
    await waitForFrame(lastFrame, '- { at: 1, actor: "A", do: write, value: "0", delay: 20 }');
  });

  it('w saves the run as it stands, and challenge --check judges that file as the screen does (issue 33)', async () => {
    const { stdin, lastFrame } = await renderApp({ screen: 'challenge', id: 'lose-b-update' });
    await waitForFrame(lastFrame, 'Not yet:');
    await press(stdin, 'f', 'w');
    const frame = await waitForFrame(lastFrame, /Saved to \S+lose-b-update-run\.yaml; check it with:/);
    const path = /Saved to (\S+\.yaml);/.exec(frame)![1]!;
    const challenge = allChallenges().find((c) => c.id === 'lose-b-update')!;
    const run = loadScenarioFile(path);
    const { verdict } = checkRun(challenge, run, (sc) => explore(sc));
    expect(verdict).toMatchObject({ solved: true, acts: 1 });
  });

  it('decides an ordering goal with the explorer and shows the verdict when it arrives', async () => {
    const { stdin, lastFrame } = await renderApp({ screen: 'challenge', id: 'some-ordering' });
    await waitForFrame(lastFrame, 'Not yet: wanted some ordering accepts a stale write');
    await press(stdin, 'a');
    await waitForFrame(lastFrame, 'Solved in 1 act, at par (1).');
  });
});
