/**
 * The app on a terminal with a data directory it cannot use: one line
 * naming the path and the fix, exit 2, before any screen opens.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTmux, type TmuxSession, tmuxTestsEnabled } from '../helpers/tmux.js';
import { ensureBuilt, root } from './cli-run.js';

const enabled = tmuxTestsEnabled();
let term: TmuxSession | undefined;
beforeAll(() => {
  if (enabled) ensureBuilt();
});
afterEach(async () => {
  await term?.kill();
  term = undefined;
});

describe.skipIf(!enabled)('the app with a broken data directory', () => {
  it('progress.json is a directory: one line with the fix, exit 2', async () => {
    const home = mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? tmpdir(), 'bad-home-tty-'));
    mkdirSync(join(home, 'progress.json'));
    term = await startTmux({
      cols: 80,
      rows: 24,
      cwd: root,
      command: 'node bin/fence-tutor.js',
      env: { FENCE_TUTOR_HOME: home, LANG: 'C.UTF-8', TERM: 'xterm-256color' },
    });
    expect(await term.waitForExit(15_000)).toBe(2);
    // The 80-column pane wraps the line; joined again, it reads as written.
    const screen = term.screen({ history: true }).replace(/\n/g, '');
    expect(screen).toContain(`${join(home, 'progress.json')} is a directory where fence-tutor keeps a file. Fix: move it away`);
    expect(screen).not.toMatch(/\bat .*\.js:\d+/);
  });
});
