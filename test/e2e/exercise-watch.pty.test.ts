/**
 * `exercise check --watch` in a real terminal, as a learner uses it: the
 * first check runs, each save reruns it on a cleared screen, Ctrl-C exits
 * 130, says the watch stopped, and leaves no process behind (the learner's child, the coordinator).
 */
import { appendFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../cli/cli-run.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('exercise-watch');

function processesMentioning(text: string): string[] {
  const out = spawnSync('pgrep', ['-fa', text], { encoding: 'utf8' }).stdout ?? '';
  // Not pgrep itself, nor a tmux server (it keeps the argv of the session that started it).
  return out.split('\n').filter((l) => l.trim() !== '' && !l.includes('pgrep') && !/^\d+ tmux /.test(l));
}

describe.skipIf(!tt.enabled || process.platform === 'win32')('exercise check --watch in a terminal', () => {
  it('reruns on each save, clears the screen, and Ctrl-C exits 130 with nothing left running', async () => {
    const dir = join(tt.home, 'redo');
    expect(runCli(['exercise', 'start', 'redo-on-reject', '--dir', dir], { FENCE_TUTOR_HOME: tt.home }).status).toBe(0);
    const file = join(dir, 'worker.mjs');
    const term = await tt.start(`exercise check redo-on-reject --dir ${dir} --watch --ttl 0.3`, { cols: 200, rows: 40 });
    // The whole scrollback: the screen is cleared (history too) between runs.
    const all = async (match: RegExp) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const text = term.screen({ history: true });
        if (match.test(text)) return text;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(match)}; the terminal held:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await all(/Run 1 \(first check\)[\s\S]*Run 1 done\. Watching .*worker\.mjs: save to check again; Ctrl-C stops\./);

    appendFileSync(file, '\n// first save\n');
    const second = await all(/Run 2 \(saved at [^)]*\)[\s\S]*Run 2 done\./);
    expect(second).not.toContain('Run 1');
    expect(second).toMatch(/2 of 6 checks passed/);

    appendFileSync(file, '\n// second save\n');
    const third = await all(/Run 3 \(saved at [^)]*\)[\s\S]*Run 3 done\./);
    expect(third).not.toContain('Run 2');

    await term.send('C-c');
    expect(await term.waitForExit()).toBe(130);
    // One closing line (stderr), as the lab says on Ctrl-C.
    expect(term.screen({ history: true })).toMatch(/fence-tutor: watch stopped after 3 runs; every process it started has ended/);
    // A child started in the instant of the Ctrl-C ends itself when our pipe to it closes: allow it a moment.
    const deadline = Date.now() + 3000;
    while (processesMentioning(dir).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processesMentioning(dir)).toEqual([]);
  }, 200_000);
});
