/**
 * The built binary in a real pseudo-terminal (tmux), as a new user would
 * meet it: open the app, go to the simulator, open late-write, play it,
 * turn fencing off, see the outcome change, quit with q.
 */
import { describe, expect, it, vi } from 'vitest';
import type { TmuxSession } from '../helpers/tmux.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

// tmux, the build, a FENCE_TUTOR_HOME for this file, and every session killed after each test.
const tt = tutorTerminal('app');
let term: TmuxSession | undefined;

const start = (args = '', size = { cols: 100, rows: 30 }) => tt.start(args, size);

describe.skipIf(!tt.enabled)('the app in a real terminal', () => {
  it('opens late-write from tt.home, plays it, toggles fencing, sees the outcome change, quits with q', async () => {
    term = await start();
    await term.waitFor('Continue');
    // One key at a time, each after the screen answered the last, as a person
    // reads before pressing again.
    await term.send('Down');
    await term.waitFor('❯ 2 Lessons');
    await term.send('Down');
    await term.waitFor('❯ 3 Simulator');
    await term.send('Enter');
    await term.waitFor('pick a scenario');
    await term.send('Enter'); // late-write is the first scenario
    await term.waitFor('Simulator › late-write');
    expect(term.screen()).toContain('fencing ON');

    // Faster (8x), as an impatient learner would, then play.
    await term.send('+', '+', '+');
    await term.waitFor('8x');
    await term.send('Space');
    const fenced = await term.waitFor('The sink ends at "100"');
    expect(fenced).toMatch(/✗/); // A's late write rejected, shown by symbol...
    expect(fenced).toContain('rejected'); // ...and by word

    await term.send('f');
    await term.waitFor('fencing OFF');
    await term.waitFor("Changed by fencing off: A's late write overwrote B's: lost update");
    const plain = await term.waitFor('The sink ends at "1"');
    expect(plain).toContain('stale');

    // f was an act, not saved: q asks first (issue 33), and q again leaves.
    await term.send('q');
    await term.waitFor('Leave the simulator? 1 act on this run is not saved.');
    await term.send('q'); // back to tt.home
    await term.waitFor('Continue');
    await term.send('q'); // quit from tt.home
    expect(await term.waitForExit()).toBe(0);
  });

  it('sim --scenario opens the simulator directly; Ctrl-C ends with 130', async () => {
    term = await start(
      `sim --scenario late-write --fencing off; s=$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon | sed 's/^/mode: /'; (exit $s)`,
    );
    await term.waitFor('fencing OFF');
    await term.send('C-c');
    expect(await term.waitForExit()).toBe(130);
    expect(term.screen()).toMatch(/^mode: icanon$/m);
  });

  it('sim with no scenario opens the picker on a terminal; q returns to the shell with 0 (no Home it never opened)', async () => {
    term = await start('sim');
    await term.waitFor('pick a scenario');
    expect(term.screen()).toContain('late-write');
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
    expect(term.screen()).not.toContain('Continue');
  });

  it('sim --scenario from the shell: q at its top level returns to the shell', async () => {
    term = await start('sim --scenario late-write');
    await term.waitFor('Simulator › late-write');
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
    expect(term.screen()).not.toContain('Continue');
  });

  it('SIGTERM while playing: the app gives the terminal back and ends with 143', async () => {
    // After the app, the shell prints the terminal's line mode, then passes the app's status on.
    term = await start(`sim --scenario late-write; s=$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon | sed 's/^/mode: /'; (exit $s)`);
    await term.waitFor('fencing ON');
    await term.send('Space');
    await term.waitFor('▶ playing');
    const pids = term.commandPids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, 'SIGTERM');
    expect(await term.waitForExit()).toBe(143);
    // Raw mode is off again: the terminal edits lines as before the app started.
    expect(term.screen()).toMatch(/^mode: icanon$/m);
  });

  it('reflows on resize with no leftovers, down to 80x24 and below, and back', async () => {
    term = await start('sim --scenario late-write');
    await term.waitFor('Simulator › late-write');
    term.resize(80, 24);
    let screen = await term.waitFor(/^ space play.*q back\s*$/m);
    const count = (text: string, what: string) => text.split(what).length - 1;
    expect(count(screen, 'Simulator › late-write')).toBe(1);
    expect(count(screen, '? help')).toBe(1);
    expect(Math.max(...screen.split('\n').map((l) => [...l.trimEnd()].length))).toBeLessThanOrEqual(80);
    term.resize(70, 20);
    await term.waitFor('this one is 70x20');
    term.resize(100, 30);
    // The hint line is the frame's last line: waiting for the title alone could read a frame half drawn.
    screen = await term.waitFor(/^ space play.*q back\s*$/m);
    expect(count(screen, 'Simulator › late-write')).toBe(1);
    expect(screen).not.toContain('needs a terminal');
    expect(count(screen, '? help')).toBe(1);
  });

  it('below 80x24 it says how big a terminal it needs', async () => {
    term = await start('', { cols: 70, rows: 20 });
    await term.waitFor('needs a terminal of at least 80x24; this one is 70x20');
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
  });
});
