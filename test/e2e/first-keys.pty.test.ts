/**
 * Keys typed the moment the tutor starts, before its first frame, in a real
 * terminal: none is lost (the first screen gets them), none is echoed, and a Ctrl-C among them still
 * quits with 130 and the terminal as it was. Typed in one write, as a quick
 * typist's keys reach a program that is not reading yet: all in one read.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tutorTerminal } from '../helpers/tutor-terminal.js';
import { waitUntil } from '../helpers/wait-until.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('first-keys');
/** A data directory of its own: the Lessons list and the reader open at their start. */
const fresh = () => ({ env: { FENCE_TUTOR_HOME: mkdtempSync(join(tt.home, 'fresh-')) } });

describe.skipIf(!tt.enabled)('keys typed before the first frame', () => {
  it('`lesson 3` then j j j at once: the reader opens three lines down, nothing echoed', async () => {
    const term = await tt.start('lesson 3', fresh());
    await term.type('jjj');
    const screen = await term.waitFor(/ 4-\d+ of \d+ lines/);
    expect(screen).not.toContain('jjj');
  });

  it('`lesson 3` then j j Ctrl-C while it loads: exit 130, line editing back, cursor shown', async () => {
    const options = fresh();
    const after = (name: string) => join(options.env.FENCE_TUTOR_HOME, name);
    // The pane's shell writes the exit status and the terminal's modes, then keeps the pane
    // open: tmux reports a dead pane's cursor as hidden, whatever the program left.
    const program = `sh -c 'node bin/fence-tutor.js "$@"; echo $? > ${after('status')}; stty -a > ${after('modes')}; exec sleep 60' sh`;
    const term = await tt.start('lesson 3', { ...options, program });
    // Once the tutor holds the terminal (raw mode): a Ctrl-C is a key then, not a signal to the pane's shell.
    await waitUntil(() => /(^|\s)-icanon\b/.test(term.terminalModes()), { timeout: 10_000, every: 5, what: 'raw mode' });
    await term.type('jj\u0003');
    const read = (name: string) => (existsSync(after(name)) ? readFileSync(after(name), 'utf8') : '');
    const modes = await waitUntil(() => read('modes'), { timeout: 10_000, what: 'the tutor to end' });
    expect(read('status').trim()).toBe('130');
    expect(modes).toMatch(/(^|\s)icanon\b/);
    expect(modes).toMatch(/(^|\s)echo\b/);
    // tmux may read the pane's last bytes (the cursor shown) a moment after the shell wrote the files.
    await waitUntil(() => term.cursorVisible(), { timeout: 5000, what: 'the cursor shown' });
  });
});
