/**
 * The exercise commands end to end through the built CLI: the exit table of
 * issue 19 (0 passed, 1 failed / timed out / threw, 2 cannot load / not
 * started / bad usage, 130 on Ctrl-C with every child ended), the JSON
 * report and its saved copy, start's refusal to overwrite, hint, reset,
 * solution, and the list's status.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, ensureBuilt, runCli } from '../cli/cli-run.js';
import { shipped } from './helpers.js';

const ID = 'fence-the-sink';
let home = '';
let work = '';
const env = () => ({ FENCE_TUTOR_HOME: home });
const dir = (name: string) => join(work, name);
const check = (d: string, ...more: string[]) => runCli(['exercise', 'check', ID, '--dir', d, '--ttl', '0.3', ...more], env());

function started(name: string, source?: string): string {
  const d = dir(name);
  const r = runCli(['exercise', 'start', ID, '--dir', d], env());
  expect(r.status).toBe(0);
  if (source !== undefined) writeFileSync(join(d, 'sink.mjs'), source);
  return d;
}

function exerciseSinksRunning(): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(work) && cmd.includes('exercise-sink')) out.push(pid);
    } catch {
      // gone
    }
  }
  return out;
}

beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), 'fence-ex-cli-home-'));
  work = mkdtempSync(join(tmpdir(), 'fence-ex-cli-work-'));
});

describe('exercise start / list / hint / solution / reset', () => {
  it('start writes the starter and README, prints the path and the check command; the list says started', () => {
    const d = dir('start');
    const r = runCli(['exercise', 'start', ID, '--dir', d], env());
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(join(d, 'sink.mjs'));
    expect(r.stdout).toContain(`fence-tutor exercise check ${ID} --dir`);
    expect(readFileSync(join(d, 'sink.mjs'), 'utf8')).toBe(readFileSync(shipped(ID, 'sink.mjs'), 'utf8'));
    const list = JSON.parse(runCli(['exercises', '--json'], env()).stdout) as { exercises: { id: string; status: string }[] };
    expect(list.exercises.map((e) => e.id)).toEqual([
      'fence-the-sink',
      'split-the-check',
      'early-write',
      'durable-mark',
      'idempotent-retry',
      'redo-on-reject',
      'etcd-lock',
    ]);
    expect(list.exercises[0]!.status).toBe('started');
    expect(list.exercises[1]!.status).toBe('new');
  });

  it('start never overwrites a changed file (exit 2 naming --force); --force does', () => {
    const d = started('conflict', '// mine\n');
    const again = runCli(['exercise', 'start', ID, '--dir', d], env());
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('--force');
    expect(readFileSync(join(d, 'sink.mjs'), 'utf8')).toBe('// mine\n');
    expect(runCli(['exercise', 'start', ID, '--dir', d, '--force'], env()).status).toBe(0);
    expect(readFileSync(join(d, 'sink.mjs'), 'utf8')).not.toBe('// mine\n');
  });

  it('hint shows one more hint each time', () => {
    const first = runCli(['exercise', 'hint', ID], env());
    expect(first.stdout).toContain('Hint 1 of 3');
    expect(first.stdout).not.toContain('Hint 2');
    expect(runCli(['exercise', 'hint', ID], env()).stdout).toContain('Hint 2 of 3');
  });

  it('solution before passing is exit 2; --reveal shows it', () => {
    const r = runCli(['exercise', 'solution', 'split-the-check'], env());
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--reveal');
    const shown = runCli(['exercise', 'solution', 'split-the-check', '--reveal'], env());
    expect(shown.status).toBe(0);
    expect(shown.stdout).toBe(readFileSync(shipped('split-the-check', 'solution.mjs'), 'utf8'));
  });

  it('reset asks; without a terminal it needs --yes, then the starter is back', () => {
    const d = started('reset', '// mine\n');
    const refused = runCli(['exercise', 'reset', ID, '--dir', d], env());
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(runCli(['exercise', 'reset', ID, '--dir', d, '--yes'], env()).status).toBe(0);
    expect(readFileSync(join(d, 'sink.mjs'), 'utf8')).toBe(readFileSync(shipped(ID, 'sink.mjs'), 'utf8'));
  });

  it('an unknown exercise and --watch with --json are usage errors (exit 2)', () => {
    expect(runCli(['exercise', 'start', 'nope'], env()).status).toBe(2);
    const r = check(dir('start'), '--watch', '--json');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--watch');
  });
});

describe('exercise check: the exit table', () => {
  it('not started: exit 2 saying how to start', () => {
    const r = check(dir('never'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`fence-tutor exercise start ${ID}`);
  });

  it('a syntax error: exit 2 naming file:line', () => {
    const d = started('syntax', 'export async function write(db, r) {\n  let x = ;\n}\n');
    const r = check(d);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${join(d, 'sink.mjs')}:2`);
    expect(r.stderr).toContain('SyntaxError');
  });

  it('the starter fails: exit 1 with ✗, what was sent and answered, and a hint', () => {
    const r = check(started('starter'));
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('✗ stale-rejected');
    expect(r.stdout).toMatch(/A sends "A-late" with token \d+ → 200 accepted/);
    expect(r.stdout).toContain('Hint:');
  });

  it('an exception: exit 1, reported with a stack trimmed to the learner file; output captured', () => {
    const d = started('throws', 'export async function write(db, r) {\n  console.log("hello from the sink");\n  throw new Error("boom");\n}\n');
    const r = check(d, '--json');
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as { checks: { status: string; summary: string }[]; output: string[] };
    expect(report.checks[0]!.status).toBe('threw');
    expect(report.checks[0]!.summary).toContain('Error: boom');
    expect(report.checks[0]!.summary).toContain(`${join(d, 'sink.mjs')}:3`);
    expect(report.checks[0]!.summary).not.toContain('sink-child');
    expect(report.output).toContain('hello from the sink');
  });

  it('an infinite loop: killed at the time limit, exit 1, the other checks still run, nothing left running', () => {
    const d = started('loop', 'export async function write(db, r) {\n  if (r.token === null) for (;;) {}\n  return { accepted: true };\n}\n');
    const r = check(d, '--time-limit', '500', '--json');
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as { checks: { status: string }[] };
    expect(report.checks.map((c) => c.status)).toEqual(['failed', 'failed', 'timed-out', 'failed']);
    expect(exerciseSinksRunning()).toEqual([]);
    expect(readdirSync(join(home, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
  });

  it('the solution passes: exit 0; --json prints the report, saved under reports/; then solution is shown', () => {
    const d = dir('solved');
    started('solved');
    copyFileSync(shipped(ID, 'solution.mjs'), join(d, 'sink.mjs'));
    const r = check(d, '--json');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ exercise: ID, passed: true, kind: 'exercise', schemaVersion: 1 });
    expect(report.fileSha256).toBe(
      createHash('sha256')
        .update(readFileSync(join(d, 'sink.mjs')))
        .digest('hex'),
    );
    expect(typeof report.version).toBe('string');
    const saved = readdirSync(join(home, 'reports')).filter((n) => n.endsWith(`-exercise-${ID}.json`));
    expect(saved.length).toBeGreaterThan(0);
    expect(runCli(['exercise', 'solution', ID], env()).status).toBe(0);
    const list = JSON.parse(runCli(['exercises', '--json'], env()).stdout) as { exercises: { id: string; status: string }[] };
    expect(list.exercises[0]!.status).toBe('passed');
    const progress = JSON.parse(runCli(['progress', '--json'], env()).stdout) as { exercises: { id: string; status: string }[] };
    expect(progress.exercises.find((e) => e.id === ID)?.status).toBe('passed');
    expect(runCli(['progress'], env()).stdout).toContain('Exercises: 1 of 7 passed');
  });

  it("split-the-check: the question's answer given with --answer is recorded in the report and the progress", () => {
    const d = dir('split');
    expect(runCli(['exercise', 'start', 'split-the-check', '--dir', d], env()).status).toBe(0);
    copyFileSync(shipped('split-the-check', 'solution.mjs'), join(d, 'sink.mjs'));
    const r = runCli(['exercise', 'check', 'split-the-check', '--dir', d, '--ttl', '0.3', '--answer', 'both compared against the old mark'], env());
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('✓ stale-write-wins');
    const progress = JSON.parse(readFileSync(join(home, 'progress.json'), 'utf8')) as { exercises: Record<string, { answer?: string }> };
    expect(progress.exercises['split-the-check']?.answer).toBe('both compared against the old mark');
  });

  it('Ctrl-C during a check: exit 130, every child ended', async () => {
    const d = started('interrupt');
    const full: NodeJS.ProcessEnv = { ...process.env, ...env() };
    delete full.CI;
    const child = spawn(process.execPath, [bin, 'exercise', 'check', ID, '--dir', d, '--ttl', '5'], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    // Interrupt once the learner's sink runs (the expiry takes 5 s).
    for (let i = 0; i < 200 && exerciseSinksRunning().length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(exerciseSinksRunning().length).toBe(1);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(130);
    expect(out).toContain('Checking');
    expect(exerciseSinksRunning()).toEqual([]);
    expect(readdirSync(join(home, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
  });
});
