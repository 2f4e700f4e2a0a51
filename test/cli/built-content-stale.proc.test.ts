/**
 * The build's snapshot of the shipped content is used only while the files
 * on disk are the ones it was made from (issue 18). On a copy of the built
 * package whose lesson files are then edited, every command on the shipped
 * content sees the edit: `validate` reports a problem it brings (through the
 * real loaders), and the lesson commands show the new text.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureBuilt, root } from './cli-run.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const LESSON = 'lessons/04-tokens-in-real-systems.md';
let pkg: string;

function run(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, FENCE_TUTOR_HOME: join(pkg, '.home') };
  delete env.CI;
  delete env.FENCE_TUTOR_BUILT_CONTENT;
  return spawnSync(process.execPath, [join(pkg, 'bin/fence-tutor.js'), ...args], { encoding: 'utf8', env, cwd: pkg });
}

function edit(file: string, from: string | RegExp, to: string): void {
  const path = join(pkg, file);
  const text = readFileSync(path, 'utf8');
  const next = text.replace(from, to);
  expect(next).not.toBe(text);
  writeFileSync(path, next);
}

beforeAll(() => ensureBuilt(), 120_000);

beforeEach(() => {
  pkg = mkdtempSync(join(tmpdir(), 'fence-tutor-stale-'));
  for (const part of ['package.json', 'bin', 'dist', 'lessons', 'quizzes', 'scenarios', 'challenges', 'exercises']) {
    cpSync(join(root, part), join(pkg, part), { recursive: true });
  }
});

afterEach(() => rmSync(pkg, { recursive: true, force: true }));

describe('the built snapshot against edited content', () => {
  it('validate: OK on the content built, then the problem an edit brings, with file and line', () => {
    const before = run(['validate']);
    expect(before.status, before.stderr).toBe(0);
    expect(before.stdout).toMatch(/^OK: /);
    edit(LESSON, /^minutes: \d+$/m, 'minutes: lots');
    const after = run(['validate']);
    expect(after.status).toBe(2);
    expect(after.stderr).toContain(`${LESSON}:`);
    expect(after.stderr).toMatch(/minutes/);
  });

  it('lessons --json and lesson 4 --plain show an edited title, not the built one', () => {
    edit(LESSON, /^title: .*$/m, 'title: An edited title after the build');
    const list = run(['lessons', '--json']);
    expect(list.status, list.stderr).toBe(0);
    const titles = (JSON.parse(list.stdout) as { lessons: { title: string }[] }).lessons.map((l) => l.title);
    expect(titles).toContain('An edited title after the build');
    const plain = run(['lesson', '4', '--plain']);
    expect(plain.status, plain.stderr).toBe(0);
    expect(plain.stdout).toContain('An edited title after the build');
  });

  it('a corrupt snapshot is ignored: the real loaders answer', () => {
    writeFileSync(join(pkg, 'dist/content/shipped.json'), '{"schemaVersion": 1, "hash": ');
    const r = run(['lessons', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { lessons: unknown[] }).lessons.length).toBeGreaterThan(0);
  });
});
