/**
 * Where to go next, in a real terminal at 80x24 (and the first look at
 * Explore and at the simulator with reduced motion): once a lesson is done,
 * Home's Continue opens the next unfinished lesson (it used to reopen the
 * finished one at its reference list), and the finished lesson's last
 * screen says "lesson 1 of 13 done; next: lesson 2 (n)", with n working.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TmuxSession } from '../helpers/tmux.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('next');
let term: TmuxSession;

/** A data directory of its own (inside the file's, removed with it) where these lessons are finished. */
function finished(...ids: string[]): string {
  const home = mkdtempSync(join(tt.home, 'next-'));
  const at = '2026-11-30T10:00:00.000Z';
  const lessons = Object.fromEntries(
    ids.map((id) => [
      id,
      { firstOpenedAt: at, lastOpenedAt: at, position: 0.9, readPercent: 100, endReached: true, timeSpentMs: 60_000, completedAt: at, selfCheck: {} },
    ]),
  );
  writeFileSync(join(home, 'progress.json'), JSON.stringify({ schemaVersion: 1, lastLessonId: ids.at(-1), lessons }));
  return home;
}

const start = (args: string, dir: string) => tt.start(args, { cols: 80, rows: 24, env: { FENCE_TUTOR_HOME: dir } });

describe.skipIf(!tt.enabled)('where to go next', () => {
  it('Home: Continue after a finished lesson opens the next unfinished one', async () => {
    term = await start('', finished('stale-holder', 'lease-budgets'));
    // Lesson 2 is not done, lesson 3 (the last one read) is: Continue skips to 4.
    const screen = await term.waitFor(/Continue\s+4\. /);
    expect(screen).toContain('(next; 3 done)');
    await term.send('Enter');
    await term.waitFor('Lesson 4 of 13 › ');
  });

  it('a finished lesson ends with "lesson 1 of 13 done; next: lesson 2 (n)", and n opens lesson 2', async () => {
    term = await start('lesson 1', finished('stale-holder'));
    await term.waitFor('Lesson 1 of 13 › ');
    await term.send('G');
    await term.waitFor('lesson 1 of 13 done; next: lesson 2 (n)');
    // On a loaded machine the frame can show before the screen has re-bound its keys.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await term.send('n');
    await term.waitFor('Lesson 2 of 13 › ');
  });

  it('Explore from Home opens on the split check, with something to replay (80x24)', async () => {
    term = await start('', finished('stale-holder'));
    await term.waitFor(/4 Explore/);
    await term.send('4');
    await term.waitFor('Explore › pick a scenario');
    await term.send('Enter');
    const screen = await term.waitFor('enter replay it');
    expect(screen).toMatch(/Explore › late-write .*split/);
    expect(screen).toContain('6 of them accept a stale write');
  });

  it('--reduced-motion opens the simulator at t=0, and space steps one event', async () => {
    term = await start('sim --scenario late-write --reduced-motion', finished('stale-holder'));
    await term.waitFor('t = 0 of 31');
    await term.send('Space');
    const screen = await term.waitFor('t = 1 of 31');
    expect(screen).toContain('■ paused');
  });
});
