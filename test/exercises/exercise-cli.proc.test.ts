/**
 * The exercise commands end to end through the built CLI: the exit table of
 * issue 19 (0 passed, 1 failed / timed out / threw, 2 cannot load / not
 * started / bad usage, 130 on Ctrl-C with every child ended), the JSON
 * report and its saved copy, start's refusal to overwrite, hint, reset,
 * solution, and the list's status.
 *
 * Concurrent: the light commands share one data directory (nothing they
 * assert depends on another's run); each check of the exit table has its
 * own data directory and work folder, so its pidfiles, reports, progress
 * and sink processes are its own. A check is five node processes (the CLI,
 * the coordinator and two workers of the real expiry, the learner's sink),
 * mostly CPU on a 2-core machine: two run at a time.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, ensureBuilt, runCliAsync } from '../cli/cli-run.js';
import { waitUntil } from '../helpers/wait-until.js';
import { shipped } from './helpers.js';
import { lanes } from '../helpers/lanes.js';

const ID = 'fence-the-sink';
let home = '';
let work = '';
const dir = (name: string) => join(work, name);
const newHome = () => mkdtempSync(join(tmpdir(), 'fence-ex-cli-home-'));
const cli = (args: string[], at = home) => runCliAsync(args, { FENCE_TUTOR_HOME: at });
const twoAtATime = lanes(2);
const check = (d: string, at: string, ...more: string[]) => twoAtATime(() => cli(['exercise', 'check', ID, '--dir', d, '--ttl', '0.3', ...more], at));

async function started(name: string, source?: string, at = home): Promise<string> {
  const d = dir(name);
  const r = await cli(['exercise', 'start', ID, '--dir', d], at);
  expect(r.status, r.stderr).toBe(0);
  if (source !== undefined) writeFileSync(join(d, 'sink.mjs'), source);
  return d;
}

/** The learner's sink processes started for the exercise folder `d` (each test's checks have their own). */
function exerciseSinksRunning(d: string): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(`${d}/`) && cmd.includes('exercise-sink')) out.push(pid);
    } catch {
      // gone
    }
  }
  return out;
}

beforeAll(() => {
  ensureBuilt();
  home = newHome();
  work = mkdtempSync(join(tmpdir(), 'fence-ex-cli-work-'));
});

