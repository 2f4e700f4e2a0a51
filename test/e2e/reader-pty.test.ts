/**
 * The reader in a real pseudo-terminal (tmux, explicit size, CI removed,
 * a temp FENCE_TUTOR_HOME): open a lesson with `fence-tutor lesson 1`,
 * scroll, give the embedded timeline the keys and play it, quit; start
 * again and see Home's Continue offer that lesson, then resume it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build-once.js';
import { startTmux, type TmuxSession, tmuxTestsEnabled } from '../helpers/tmux.js';

const root = join(import.meta.dirname, '..', '..');
const enabled = tmuxTestsEnabled();
let home = '';
let term: TmuxSession | undefined;

beforeAll(() => {
  if (!enabled) return;
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), 'fence-tutor-e2e-reader-'));
});

afterEach(async () => {
  await term?.kill();
  term = undefined;
});

afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

const start = (args = '') =>
  startTmux({
    cols: 100,
    rows: 30,
    cwd: root,
    command: `node bin/fence-tutor.js ${args}`,
    env: { FENCE_TUTOR_HOME: home, LANG: 'C.UTF-8', TERM: 'xterm-256color' },
  });

describe.skipIf(!enabled)('the reader in a real terminal', () => {
  it('opens a lesson, scrolls, plays its timeline, quits; the next start offers to continue it', { timeout: 90_000 }, async () => {
    term = await start('lesson 1');
    await term.waitFor('Lesson 1 of 11 › ');
    expect(term.screen()).toContain('You will be able to:');

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
    await term.waitFor(/The sink ends at/, 20_000);
    expect(term.screen()).toMatch(/t = (\d+) of \1/);

    // q gives the keys back to the text; q again leaves the lesson, and
    // since `lesson 1` was started from the shell, returns to the shell.
    await term.send('q');
    await term.waitFor('enter: play the timeline here');
    await term.send('q');
    expect(await term.waitForExit(10_000)).toBe(0);
    expect(term.screen()).not.toContain('Continue');
    await term.kill();

    const saved = JSON.parse(readFileSync(join(home, 'progress.json'), 'utf8'));
    expect(saved.lastLessonId).toBe('stale-holder');
    expect(saved.lessons['stale-holder'].readPercent).toBeGreaterThan(0);

    // Start again: Continue offers lesson 1 and resumes it where it was.
    term = await start();
    const homeScreen = await term.waitFor(/Continue\s+1\. .*\(read \d+%\)/);
    expect(homeScreen).toMatch(/❯ 1 Continue/);
    await term.send('Enter');
    await term.waitFor('Lesson 1 of 11 › ');
    // Back where it was: at the timeline, the goals at the top long scrolled away.
    const resumed = await term.waitFor('Try it: book-timeline');
    expect(resumed).not.toContain('You will be able to:');
    await term.send('C-c');
    expect(await term.waitForExit(10_000)).toBe(130);
  });
});
