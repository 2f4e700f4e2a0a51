/**
 * Issue 20 in a real terminal at 80x24: act on a run (a pause for A), see the
 * outcome change, save the run, and replay the saved file with `sim --json`:
 * the outcome the screen gave.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../cli/cli-run.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('sandbox');

describe.skipIf(!tt.enabled)('acting on a run, at 80x24', () => {
  it('adds a pause to A, sees the outcome change, saves, and the file replays the same', async () => {
    const term = await tt.start('sim --scenario late-write --fencing off', { cols: 80, rows: 24 });
    await term.waitFor('Your acts: none yet');
    // Step to t=14 (A is paused there since t=2): a second pause, queued, keeps A paused after its resume at 31.
    for (const t of [1, 2, 3, 11, 14]) {
      await term.send('Right');
      await term.waitFor(`t = ${t} of 31`);
    }
    await term.send('x');
    await term.waitFor('Act at t=14 › who acts?');
    await term.send('1');
    await term.waitFor('4 pause (until resumed)');
    await term.send('4');
    // The change line wraps at 80 columns: match it across line breaks.
    const sentence = `Changed by adding A's pause at t=14: A's stale write is no longer accepted; the sink ends at "100" instead of "1".`;
    const changed = await term.waitFor(
      new RegExp(
        sentence
          .split(' ')
          .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('\\s+'),
      ),
    );
    expect(changed).toContain('Your acts: 1');
    for (const line of changed.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);

    await term.send('w');
    await term.waitFor('Save the run: its title:');
    await term.type('A paused twice');
    await term.send('Enter');
    const path = join(tt.home, 'runs', 'a-paused-twice.yaml');
    await term.waitFor('a-paused-twice.yaml');
    await term.send('Enter');
    await term.waitFor(`Saved to ${path}`);

    // The saved file replays to the outcome the change line gave on screen.
    const replay = runCli(['sim', '--scenario-file', path, '--json'], { FENCE_TUTOR_HOME: tt.home });
    expect(replay.status).toBe(0);
    const json = JSON.parse(replay.stdout) as { final: { value: string }; staleAcceptances: number; writes: unknown[] };
    expect(json.final.value).toBe('100');
    expect(json.staleAcceptances).toBe(0);
    expect(json.writes).toHaveLength(2);
  });
});
