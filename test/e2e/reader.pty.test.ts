/**
 * The reader in a real pseudo-terminal (tmux, explicit size, CI removed,
 * a temp FENCE_TUTOR_HOME): open a lesson with `fence-tutor lesson 1`,
 * scroll, give the embedded timeline the keys and play it, quit; start
 * again and see Home's Continue offer that lesson, then resume it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TmuxSession } from '../helpers/tmux.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

// tmux, the build, a FENCE_TUTOR_HOME for this file, and every session killed after each test.
const tt = tutorTerminal('reader');
let term: TmuxSession | undefined;

const start = (args = '') => tt.start(args);

describe.skipIf(!tt.enabled)('the reader in a real terminal', () => {
  it('opens a lesson, scrolls, plays its timeline, quits; the next start offers to continue it', { timeout: 90_000 }, async () => {
    term = await start('lesson 1');
    await term.waitFor('Lesson 1 of 13 › ');
    expect(term.screen()).toContain('You will be able to:');
    // The first frame lays out one screen and the whole lesson comes a moment later
    // (first-screen.ts); the line count shows once it has, and scrolling reaches it all.
    await term.waitFor(/\d+-\d+ of \d+ lines/);

    // Scroll: a line, then a page; the goals scroll away.
    await term.send('Down');
    await term.send('PageDown');
    await term.waitFor(/^(?![\s\S]*You will be able to:)/);

    // Tab to the first embedded timeline, give it the keys, play it to the end.
    await term.send('Tab');
    await term.waitFor('Try it: book-timeline');
    await term.send('Enter');
    await term.waitFor('The timeline has the keys');
    for (const speed of ['2x', '4x', '8x']) {
      await term.send('+');
      await term.waitFor(speed);
    }
    await term.send('Space');
    await term.waitFor('▶ playing');
    await term.waitFor(/The sink ends at/);
    expect(term.screen()).toMatch(/t = (\d+) of \1/);

    // q gives the keys back to the text; q again leaves the lesson, and
    // since `lesson 1` was started from the shell, returns to the shell.
    await term.send('q');
    await term.waitFor('enter: play the timeline here');
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
    expect(term.screen()).not.toContain('Continue');
    await term.kill();

    const saved = JSON.parse(readFileSync(join(tt.home, 'progress.json'), 'utf8'));
    expect(saved.lastLessonId).toBe('stale-holder');
    expect(saved.lessons['stale-holder'].readPercent).toBeGreaterThan(0);

    // Start again: Continue offers lesson 1 and resumes it where it was.
    term = await start();
    const homeScreen = await term.waitFor(/Continue\s+1\. .*\(read \d+%\)/);
    expect(homeScreen).toMatch(/❯ 1 Continue/);
    await term.send('Enter');
    await term.waitFor('Lesson 1 of 13 › ');
    // Back where it was: at the timeline, the goals at the top long scrolled away.
    const resumed = await term.waitFor('Try it: book-timeline');
    expect(resumed).not.toContain('You will be able to:');
    await term.send('C-c');
    expect(await term.waitForExit()).toBe(130);
  });
});
