/**
 * The Lab screen on a real terminal (tmux) with a real PostgreSQL (issue
 * 36): opened from Home, `s` picks PostgreSQL as the sink, enter runs the
 * late write against a throwaway server the lab starts, and the outcome is
 * the late write's on that sink. Leaving the app leaves nothing running and
 * no pidfile. Skips loudly without PostgreSQL, unless FENCE_REQUIRE_TOOLS=1.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { LabResult } from '../../src/lab/types.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';
import { postgresMissing, stillAlive, tempHome } from './helpers.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const skip = await postgresMissing();
const tt = tutorTerminal('lab-postgres');

describe.skipIf(!tt.enabled || skip)('the Lab screen with a PostgreSQL sink', () => {
  it('s picks PostgreSQL, enter runs the late write on it: fenced keeps B, plain loses it; nothing is left after', async () => {
    const home = tempHome();
    const term = await tt.start('', { cols: 100, rows: 30, env: { FENCE_TUTOR_HOME: home } });
    await term.waitFor('Lessons');
    // Home's seventh entry is the Lab.
    await term.send('7');
    await term.waitFor('Real processes: worker A is stopped');
    await term.send('s');
    await term.waitFor(/s sink PostgreSQL\s+\[\/\] TTL 2 s/);
    await term.send('Enter');
    await term.waitFor(/starting a throwaway PostgreSQL|PostgreSQL schema/);
    const done = await term.waitFor('evidence: run.json');
    expect(done).toContain('Lab › the late write · embedded coordinator · PostgreSQL sink · TTL 2 s');
    expect(done).toContain('verdict: as expected');
    expect(done).toMatch(/plain\s+A-late\s+B's write LOST/);
    expect(done).toMatch(/fenced\s+B-current\s+B's write kept: A rejected: 409/);

    // The evidence says the sink was a PostgreSQL the lab started.
    const labDir = join(home, 'lab');
    const runDir = readdirSync(labDir).find((n) => n.endsWith('late-write'));
    expect(runDir).toBeDefined();
    const result = JSON.parse(readFileSync(join(labDir, runDir!, 'run.json'), 'utf8')) as LabResult;
    expect(result.sink.postgres).toMatchObject({ kind: 'postgres', ownServer: true });

    await term.send('q');
    await term.waitFor('Lessons');
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
    expect(await stillAlive([result.pids.A, result.pids.B, ...result.pids.sink])).toEqual([]);
    expect(readdirSync(join(home, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
  });
  it('lab --experiment split --sink postgres --isolation ... on a terminal opens the grid with the cells asked for, and shows them as a table', async () => {
    const home = tempHome();
    const term = await tt.start('lab --experiment split --sink postgres --isolation read-committed --sink-check all --ttl 1', {
      cols: 80,
      rows: 24,
      env: { FENCE_TUTOR_HOME: home },
    });
    const done = await term.waitFor('evidence: run.json');
    expect(done).toContain('Lab › the PostgreSQL isolation grid · embedded coordinator · TTL 1 s');
    expect(done).toMatch(/sink check\s+A \(stale\)\s+B \(current\)\s+final\s+B lost/);
    expect(done).toMatch(/read committed\n\s+select-then-update\s+applied\s+committed\s+A's\s+YES/);
    expect(done).toMatch(/conditional-update\s+refused\s+committed\s+B's\s+no/);
    expect(done).toMatch(/select-for-update\s+applied\s+waited, committed\s+B's\s+no/);
    expect(done).not.toContain('repeatable read');
    expect(done).toContain('verdict: as expected');
    await term.send('q');
    expect(await term.waitForExit()).toBe(0);
  });
});
