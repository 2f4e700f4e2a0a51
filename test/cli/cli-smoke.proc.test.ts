/**
 * The built CLI as a real process, one command family at a time: what the
 * tests that run the program in the test's own process
 * (test/helpers/cli-in-process.ts) cannot see. The exit status as the shell
 * gets it, stdout flushed before the process ends (piped, not a terminal),
 * the bundle's own module loading. Each other check of a command's output,
 * status or files runs in process, in the quick tier (test/README.md, "Tiers").
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ensureBuilt, runCliAsync } from './cli-run.js';

beforeAll(ensureBuilt);

const home = mkdtempSync(join(tmpdir(), 'fence-tutor-smoke-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const run = (args: string[], env: NodeJS.ProcessEnv = {}) => runCliAsync(args, { FENCE_TUTOR_HOME: home, ...env });

// One generous bound for each test: a spawned node on a loaded machine.
describe('the built CLI, one command family at a time', { concurrent: true, timeout: 120_000 }, () => {
  it('prints the version', async ({ expect }) => {
    const r = await run(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('refuses an unknown flag with exit 2', async ({ expect }) => {
    const r = await run(['--no-such-flag']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown option');
  });

  it('takes the plain home without a TTY and exits 0', async ({ expect }) => {
    const r = await run([]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('fence-tutor lessons');
  });

  it('lessons --json and lesson 1 --plain: the whole text reaches a pipe (the fast path, from the build)', async ({ expect }) => {
    const list = await run(['lessons', '--json']);
    expect(list.status, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).lessons.length).toBeGreaterThan(10);
    // The bundle's fast path prints what its commander path prints (test/cli/fast-path.test.ts checks every fast command, in process).
    expect(await run(['lessons', '--json'], { FENCE_TUTOR_BUILT_CONTENT: '0' })).toEqual(list);
    const one = await run(['lesson', '1', '--plain']);
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toContain('Lesson 1.');
    expect(one.stdout.endsWith('\n')).toBe(true);
  });

  it('sim --json and explore --json: JSON past a pipe buffer arrives whole, exit 0', async ({ expect }) => {
    const sim = await run(['sim', '--scenario', 'late-write', '--fencing', 'off', '--json']);
    expect(sim.status, sim.stderr).toBe(0);
    expect(JSON.parse(sim.stdout).staleAcceptances).toBe(1);
    const explore = await run(['explore', '--scenario', 'late-write', '--check', 'split', '--json']);
    expect(explore.status, explore.stderr).toBe(0);
    expect(JSON.parse(explore.stdout)).toBeTypeOf('object');
  });

  it('validate: a bad file is exit 2 with its name, a good one exit 0', async ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-smoke-validate-'));
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'id: bad\nsteps: 3\n');
    const refused = await run(['validate', bad]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('bad.yaml');
    const shipped = await run(['validate']);
    expect(shipped.status, shipped.stderr).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it('quiz --answers writes a report that grade reads: exit 0 both, the score on stdout', async ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-smoke-quiz-'));
    const sheet = await run(['quiz', '--quiz', 'token-contract', '--export', 'sheet', '--seed', '3', '--count', '2']);
    expect(sheet.status, sheet.stderr).toBe(0);
    const answers = join(dir, 'answers.json');
    const key = await run(['quiz', '--quiz', 'token-contract', '--export', 'json', '--seed', '3']);
    const right = (JSON.parse(key.stdout).questions as { id: string; answer: unknown }[]).map((q) => [q.id, q.answer]);
    const asked = new Set((JSON.parse(sheet.stdout).questions as { id: string }[]).map((q) => q.id));
    writeFileSync(answers, JSON.stringify({ answers: Object.fromEntries(right.filter(([id]) => asked.has(id as string))) }));
    const report = join(dir, 'report.json');
    const quiz = await run(['quiz', '--quiz', 'token-contract', '--mode', 'exam', '--seed', '3', '--count', '2', '--answers', answers, '--report', report]);
    expect(quiz.status, quiz.stderr).toBe(0);
    const grade = await run(['grade', report]);
    expect(grade.status, grade.stderr).toBe(0);
    expect(grade.stdout).toMatch(/report +100\.00% +yes/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('challenge --check: an unsolved run is exit 1 with the reason on stdout', async ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-smoke-challenge-'));
    const file = join(dir, 'run.yaml');
    writeFileSync(
      file,
      [
        'id: my-run',
        'steps:',
        '  - { at: 0,  actor: A, do: acquire }',
        '  - { at: 1,  actor: A, do: write, value: "0" }',
        '  - { at: 2,  actor: A, do: pause }',
        '  - { at: 3,  actor: B, do: acquire }',
        '  - { at: 14, actor: B, do: write, value: "100" }',
        '  - { at: 31, actor: A, do: resume }',
        '  - { at: 31, actor: A, do: write, value: "1" }',
        '',
      ].join('\n'),
    );
    const r = await run(['challenge', 'lose-b-update', '--check', file]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toContain('Not solved');
    rmSync(dir, { recursive: true, force: true });
  });

  it('progress --json: exit 0 and the counts', async ({ expect }) => {
    const r = await run(['progress', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toBeTypeOf('object');
  });

  it('never loads React on the plain path', async ({ expect }) => {
    // The loaders' path (the build's snapshot loads no ESM part at all: test/build/startup-modules.proc.test.ts).
    const r = await runCliAsync(['lesson', '2'], { NODE_DEBUG: 'esm', FENCE_TUTOR_BUILT_CONTENT: '0' });
    expect(r.status).toBe(0);
    const loaded = [...new Set([...r.stderr.matchAll(/Storing (file:\/\/\S+\.js)/g)].map((m) => m[1]!))];
    expect(loaded.length).toBeGreaterThan(1);
    for (const url of loaded) {
      const code = readFileSync(new URL(url), 'utf8');
      expect(code.includes('react.transitional.element'), `${url} holds React`).toBe(false);
    }
  });
});
