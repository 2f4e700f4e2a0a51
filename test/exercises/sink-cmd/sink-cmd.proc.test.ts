/**
 * `--sink-cmd` black-box checking against real sink processes: the Python
 * example of docs/sink-contract.md passes every exercise that takes a
 * sink command (fence-the-sink through the CLI, in
 * test/cli/exercise-sink-cmd.serial.test.ts); two wrong sinks fail, each naming the check that caught it
 * (a missing token check; the check and the write split apart, caught only
 * by the timing adversary); a sink that never gets healthy is a start error
 * with its stderr; nothing is left running. Needs python3 (./python.ts).
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'vitest';
import { runSinkCmdChecks } from '../../../src/exercises/sink-cmd/run-sink-checks.js';
import { SINK_CMD_EXERCISES } from '../../../src/exercises/sink-cmd/sink-checks.js';
import { freeLoopbackPort } from '../../../src/platform/free-port.js';
import { SinkProcess, SinkStartError } from '../../../src/exercises/sink-cmd/sink-process.js';
import { processGroupAlive } from '../../../src/platform/process-group.js';
import { lanes } from '../../helpers/lanes.js';
import { PYTHON, warnWithoutPython } from './python.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const EXAMPLE = join(ROOT, 'docs/examples/sink.py');
const FIXTURES = join(ROOT, 'test/fixtures/sinks');
/** The wrong sinks go through the two checks that tell them apart (the others pass for both: see the example's run). */
const AIMED = ['below-mark', 'timing-adversary'];
/** The limit for a hung check: these tests do not measure it, and two runs side by side beside another file on a loaded machine may take longer than the CLI's 15 s. */
const CHECK_LIMIT_MS = 60_000;

warnWithoutPython('the example sink of docs/sink-contract.md (the --sink-cmd tests)');
const hasPython = PYTHON !== undefined;

/** Gone once no member is left but zombies waiting for PID 1 to reap them (see processGroupAlive). */
function groupGone(pgid: number): boolean {
  return !processGroupAlive(pgid);
}

// Concurrent: each test has its own sinks (free ports, temp dirs) and spends
// its time waiting for Python to start and for /health; one after another
// they took 85 s. The full runs go two at a time: six at once on a loaded
// 2-core machine pushed a timing adversary (60 trials) past its 15 s limit.
// Concurrent tests take expect from their context.
const twoAtATime = lanes(2);
describe.skipIf(!hasPython)('--sink-cmd black-box checks', { concurrent: true, timeout: 60_000 }, () => {
  // fence-the-sink's full run is test/cli/exercise-sink-cmd.serial.test.ts's --json one (the same assertions, through the CLI).
  it.for(SINK_CMD_EXERCISES.filter((e) => e !== 'fence-the-sink'))('the example Python sink passes %s', { timeout: 240_000 }, async (exercise, { expect }) => {
    const report = await twoAtATime(() => runSinkCmdChecks({ checkLimitMs: CHECK_LIMIT_MS, exercise, command: `${PYTHON} ${EXAMPLE} {port} {db}` }));
    const failed = report.checks.filter((c) => !c.passed).map((c) => `${c.id}: ${c.failure}`);
    expect(failed).toEqual([]);
    expect(report.passed).toBe(true);
    const timing = report.checks.find((c) => c.id === 'timing-adversary');
    expect(timing?.trials).toEqual({ wrong: 0, total: 60 });
    expect(report.caveat).toMatch(/weaker evidence/);
  });

  it('a sink with no token check fails, naming the stale-token check', async ({ expect }) => {
    const report = await twoAtATime(() =>
      runSinkCmdChecks({
        checkLimitMs: CHECK_LIMIT_MS,
        exercise: 'fence-the-sink',
        command: `${PYTHON} ${join(FIXTURES, 'no-token-check.py')} {port} {db}`,
        only: AIMED,
      }),
    );
    expect(report.passed).toBe(false);
    const below = report.checks.find((c) => c.id === 'below-mark');
    expect(below?.passed).toBe(false);
    expect(below?.failure).toMatch(/token 6, below the mark 7: expected 409/);
    expect(below?.hint).toMatch(/mark/);
    expect(below?.exchanges.map((e) => e.status)).toEqual([200, 200]);
    const timing = report.checks.find((c) => c.id === 'timing-adversary');
    expect(timing?.trials?.wrong).toBeGreaterThan(0);
    expect(timing?.failure).toMatch(/of 60 overlapping trials went wrong/);
  }, 240_000);

  it('a sink that splits the check from the write passes the sequential stale-token check and fails the timing adversary', async ({ expect }) => {
    const report = await twoAtATime(() =>
      runSinkCmdChecks({
        checkLimitMs: CHECK_LIMIT_MS,
        exercise: 'fence-the-sink',
        command: `${PYTHON} ${join(FIXTURES, 'split-check.py')} {port} {db}`,
        only: AIMED,
      }),
    );
    const failedIds = report.checks.filter((c) => !c.passed).map((c) => c.id);
    expect(failedIds).toEqual(['timing-adversary']);
    const timing = report.checks.find((c) => c.id === 'timing-adversary')!;
    expect(timing.trials!.wrong).toBeGreaterThan(0);
    expect(timing.failure).toMatch(/the first: trial \d+ \(a write with token \d+, a write with token \d+/);
  }, 240_000);

  it('a sink that never answers /health is a start error with the last lines of its stderr, and is gone', async ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), 'sink-cmd-test-'));
    const sink = new SinkProcess({
      command: `echo 'listening on the wrong port' >&2; sleep 30`,
      port: 1,
      dbPath: join(dir, 'x.db'),
      env: process.env,
      healthLimitMs: 600,
    });
    const error = await sink.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SinkStartError);
    expect((error as SinkStartError).message).toMatch(/did not answer GET \/health with 200 within 0.6 s/);
    expect((error as SinkStartError).stderrTail).toEqual(['listening on the wrong port']);
    await sink.stop();
  });

  it('a sink that exits at once is reported without waiting for the limit', async ({ expect }) => {
    // A limit far past this test's overall bound: a start that waited for it, not for the exit, fails the test by its bound.
    const sink = new SinkProcess({
      command: `echo 'Traceback: boom' >&2; exit 3`,
      port: 1,
      dbPath: '/nonexistent/x.db',
      env: process.env,
      healthLimitMs: 3_600_000,
    });
    const error = await sink.start().catch((e: unknown) => e);
    expect((error as SinkStartError).message).toMatch(/exited before GET \/health answered 200/);
    expect((error as SinkStartError).stderrTail).toEqual(['Traceback: boom']);
    await sink.stop();
  });

  it('a restart kills the whole process group (a background child too) and comes back on the same port and file', async ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), 'sink-cmd-test-'));
    const sink = new SinkProcess({
      command: `sleep 60 & exec ${PYTHON} ${EXAMPLE} {port} {db}`,
      port: await freeLoopbackPort(),
      dbPath: join(dir, 's.db'),
      env: process.env,
    });
    await sink.start();
    const firstPid = (sink as unknown as { proc: { pid: number } }).proc.pid;
    await sink.restart();
    expect(groupGone(firstPid)).toBe(true);
    expect(sink.starts).toBe(2);
    expect(readdirSync(dir)).toContain('s.db');
    const secondPid = (sink as unknown as { proc: { pid: number } }).proc.pid;
    await sink.stop();
    expect(groupGone(secondPid)).toBe(true);
  });
});
