/**
 * The loader on the fixture curriculum (test/fixtures/curriculum/good), so it
 * is tested without the real lessons, and one malformed case per rule, each
 * refused at the right file and line.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCurriculum, findLesson, loadCurriculum } from '../../src/content/lesson/lesson-loader.js';
import { parseLesson } from '../../src/content/lesson/lesson-parse.js';
import { ContentError, type Problem } from '../../src/content/shared/problems.js';

const FIXTURE = resolve(import.meta.dirname, '../fixtures/curriculum/good/lessons');

describe('loading the fixture curriculum', () => {
  const c = loadCurriculum(FIXTURE);

  it('keeps the manifest order and numbers lessons from 1', () => {
    expect(c.lessons.map((l) => [l.number, l.id])).toEqual([
      [1, 'first-steps'],
      [2, 'second-look'],
    ]);
  });

  it('reads the front matter', () => {
    const l = c.lessons[1]!;
    expect(l.title).toBe('A second look');
    expect(l.goals).toEqual(['Compare two ways']);
    expect(l.prerequisites).toEqual(['first-steps']);
    expect(l.minutes).toBe(7);
    expect(c.lessons[0]!.prerequisites).toEqual([]);
  });

  it('finds the scenario and quiz blocks with their lines and toggles', () => {
    const blocks = c.lessons[0]!.blocks;
    expect(blocks).toEqual([
      { kind: 'scenario', line: 22, scenarioId: 'fixture-late', overrides: { fencing: false }, caption: 'Watch the late write land.' },
      { kind: 'quiz', line: 28, ids: ['q-one', 'q-two'] },
    ]);
    // The body is cut at the blocks, in order.
    expect(c.lessons[0]!.segments.map((s) => s.kind)).toEqual(['markdown', 'scenario', 'quiz']);
  });

  it('finds internal links with their lines, but not inside code', () => {
    expect(c.lessons[0]!.links).toEqual([
      { scheme: 'glossary', target: 'token', line: 12 },
      { scheme: 'lesson', target: 'second-look', line: 13 },
    ]);
    expect(c.lessons[1]!.links).toEqual([{ scheme: 'glossary', target: 'lease', line: 9 }]);
  });

  it('reads the glossary and ignores Markdown without front matter', () => {
    expect(c.glossary.map((t) => t.id)).toEqual(['token', 'lease']);
    expect(c.lessons.some((l) => l.file.endsWith('NOTES.md'))).toBe(false);
  });

  it('finds a lesson by id or by number', () => {
    expect(findLesson(c, 'second-look')?.number).toBe(2);
    expect(findLesson(c, '1')?.id).toBe('first-steps');
    expect(findLesson(c, '3')).toBeUndefined();
    expect(findLesson(c, 'nope')).toBeUndefined();
  });
});

describe('malformed curricula, one rule at a time', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** Copy the fixture, apply one edit, and return the problems. */
  function broken(file: string, edit: (text: string) => string): Problem[] {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-curriculum-'));
    cpSync(FIXTURE, dir, { recursive: true });
    const path = join(dir, file);
    writeFileSync(path, edit(readFileSync(path, 'utf8')));
    return checkCurriculum(dir).problems;
  }

  /** The 1-based line of the first line containing `needle` in a file of the broken copy. */
  function lineOf(file: string, needle: string, nth = 1): number {
    const lines = readFileSync(join(dir!, file), 'utf8').split('\n');
    const hits = lines.flatMap((l, i) => (l.includes(needle) ? [i + 1] : []));
    expect(hits.length, `"${needle}" in ${file}`).toBeGreaterThanOrEqual(nth);
    return hits[nth - 1]!;
  }

  function expectOne(problems: Problem[], file: string, line: number, message: RegExp): void {
    expect(problems, JSON.stringify(problems, null, 1)).toHaveLength(1);
    const p = problems[0]!;
    expect(p.file.endsWith(file)).toBe(true);
    expect(p.line).toBe(line);
    expect(p.message).toMatch(message);
    expect(p.fix.length).toBeGreaterThan(0);
  }

  it('bad front matter (a YAML error) is refused at its line', () => {
    const p = broken('02-second-look.md', (t) => t.replace('minutes: 7', 'minutes: [7'));
    expect(p.length).toBeGreaterThan(0);
    expect(p[0]!.file.endsWith('02-second-look.md')).toBe(true);
    expect(p[0]!.message).toMatch(/YAML syntax error/);
    expect(p[0]!.line).toBeGreaterThanOrEqual(lineOf('02-second-look.md', 'minutes: [7'));
  });

  it('a front matter field of the wrong type is refused at that field', () => {
    const p = broken('02-second-look.md', (t) => t.replace('minutes: 7', 'minutes: soon'));
    expectOne(p, '02-second-look.md', lineOf('02-second-look.md', 'minutes: soon'), /"minutes".*invalid/);
  });

  it('an unknown front matter field is refused at its key', () => {
    const p = broken('02-second-look.md', (t) => t.replace('minutes: 7', 'minutes: 7\nauthor: me'));
    expectOne(p, '02-second-look.md', lineOf('02-second-look.md', 'author: me'), /unknown key "author"/);
  });

  it('a lesson without front matter is refused at line 1', () => {
    const p = broken('02-second-look.md', (t) => t.replace(/^---\n[\s\S]*?\n---\n/, ''));
    // Not listed as "not in manifest" too: it is in the manifest, just broken.
    expectOne(p, '02-second-look.md', 1, /does not start with a front matter/);
  });

  it('a byte order mark before the front matter is an encoding signature, not content: the lesson loads', () => {
    // Windows editors write one; it read as "<U+FEFF>---", "does not start with a front matter block".
    expect(broken('02-second-look.md', (t) => `\ufeff${t}`)).toEqual([]);
    const bodyMark = broken('02-second-look.md', (t) => t.replace('minutes: 7', 'minutes: 7\n\ufeffauthor: me'));
    expect(bodyMark.map((p) => p.message).join()).toMatch(/<U\+FEFF>author/);
  });

  it('a missing id is refused at the front matter', () => {
    const p = broken('02-second-look.md', (t) => t.replace('id: second-look\n', ''));
    expectOne(p, '02-second-look.md', 2, /has no "id"/);
  });

  it('a duplicate id in the manifest is refused at the repeated entry', () => {
    const p = broken('manifest.yaml', (t) => t.replace('id: second-look', 'id: first-steps'));
    const dup = p.find((x) => /duplicate lesson id "first-steps"/.test(x.message));
    expect(dup?.file.endsWith('manifest.yaml')).toBe(true);
    expect(dup?.line).toBe(lineOf('manifest.yaml', 'id: first-steps', 2));
  });

  it('a manifest entry without its file is refused at the entry', () => {
    const p = broken('manifest.yaml', (t) => `${t}  - id: third\n    file: 03-third.md\n`);
    expectOne(p, 'manifest.yaml', lineOf('manifest.yaml', 'id: third'), /lists 03-third\.md, which does not exist/);
  });

  it('a lesson file missing from the manifest is refused at its line 1', () => {
    const p = broken('manifest.yaml', (t) => t.replace(/ {2}- id: second-look\n {4}file: 02-second-look.md\n/, ''));
    // The first lesson links to second-look, which is now unknown too.
    expect(p.some((x) => x.file.endsWith('02-second-look.md') && x.line === 1 && /not listed in the manifest/.test(x.message))).toBe(true);
  });

  it('a front matter id that differs from the manifest is refused at the id line', () => {
    const p = broken('02-second-look.md', (t) => t.replace('id: second-look', 'id: second-glance'));
    expectOne(p, '02-second-look.md', 2, /says id "second-glance" but the manifest lists this file as "second-look"/);
  });

  it('an unknown prerequisite is refused at the prerequisites line', () => {
    const p = broken('02-second-look.md', (t) => t.replace('prerequisites: [first-steps]', 'prerequisites: [zeroth]'));
    expectOne(p, '02-second-look.md', lineOf('02-second-look.md', 'prerequisites:'), /unknown prerequisite "zeroth"/);
  });

  it('a prerequisite that comes later in the manifest breaks the order', () => {
    const p = broken('01-first-steps.md', (t) => t.replace('prerequisites: []', 'prerequisites: [second-look]'));
    expectOne(p, '01-first-steps.md', lineOf('01-first-steps.md', 'prerequisites:'), /comes after this lesson in the manifest/);
  });

  it('a bad glossary link is refused at its line', () => {
    const p = broken('02-second-look.md', (t) => t.replace('(glossary:lease)', '(glossary:leese)'));
    expectOne(p, '02-second-look.md', lineOf('02-second-look.md', 'glossary:leese'), /"glossary:leese" names no glossary term/);
  });

  it('a bad lesson link is refused at its line', () => {
    const p = broken('01-first-steps.md', (t) => t.replace('(lesson:second-look)', '(lesson:third)'));
    expectOne(p, '01-first-steps.md', lineOf('01-first-steps.md', 'lesson:third'), /"lesson:third" names no lesson/);
  });

  it('a bad scenario block toggle is refused at its line', () => {
    const p = broken('01-first-steps.md', (t) => t.replace('fencing: off', 'fencing: maybe'));
    expectOne(p, '01-first-steps.md', lineOf('01-first-steps.md', 'fencing: maybe'), /"fencing" in the scenario block is invalid/);
  });

  it('an unknown key in a block is refused at its line', () => {
    const p = broken('01-first-steps.md', (t) => t.replace('ids: [q-one, q-two]', 'ids: [q-one, q-two]\nanswer: 1'));
    expectOne(p, '01-first-steps.md', lineOf('01-first-steps.md', 'answer: 1'), /unknown key "answer" in the quiz block/);
  });

  it('an unclosed fence thousands of backticks long is named by its length, not quoted whole', () => {
    const p = broken('02-second-look.md', (t) => `${t}\n${'`'.repeat(5000)}\n`);
    expect(p).toHaveLength(1);
    expect(p[0]!.fix).toBe('end it with a line of 5000 backticks');
  });

  it('an unclosed fence is refused at its opening line', () => {
    const p = broken('02-second-look.md', (t) => t.replace(/```\n$/, ''));
    expectOne(p, '02-second-look.md', lineOf('02-second-look.md', '```text'), /never closed/);
  });

  it('a duplicate glossary id is refused at the repeated term', () => {
    const p = broken('glossary.yaml', (t) => t.replace('id: lease', 'id: token'));
    const dup = p.find((x) => /duplicate glossary id "token"/.test(x.message));
    expect(dup?.file.endsWith('glossary.yaml')).toBe(true);
    expect(dup?.line).toBe(lineOf('glossary.yaml', 'id: token', 2));
  });

  it('a missing manifest is refused', () => {
    const p = broken('manifest.yaml', () => '');
    expect(p[0]!.file.endsWith('manifest.yaml')).toBe(true);
    expect(p[0]!.message).toMatch(/manifest/);
  });

  it('loadCurriculum throws ContentError with every problem', () => {
    broken('02-second-look.md', (t) => t.replace('minutes: 7', 'minutes: -1'));
    expect(() => loadCurriculum(dir!)).toThrow(ContentError);
  });
});

describe('parseLesson on its own', () => {
  it('strips escape sequences from the title, goals and body', () => {
    const text = '---\nid: x\ntitle: "T \\e[31mred"\ngoals: ["g \\e]0;owned\\a"]\nminutes: 1\n---\n\nBody \u001b[2J here \u009b31m.\n';
    const { lesson, problems } = parseLesson(text, 'x.md');
    expect(problems).toEqual([]);
    expect(lesson!.title).toBe('T red');
    expect(lesson!.goals[0]).toBe('g ');
    expect(lesson!.body).not.toMatch(/[\u001b\u009b]/);
  });

  it('accepts booleans for fencing and leaves absent toggles out', () => {
    const text = '---\nid: x\ntitle: T\ngoals: [g]\nminutes: 1\n---\n\n```scenario\nid: late-write\nfencing: true\ncheck: split\n```\n';
    const { lesson } = parseLesson(text, 'x.md');
    expect(lesson!.blocks[0]).toMatchObject({ scenarioId: 'late-write', overrides: { fencing: true, check: 'split' } });
    expect(Object.keys((lesson!.blocks[0] as { overrides: object }).overrides)).toEqual(['fencing', 'check']);
  });
});
