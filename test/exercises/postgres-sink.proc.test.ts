/**
 * postgres-sink on real processes and a real PostgreSQL (one throwaway
 * cluster per check run, as `exercise check` starts it): the starter (exercise
 * 1's SQLite solution, unchanged) fails, the shipped solution passes, each
 * wrong solution fails by the check named, each correct one passes.
 * Skips loudly without PostgreSQL, unless FENCE_REQUIRE_TOOLS=1.
 */
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { openMachinery } from '../../src/cli/exercise/exercise-machinery.js';
import { write } from '../../src/exercises/scenario.js';
import { SinkSession } from '../../src/exercises/sink-session.js';
import type { TrialRun } from '../../src/exercises/types.js';
import { bin, ensureBuilt } from '../cli/cli-run.js';
import { lanes } from '../helpers/lanes.js';
import { waitUntil } from '../helpers/wait-until.js';
import { postgresMissing } from '../lab/helpers.js';
import { checkFile, fixture, shipped, statuses } from './helpers.js';

const ID = 'postgres-sink';
const ALL_PASSED = {
  'stale-rejected': 'passed',
  'equal-accepted': 'passed',
  'no-token-refused': 'passed',
  'writes-in-flight': 'passed',
  'mark-survives-restart': 'passed',
};
const skip = await postgresMissing();
// Each job starts a throwaway cluster (initdb is mostly the CPU's work) and node processes: two at a time.
const twoAtATime = lanes(2);
const check = (source: string) => twoAtATime(() => checkFile(ID, source));

describe(`exercise ${ID}`, { concurrent: true, timeout: 180_000, skip }, () => {
  it.for([
    ['the starter', shipped(ID, 'sink.mjs')],
    ["exercise 1's SQLite solution pasted unchanged", shipped('fence-the-sink', 'solution.mjs')],
  ])("%s fails writes-in-flight: B's write is lost", async ([, file], { expect }) => {
    const report = await check(file!);
    expect(statuses(report)).toEqual({ ...ALL_PASSED, 'writes-in-flight': 'failed' });
    const race = report.checks.find((c) => c.id === 'writes-in-flight')!;
    expect(race.shown!.final).toEqual({ value: 'A-late', mark: report.evidence!.tokens.A });
    // Four statements each: of the 70 orders, those after a statement waiting on a lock cannot happen (50 run), 20 lose B's write.
    expect({ runs: race.runs, wrong: race.wrong }).toEqual({ runs: 50, wrong: 20 });
    // The steps name the statements in the order they ran, each on its writer's connection.
    const ops = race.shown!.steps.map((s) => `${race.shown!.requests[s.request]!.writer} ${s.sql}`);
    expect(ops.filter((o) => o.endsWith('COMMIT'))).toHaveLength(2);
    expect(ops.some((o) => /SELECT mark FROM resource/.test(o))).toBe(true);
  });

  it('the shipped solution (a conditional UPDATE) passes', async ({ expect }) => {
    const report = await check(shipped(ID, 'solution.mjs'));
    expect(statuses(report)).toEqual(ALL_PASSED);
    expect(report.passed).toBe(true);
  });

  it('SELECT ... FOR UPDATE then UPDATE passes', async ({ expect }) => {
    const report = await check(fixture(ID, 'select-for-update.mjs'));
    expect(statuses(report)).toEqual(ALL_PASSED);
    const race = report.checks.find((c) => c.id === 'writes-in-flight')!;
    expect(race.runs).toBeGreaterThan(1);
  });

  it('> instead of >= fails equal-accepted (a retry with the current token is refused)', async ({ expect }) => {
    expect(statuses(await check(fixture(ID, 'strictly-greater.mjs')))).toMatchObject({
      'stale-rejected': 'passed',
      'equal-accepted': 'failed',
    });
  });

  it('a mark kept in memory, outside the table, fails mark-survives-restart', async ({ expect }) => {
    expect(statuses(await check(fixture(ID, 'mark-in-memory.mjs')))).toMatchObject({
      'stale-rejected': 'passed',
      'mark-survives-restart': 'failed',
    });
  });
});

/**
 * One schedule, forced: B and A in flight (B is request 0, A request 1; at each choice point the
 * schedule picks among the requests held, in that order). Runs `file` on a fresh schema of a
 * throwaway server, as `exercise check` does, and returns the run.
 */
