/**
 * A screen started from the shell (`fence-tutor lesson 2`, `quiz --mode
 * review`) is the bottom of the app: q at its top level returns to the
 * shell, with 0, rather than to a Home the learner never opened.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../lab/helpers.js';
import { startTmux, type TmuxSession, tmuxTestsEnabled } from '../helpers/tmux.js';

const root = join(import.meta.dirname, '..', '..');
const enabled = tmuxTestsEnabled();
let home = '';
let term: TmuxSession | undefined;

beforeAll(() => {
  if (!enabled) return;
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), 'fence-tutor-e2e-shell-'));
});
afterEach(async () => {
  await term?.kill();
  term = undefined;
});
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

const start = (args: string) =>
  startTmux({
    cols: 80,
    rows: 24,
    cwd: root,
    command: `node bin/fence-tutor.js ${args}`,
    env: { FENCE_TUTOR_HOME: home, LANG: 'C.UTF-8', TERM: 'xterm-256color' },
  });

describe.skipIf(!enabled)('q at the top level of a command started from the shell', () => {
  it('lesson 2: q returns to the shell', async () => {
    term = await start('lesson 2');
    await term.waitFor('Lesson 2 of 11 › ');
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
