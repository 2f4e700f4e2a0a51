/**
 * The app on a terminal with a data directory it cannot use: one line
 * naming the path and the fix, exit 2, before any screen opens.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('data-dir');

describe.skipIf(!tt.enabled)('the app with a broken data directory', () => {
  it('progress.json is a directory: one line with the fix, exit 2', async () => {
    const home = mkdtempSync(join(tt.home, 'bad-home-tty-'));
    mkdirSync(join(home, 'progress.json'));
    const term = await tt.start('', { cols: 80, rows: 24, env: { FENCE_TUTOR_HOME: home } });
    expect(await term.waitForExit()).toBe(2);
    // The 80-column pane wraps the line; joined again, it reads as written.
    const screen = term.screen({ history: true }).replace(/\n/g, '');
    expect(screen).toContain(`${join(home, 'progress.json')} is a directory where fence-tutor keeps a file. Fix: move it away`);
    expect(screen).not.toMatch(/\bat .*\.js:\d+/);
  });
});
