/**
 * The explorer's state limit as a learner meets it in the app (issue 22):
 * a scenario too large to explore, opened in the simulator at 80x24; `e`
 * shows the limit's message, with the numbers, instead of computing, and
 * the app keeps answering keys.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lateWritersYaml } from '../../scripts/bench/late-writers.mjs';
import { startTmux, type TmuxSession, tmuxTestsEnabled } from '../helpers/tmux.js';

const root = join(import.meta.dirname, '..', '..');
const enabled = tmuxTestsEnabled();
let home = '';
let term: TmuxSession | undefined;

beforeAll(() => {
  if (!enabled) return;
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  home = mkdtempSync(join(tmpdir(), 'fence-tutor-e2e-limit-'));
  writeFileSync(join(home, 'seven.yaml'), lateWritersYaml(7, 4));
});

afterEach(async () => {
  await term?.kill();
  term = undefined;
});

afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

describe.skipIf(!enabled)('the explorer state limit in the app', () => {
  it('e on a scenario past the limit shows the message with the numbers, at 80x24, and the app still answers keys', async () => {
    term = await startTmux({
      cols: 80,
      rows: 24,
      cwd: root,
      command: `node bin/fence-tutor.js sim --scenario-file ${join(home, 'seven.yaml')}`,
      env: { FENCE_TUTOR_HOME: home, LANG: 'C.UTF-8', TERM: 'xterm-256color' },
    });
    await term.waitFor('late-writers-7x4');
    await term.send('e');
    const screen = (await term.waitFor('too large to explore', 20_000)).replace(/\s+/g, ' ');
    expect(screen).toContain('172,186,884 states');
    expect(screen).toContain('33,554,432');
    // Still responsive: a step moves the cursor, and Ctrl-C ends the app as anywhere.
    await term.send('Right');
    await term.waitFor('t = 1 of');
    await term.send('C-c');
    expect(await term.waitForExit()).toBe(130);
  }, 60_000);
});
