/**
 * The explorer's state limit as a learner meets it in the app (issue 22):
 * a scenario too large to explore, opened in the simulator at 80x24; `e`
 * shows the limit's message, with the numbers, instead of computing, and
 * the app keeps answering keys.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lateWritersYaml } from '../../scripts/bench/support/late-writers.mjs';
import type { TmuxSession } from '../helpers/tmux.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('limit');
let term: TmuxSession;

beforeAll(() => {
  if (tt.enabled) writeFileSync(join(tt.home, 'seven.yaml'), lateWritersYaml(7, 4));
});

describe.skipIf(!tt.enabled)('the explorer state limit in the app', () => {
  it('e on a scenario past the limit shows the message with the numbers, at 80x24, and the app still answers keys', async () => {
    term = await tt.start(`sim --scenario-file ${join(tt.home, 'seven.yaml')}`, { cols: 80, rows: 24 });
    await term.waitFor('late-writers-7x4');
    await term.send('e');
    const screen = (await term.waitFor('too large to explore')).replace(/\s+/g, ' ');
    expect(screen).toContain('172,186,884 states');
    expect(screen).toContain('33,554,432');
    // Still responsive: a step moves the cursor, and Ctrl-C ends the app as anywhere.
    await term.send('Right');
    await term.waitFor('t = 1 of');
    await term.send('C-c');
    expect(await term.waitForExit()).toBe(130);
  });
});
