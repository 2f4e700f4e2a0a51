/**
 * The Exercises screen in a real terminal: Home's entry opens it, the list
 * comes from the tutor's own command, c runs a real check in child
 * processes while the screen keeps drawing, and Ctrl-C in the middle of it
 * quits at once (130) and leaves no process behind.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../cli/cli-run.js';
import { HOME_ENTRIES } from '../../src/ui/screens/home-screen.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

// Home's digit for Exercises is its place in the list (entries are added over time).
const EXERCISES_DIGIT = String(HOME_ENTRIES.findIndex((e) => e.label === 'Exercises') + 1);

const tt = tutorTerminal('exercises-screen');

function processesMentioning(text: string): string[] {
  const out = spawnSync('pgrep', ['-fa', text], { encoding: 'utf8' }).stdout ?? '';
  // Not pgrep itself, nor a tmux server (it keeps the argv of the session that started it).
  return out.split('\n').filter((l) => l.trim() !== '' && !l.includes('pgrep') && !/^\d+ tmux /.test(l));
}

describe.skipIf(!tt.enabled || process.platform === 'win32')('Exercises screen in a terminal', () => {
  it('opens from Home at 80x24, checks for real in child processes, and Ctrl-C mid-check exits 130 at once', async () => {
    const dir = join(tt.home, 'ex-redo');
    expect(runCli(['exercise', 'start', 'redo-on-reject', '--dir', dir], { FENCE_TUTOR_HOME: tt.home }).status).toBe(0);
    const term = await tt.start('', { cols: 80, rows: 24 });
    await term.waitFor(`${EXERCISES_DIGIT} Exercises`);
    await term.send(EXERCISES_DIGIT);
    await term.waitFor(/redo-on-reject\s+Redo on reject.*started/);
    // Up from the first entry wraps to the last: four steps reach redo-on-reject.
    await term.send('k');
    await term.waitFor(/❯ postgres-sink/);
    await term.send('k');
    await term.waitFor(/❯ zookeeper-lock/);
    await term.send('k');
    await term.waitFor(/❯ etcd-lock/);
    await term.send('k');
    await term.waitFor(/❯ redo-on-reject/);
    await term.send('c');
    await term.waitFor('checking redo-on-reject');
    // The check's processes are running: the worker child imports the learner's file.
    const deadline = Date.now() + 20_000;
    while (processesMentioning(dir).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(processesMentioning(dir).length).toBeGreaterThan(0);
    await term.send('C-c');
    expect(await term.waitForExit()).toBe(130);
    const gone = Date.now() + 5000;
    while (processesMentioning(dir).length > 0 && Date.now() < gone) await new Promise((r) => setTimeout(r, 100));
    expect(processesMentioning(dir)).toEqual([]);
  }, 120_000);
});
