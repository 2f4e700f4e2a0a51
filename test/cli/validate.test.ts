/**
 * `fence-tutor validate`: the shipped content passes with one OK line; bad
 * content gives one `file:line: message. Fix: ...` per problem and exit 2.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli as run } from './cli-run.js';

beforeAll(ensureBuilt, 120_000);

const GOOD = new URL('../fixtures/curriculum/good', import.meta.url).pathname;
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('fence-tutor validate', () => {
  it('passes the shipped content with no path, in one OK line', () => {
    const r = run(['validate']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^OK: 13 lessons, \d+ glossary terms, \d+ questions \(\d recall\), 7 scenarios, \d+ assignments?, 1[2-9] challenges; no problems\n$/,
    );
    expect(r.stderr).toBe('');
  });

  it('passes a fixture curriculum given by path', () => {
    const r = run(['validate', GOOD]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('OK: 2 lessons');
  });

  it('reports every problem with file and line, and exits 2', () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-validate-cli-'));
    cpSync(GOOD, dir, { recursive: true });
    const lesson = join(dir, 'lessons', '01-first-steps.md');
    const text = readFileSync(lesson, 'utf8').replace('id: fixture-late', 'id: nowhere').replace('(glossary:token) and', '(glossary:tokken) and');
    writeFileSync(lesson, text);
    writeFileSync(join(dir, 'stray.yaml'), 'id: stray\n');
    const r = run(['validate', dir]);
    expect(r.status).toBe(2);
    const lines = text.split('\n');
    const at = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    expect(r.stderr).toContain(`01-first-steps.md:${at('glossary:tokken')}: the link "glossary:tokken" names no glossary term. Fix:`);
    expect(r.stderr).toContain(`01-first-steps.md:${at('```scenario')}: the scenario block names "nowhere"`);
    expect(r.stderr).toMatch(/stray\.yaml:1: cannot tell what kind of content this file is.*Fix: add a first line "kind: scenario"/);
    expect(r.stderr).toContain('3 problems found');
    expect(r.stdout).toBe('');
  });

  it('refuses a missing path with exit 2', () => {
    const r = run(['validate', '/no/such/content']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('/no/such/content');
  });
});
