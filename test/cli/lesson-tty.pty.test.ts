/**
 * `fence-tutor lesson` on a real terminal (tmux): with --plain it prints at
 * the terminal's own width; without it, it opens the reader screen.
 */
import { describe, expect, it, vi } from 'vitest';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('lesson');

describe.skipIf(!tt.enabled)('fence-tutor lesson on a terminal', () => {
  it('--plain prints at the terminal width, not 80', async () => {
    // `read` keeps the pane open after the lesson, so its end stays on screen.
    const term = await tt.start('lesson 2 --plain; read x', { cols: 64, rows: 40 });
    const screen = await term.waitFor('Terms used in this lesson');
    const lines = screen.split('\n');
    expect(lines.some((l) => l.trimEnd().length > 56)).toBe(true);
    for (const l of lines) expect([...l.trimEnd()].length).toBeLessThanOrEqual(64);
    expect(screen).not.toContain('Lesson 2.'); // scrolled: it is longer than the screen
  });

  it('without --plain opens the reader on the lesson', async () => {
    const term = await tt.start('lesson token-contract', { cols: 100, rows: 30 });
    const screen = await term.waitFor(/fencing token contract/i);
    expect(screen).toMatch(/fencing token contract/i);
    await term.send('C-c');
    await term.waitForExit();
    expect(term.alive()).toBe(false);
  });
});
