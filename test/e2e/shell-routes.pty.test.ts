/**
 * A screen started from the shell (`fence-tutor lesson 2`, `quiz --mode
 * review`) is the bottom of the app: q at its top level returns to the
 * shell, with 0, rather than to a Home the learner never opened.
 */
import { describe, expect, it, vi } from 'vitest';
import type { TmuxSession } from '../helpers/tmux.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('shell');
let term: TmuxSession;
const start = (args: string) => tt.start(args, { cols: 80, rows: 24 });

describe.skipIf(!tt.enabled)('q at the top level of a command started from the shell', () => {
  it('lesson 2: q returns to the shell', async () => {
    term = await start('lesson 2');
    await term.waitFor(/Lesson 2 of \d+ › /);
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
    expect(term.screen()).not.toContain('Continue');
  });

  it('quiz --mode review: q returns to the shell', async () => {
    term = await start('quiz --mode review');
    await term.waitFor(/review/i);
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
    expect(term.screen()).not.toContain('Continue');
  });
});
