/**
 * validate's folder walk against symbolic links to folders: a link back to a
 * folder already read is named and not followed. Two such links made the
 * old walk branch at every level (2^40 paths before ELOOP): a hang. A link
 * that leads out of the folder is named and not read.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/content/shared/problems.js';
import { expandPath } from '../../src/content/validate/validate-kind.js';
import { MAX_WALK_ENTRIES } from '../../src/content/shared/input-limits.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the folder walk', () => {
  it('names a link back to a folder already read, once, and reads each file once', () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-walk-'));
    const scenarios = join(dir, 'scenarios');
    mkdirSync(scenarios);
    writeFileSync(join(scenarios, 'a.yaml'), 'id: a\n');
    symlinkSync('..', join(scenarios, 'parent'));
    symlinkSync(dir, join(scenarios, 'root'));
    const problems: Problem[] = [];
    const files = expandPath(dir, problems);
    expect(files).toEqual([join(scenarios, 'a.yaml')]);
    expect(problems.map((p) => p.file).sort()).toEqual([join(scenarios, 'parent'), join(scenarios, 'root')]);
    for (const p of problems) {
      expect(p.message).toBe('cannot read it: a symbolic link to a folder that is already read (a loop)');
      expect(p.fix).toMatch(/remove the link/);
    }
  });

  it('names a link that leads outside the folder and does not read it (a file or a folder)', () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-walk-'));
    const secret = join(dir, 'secret.yaml');
    writeFileSync(secret, 'aws_secret_access_key: hunter2\n');
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'b.yaml'), 'id: b\n');
    const content = join(dir, 'content');
    mkdirSync(join(content, 'scenarios'), { recursive: true });
    symlinkSync(secret, join(content, 'scenarios', 'creds.yaml'));
    symlinkSync(elsewhere, join(content, 'quizzes'));
    writeFileSync(join(content, 'scenarios', 'a.yaml'), 'id: a\n');
    symlinkSync('a.yaml', join(content, 'scenarios', 'same.yaml'));
    const problems: Problem[] = [];
    expect(expandPath(content, problems)).toEqual([join(content, 'scenarios', 'a.yaml'), join(content, 'scenarios', 'same.yaml')]);
    expect(problems.map((p) => p.file)).toEqual([join(content, 'quizzes'), join(content, 'scenarios', 'creds.yaml')]);
    for (const p of problems) expect(p.message).toBe(`cannot read it: a symbolic link that leads outside the folder ${content}`);
  });

  it(`stops after ${MAX_WALK_ENTRIES} files and folders with one problem (validate ~ by mistake)`, () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-walk-'));
    mkdirSync(join(dir, 'notes'));
    for (let i = 0; i <= MAX_WALK_ENTRIES; i++) writeFileSync(join(dir, 'notes', `n${i}.txt`), '');
    const problems: Problem[] = [];
    expect(expandPath(dir, problems)).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file).toBe(dir);
    expect(problems[0]!.message).toBe(`the folder holds more than the limit of ${MAX_WALK_ENTRIES} files and folders; the rest were not checked`);
  });
});