async function oneSchedule(file: string, schedule: number[]): Promise<TrialRun> {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'fence-pgex-test-'));
  mkdirSync(join(dir, 'tmp'));
  const learnerFile = join(dir, 'sink.mjs');
  copyFileSync(file, learnerFile);
  const machinery = await openMachinery();
  try {
    const url = machinery.startPostgres!().then((pg) => pg.url);
    const session = new SinkSession(machinery, learnerFile, ['write'], join(dir, 'tmp'), 30_000, () => url);
    await session.start();
    await session.openFresh();
    const { run } = await session.run([{ send: [write('B', 'B-current', 3), write('A', 'A-late', 1)] }], schedule);
    return run;
  } finally {
    await machinery.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The run's statements as the report lists them: "B run UPDATE ...", "A waits on a lock ...". */
function statements(run: TrialRun): string[] {
  return run.steps.map((s) => `${run.requests[s.request]!.writer} ${s.op} ${s.sql}`);
}

describe('postgres-sink: statement by statement, with a real lock wait', { concurrent: true, timeout: 180_000, skip }, () => {
  it("the SQLite solution: A's UPDATE waits on B's row lock, then overwrites B's committed write (READ COMMITTED)", async ({ expect }) => {
    // B: BEGIN, SELECT, UPDATE (B now holds the row lock); A: BEGIN, SELECT, UPDATE (waits); B's COMMIT; A's COMMIT.
    const run = await twoAtATime(() => oneSchedule(shipped(ID, 'sink.mjs'), [0, 0, 0, 1, 1, 1]));
    const said = statements(run);
    expect(said.map((s) => s.split(' ').slice(0, 2).join(' '))).toEqual([
      'B transaction',
      'B get',
      'B run',
      'A transaction',
      'A get',
      'A run',
      'A waits',
      'B transaction',
      'A transaction',
    ]);
    expect(said[6]).toMatch(/^A waits on a lock another request holds: UPDATE resource/);
    expect(said[7]).toBe('B transaction COMMIT');
    expect(run.answers.map((a) => a?.accepted)).toEqual([true, true]);
    expect(run.final).toEqual({ value: 'A-late', mark: 1 });
  });

  it("SELECT ... FOR UPDATE: A's check waits on B's row lock, then reads B's mark and refuses", async ({ expect }) => {
    // B: BEGIN, SELECT ... FOR UPDATE; A: BEGIN, SELECT ... FOR UPDATE (waits); B's UPDATE and COMMIT; A refuses.
    const run = await twoAtATime(() => oneSchedule(fixture(ID, 'select-for-update.mjs'), [0, 0, 1, 1]));
    const said = statements(run);
    expect(said.slice(0, 5)).toEqual([
      'B transaction BEGIN ISOLATION LEVEL READ COMMITTED',
      'B get SELECT mark FROM resource WHERE id = 1 FOR UPDATE',
      'A transaction BEGIN ISOLATION LEVEL READ COMMITTED',
      'A get SELECT mark FROM resource WHERE id = 1 FOR UPDATE',
      'A waits on a lock another request holds: SELECT mark FROM resource WHERE id = 1 FOR UPDATE',
    ]);
    expect(run.answers.map((a) => a?.accepted)).toEqual([true, false]);
    expect(run.final).toEqual({ value: 'B-current', mark: 3 });
  });
});

/** Every process whose command line names `text`, and the server backends under such a postmaster. */
function processesNaming(text: string): { pid: number; cmd: string; ppid: number }[] {
  const all = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .flatMap((p) => {
      try {
        const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ');
        const ppid = Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        return [{ pid: Number(p), cmd, ppid }];
      } catch {
        return [];
      }
    });
  const named = all.filter((p) => p.cmd.includes(text));
  const ours = new Set(named.map((p) => p.pid));
  return [...named, ...all.filter((p) => ours.has(p.ppid) && !ours.has(p.pid))];
}

describe('postgres-sink: Ctrl-C and SIGTERM end the server, in each phase', { concurrent: true, timeout: 180_000, skip }, () => {
  it.for([
    { signal: 'SIGTERM', status: 143, phase: 'while the server starts', ready: (ps: { cmd: string }[]) => ps.some((p) => /initdb|postgres -D/.test(p.cmd)) },
    {
      signal: 'SIGINT',
      status: 130,
      phase: 'once the server answers clients',
      ready: (ps: { cmd: string }[]) => ps.some((p) => /127\.0\.0\.1\(\d+\)/.test(p.cmd)),
    },
  ] as const)('$signal $phase: exit $status, no server process, no data directory left', async ({ signal, status, ready }, { expect }) => {
    await twoAtATime(async () => {
      ensureBuilt();
      // A private temp dir the server's user may enter (the launcher makes the server's own dir inside it).
      const tmp = mkdtempSync(join(tmpdir(), 'fence-pgex-signal-'));
      chmodSync(tmp, 0o755);
      const home = join(tmp, 'home');
      const d = join(tmp, 'work');
      try {
        const env: NodeJS.ProcessEnv = { ...process.env, FENCE_TUTOR_HOME: home, TMPDIR: tmp };
        delete env.CI;
        const start = spawn(process.execPath, [bin, 'exercise', 'start', ID, '--dir', d], { env, stdio: 'ignore' });
        expect(await new Promise((r) => start.on('exit', r))).toBe(0);
        const child = spawn(process.execPath, [bin, 'exercise', 'check', ID, '--dir', d, '--ttl', '1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.resume();
        child.stderr.resume();
        const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
        await waitUntil(() => ready(processesNaming(tmp)), { every: 20, timeout: 120_000, what: `the phase: ${signal}` });
        child.kill(signal);
        expect(await exited).toBe(status);
        await waitUntil(() => processesNaming(tmp).length === 0, { every: 50, timeout: 30_000, what: 'every server process to end' });
        expect(readdirSync(tmp).filter((n) => n.startsWith('fence-tutor-postgres'))).toEqual([]);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    });
  });
});