describe('exercise start / list / hint / solution / reset', { concurrent: true, timeout: 60_000 }, () => {
  it('start writes the starter and README, prints the path and the check command; the list says started', async ({ expect }) => {
    const d = dir('start');
    const r = await cli(['exercise', 'start', ID, '--dir', d]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(join(d, 'sink.mjs'));
    expect(r.stdout).toContain(`fence-tutor exercise check ${ID} --dir`);
    expect(readFileSync(join(d, 'sink.mjs'), 'utf8')).toBe(readFileSync(shipped(ID, 'sink.mjs'), 'utf8'));
    const list = JSON.parse((await cli(['exercises', '--json'])).stdout) as { exercises: { id: string; status: string }[] };
    expect(list.exercises.map((e) => e.id)).toEqual([
      'fence-the-sink',
      'split-the-check',
      'early-write',
      'durable-mark',
      'idempotent-retry',
      'redo-on-reject',
      'etcd-lock',
      'zookeeper-lock',
      'postgres-sink',
    ]);
    expect(list.exercises[0]!.status).toBe('started');
    expect(list.exercises[1]!.status).toBe('new');
  });

  it('start never overwrites a changed file (exit 2 naming --force); --force does', async ({ expect }) => {
    const d = await started('conflict', '// mine\n');
    const again = await cli(['exercise', 'start', ID, '--dir', d]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('--force');
    expect(readFileSync(join(d, 'sink.mjs'), 'utf8')).toBe('// mine\n');
    expect((await cli(['exercise', 'start', ID, '--dir', d, '--force'])).status).toBe(0);
    expect(readFileSync(join(d, 'sink.mjs'), 'utf8')).not.toBe('// mine\n');
  });

  it('hint shows one more hint each time', async ({ expect }) => {
    // Hints are counted for a started exercise (in this data directory, whichever test starts it first).
    await started('hint');
    const first = await cli(['exercise', 'hint', ID]);
    expect(first.stdout).toContain('Hint 1 of 3');
    expect(first.stdout).not.toContain('Hint 2');
    expect((await cli(['exercise', 'hint', ID])).stdout).toContain('Hint 2 of 3');
  });

  it('solution before passing is exit 2; --reveal shows it', async ({ expect }) => {
    const r = await cli(['exercise', 'solution', 'split-the-check']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--reveal');
    const shown = await cli(['exercise', 'solution', 'split-the-check', '--reveal']);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toBe(readFileSync(shipped('split-the-check', 'solution.mjs'), 'utf8'));
  });

  it('reset asks; without a terminal it needs --yes, then the starter is back', async ({ expect }) => {
    const d = await started('reset', '// mine\n');
    const refused = await cli(['exercise', 'reset', ID, '--dir', d]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect((await cli(['exercise', 'reset', ID, '--dir', d, '--yes'])).status).toBe(0);
    expect(readFileSync(join(d, 'sink.mjs'), 'utf8')).toBe(readFileSync(shipped(ID, 'sink.mjs'), 'utf8'));
  });

  it('an unknown exercise and --watch with --json are usage errors (exit 2)', async ({ expect }) => {
    expect((await cli(['exercise', 'start', 'nope'])).status).toBe(2);
    const r = await cli(['exercise', 'check', ID, '--dir', dir('start'), '--ttl', '0.3', '--watch', '--json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--watch');
  });
});

// 180 s: a check waits its turn in the lanes, and that wait counts against its own timeout.
describe('exercise check: the exit table', { concurrent: true, timeout: 180_000 }, () => {
  it('not started: exit 2 saying how to start', async ({ expect }) => {
    const r = await check(dir('never'), newHome());
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`fence-tutor exercise start ${ID}`);
  });

  it('a syntax error: exit 2 naming file:line', async ({ expect }) => {
    const at = newHome();
    const d = await started('syntax', 'export async function write(db, r) {\n  let x = ;\n}\n', at);
    const r = await check(d, at);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${join(d, 'sink.mjs')}:2`);
    expect(r.stderr).toContain('SyntaxError');
  });

  it('the starter fails: exit 1 with ✗, what was sent and answered, and a hint', async ({ expect }) => {
    const at = newHome();
    const r = await check(await started('starter', undefined, at), at);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('✗ stale-rejected');
    expect(r.stdout).toMatch(/A sends "A-late" with token \d+ → 200 accepted/);
    expect(r.stdout).toContain('Hint:');
  });

  it('a --report path that is a folder: exit 2, one line naming it and --report; the result is still saved and in progress', async ({ expect }) => {
    const at = newHome();
    const d = await started('bad-report', undefined, at);
    const r = await check(d, at, '--report', d);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(
      `fence-tutor: cannot write the report to ${d}: it is a folder; give a file name. Fix: give --report a path in a folder you can write to`,
    );
    expect(r.stdout).toMatch(/Report saved: .*-exercise-fence-the-sink\.json/);
    const progress = JSON.parse((await cli(['progress', '--json'], at)).stdout) as { exercises: { id: string; lastCheckedAt: string | null }[] };
    expect(progress.exercises.find((e) => e.id === ID)?.lastCheckedAt).toEqual(expect.any(String));
  });

  it('an exception: exit 1, reported with a stack trimmed to the learner file; output captured', async ({ expect }) => {
    const at = newHome();
    const d = await started('throws', 'export async function write(db, r) {\n  console.log("hello from the sink");\n  throw new Error("boom");\n}\n', at);
    const r = await check(d, at, '--json');
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as { checks: { status: string; summary: string }[]; output: string[] };
    expect(report.checks[0]!.status).toBe('threw');
    expect(report.checks[0]!.summary).toContain('Error: boom');
    expect(report.checks[0]!.summary).toContain(`${join(d, 'sink.mjs')}:3`);
    expect(report.checks[0]!.summary).not.toContain('sink-child');
    expect(report.output).toContain('hello from the sink');
  });

  it('an infinite loop: killed at the time limit, exit 1, the other checks still run, nothing left running', async ({ expect }) => {
    const at = newHome();
    const d = await started('loop', 'export async function write(db, r) {\n  if (r.token === null) for (;;) {}\n  return { accepted: true };\n}\n', at);
    // 1.5 s, not less: the checks that do answer must not be taken for hangs on a loaded machine.
    const r = await check(d, at, '--time-limit', '1500', '--json');
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as { checks: { status: string; summary: string }[] };
    expect(report.checks.map((c) => c.status)).toEqual(['failed', 'failed', 'timed-out', 'failed']);
    // Which call of the learner's it caught, so they know where to look.
    expect(report.checks[2]!.summary).toMatch(/still in your code: A's write "no-token" with token none\)$/);
    expect(exerciseSinksRunning(d)).toEqual([]);
    expect(readdirSync(join(at, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
  });

  it('the solution passes: exit 0; --json prints the report, saved under reports/; then solution is shown', async ({ expect }) => {
    const at = newHome();
    const d = await started('solved', undefined, at);
    copyFileSync(shipped(ID, 'solution.mjs'), join(d, 'sink.mjs'));
    const r = await check(d, at, '--json');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ exercise: ID, passed: true, kind: 'exercise', schemaVersion: 1 });
    expect(report.fileSha256).toBe(
      createHash('sha256')
        .update(readFileSync(join(d, 'sink.mjs')))
        .digest('hex'),
    );
    expect(typeof report.version).toBe('string');
    const saved = readdirSync(join(at, 'reports')).filter((n) => n.endsWith(`-exercise-${ID}.json`));
    expect(saved.length).toBeGreaterThan(0);
    expect((await cli(['exercise', 'solution', ID], at)).status).toBe(0);
    const list = JSON.parse((await cli(['exercises', '--json'], at)).stdout) as { exercises: { id: string; status: string }[] };
    expect(list.exercises[0]!.status).toBe('passed');
    const progress = JSON.parse((await cli(['progress', '--json'], at)).stdout) as { exercises: { id: string; status: string }[] };
    expect(progress.exercises.find((e) => e.id === ID)?.status).toBe('passed');
    expect((await cli(['progress'], at)).stdout).toContain('Exercises: 1 of 9 passed');
  });

  it("split-the-check: the question's answer given with --answer is recorded in the report and the progress", async ({ expect }) => {
    const at = newHome();
    const d = dir('split');
    expect((await cli(['exercise', 'start', 'split-the-check', '--dir', d], at)).status).toBe(0);
    copyFileSync(shipped('split-the-check', 'solution.mjs'), join(d, 'sink.mjs'));
    const r = await twoAtATime(() =>
      cli(['exercise', 'check', 'split-the-check', '--dir', d, '--ttl', '0.3', '--answer', 'both compared against the old mark'], at),
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('✓ stale-write-wins');
    const progress = JSON.parse(readFileSync(join(at, 'progress.json'), 'utf8')) as { exercises: Record<string, { answer?: string }> };
    expect(progress.exercises['split-the-check']?.answer).toBe('both compared against the old mark');
  });

  it('Ctrl-C during a check: exit 130, every child ended', async ({ expect }) => {
    const at = newHome();
    const d = await started('interrupt', undefined, at);
    await twoAtATime(async () => {
      const full: NodeJS.ProcessEnv = { ...process.env, FENCE_TUTOR_HOME: at };
      delete full.CI;
      const child = spawn(process.execPath, [bin, 'exercise', 'check', ID, '--dir', d, '--ttl', '5'], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      // Interrupt once the learner's sink runs (the expiry takes 5 s).
      await waitUntil(() => exerciseSinksRunning(d).length > 0, { every: 50, timeout: 60_000, what: "the learner's sink to start" });
      expect(exerciseSinksRunning(d).length).toBe(1);
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(out).toContain('Checking');
      expect(exerciseSinksRunning(d)).toEqual([]);
      expect(readdirSync(join(at, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
    });
  });
});
