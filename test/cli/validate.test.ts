/**
 * `fence-tutor validate`: the shipped content passes with one OK line; bad
 * content gives one `file:line: message. Fix: ...` per problem and exit 2.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../helpers/cli-in-process.js';

const GOOD = new URL('../fixtures/curriculum/good', import.meta.url).pathname;
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('fence-tutor validate', () => {
  it('passes the shipped content with no path, in one OK line', async () => {
    const r = await run(['validate']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^OK: 13 lessons, \d+ glossary terms, \d+ questions \(\d recall\), 7 scenarios, \d+ assignments?, 1[2-9] challenges; no problems\n$/,
    );
    expect(r.stderr).toBe('');
  });

  it('--stats prints the quiz tell figures of the shipped banks, pooled then per bank, before the OK line', async () => {
    const r = await run(['validate', '--stats']);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^all banks: \d+ single-choice; right option strictly longest \d+ \(\d+%\), among the two longest \d+ of \d+ \(\d+%\)/);
    expect(lines[1]).toMatch(/^ {2}\d+ questions, 0 without keyTerms, 0 give-aways$/);
    expect(lines.filter((l) => /^ {2}[a-z-]+: \d+ single-choice/.test(l)).length).toBeGreaterThanOrEqual(11);
    expect(lines.at(-1)).toMatch(/^OK: /);
  });

  it('passes a fixture curriculum given by path', async () => {
    const r = await run(['validate', GOOD]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('OK: 2 lessons');
  });

  it('reports every problem with file and line, and exits 2', async () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-validate-cli-'));
    cpSync(GOOD, dir, { recursive: true });
    const lesson = join(dir, 'lessons', '01-first-steps.md');
    const text = readFileSync(lesson, 'utf8').replace('id: fixture-late', 'id: nowhere').replace('(glossary:token) and', '(glossary:tokken) and');
    writeFileSync(lesson, text);
    writeFileSync(join(dir, 'stray.yaml'), 'id: stray\n');
    const r = await run(['validate', dir]);
    expect(r.status).toBe(2);
    const lines = text.split('\n');
    const at = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    expect(r.stderr).toContain(`01-first-steps.md:${at('glossary:tokken')}: the link "glossary:tokken" names no glossary term. Fix:`);
    expect(r.stderr).toContain(`01-first-steps.md:${at('```scenario')}: the scenario block names "nowhere"`);
    expect(r.stderr).toMatch(/stray\.yaml:1: cannot tell what kind of content this file is.*Fix: add a first line "kind: scenario"/);
    expect(r.stderr).toContain('3 problems found');
    expect(r.stdout).toBe('');
  });

  it('refuses a missing path with exit 2', async () => {
    const r = await run(['validate', '/no/such/content']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('/no/such/content');
  });
});
