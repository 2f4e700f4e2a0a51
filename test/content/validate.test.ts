/**
 * validate: every kind of content, the kind rule (kind: field, folder,
 * extension), and every cross-reference, each problem at its file and line.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/content/shared/problems.js';
import { shippedDir } from '../../src/platform/package-root.js';
import { summarize, validateContent } from '../../src/content/validate/validate.js';
import { classify, declaredKind } from '../../src/content/validate/validate-kind.js';
import { realLoaders } from '../../src/content/validate/validate-loaders.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';

const GOOD = resolve(import.meta.dirname, '../fixtures/curriculum/good');

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function copyGood(): string {
  dir = mkdtempSync(join(tmpdir(), 'fence-tutor-validate-'));
  cpSync(GOOD, dir, { recursive: true });
  return dir;
}

function edit(path: string, fn: (t: string) => string): void {
  writeFileSync(path, fn(readFileSync(path, 'utf8')));
}

function lineOf(path: string, needle: string): number {
  return (
    readFileSync(path, 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(needle)) + 1
  );
}

function only(problems: Problem[]): Problem {
  expect(problems, JSON.stringify(problems, null, 1)).toHaveLength(1);
  return problems[0]!;
}

describe('validate on good content', () => {
  it('passes the shipped content and counts it', () => {
    const r = validateContent([shippedDir('lessons'), shippedDir('quizzes'), shippedDir('scenarios')], realLoaders);
    expect(r.problems).toEqual([]);
    expect(r.counts.lessons).toBe(13);
    expect(r.counts.scenarios).toBe(7);
    expect(r.counts.questions).toBeGreaterThanOrEqual(22);
    expect(r.counts.glossaryTerms).toBeGreaterThanOrEqual(10);
  });

  it('passes the fixture curriculum with its own scenario and bank', () => {
    const r = validateContent([GOOD], realLoaders);
    expect(r.problems).toEqual([]);
    expect(r.counts).toEqual({ lessons: 2, glossaryTerms: 2, questions: 2, scenarios: 1, assignments: 0, recall: 0 });
  });

  it('summarises in one line', () => {
    expect(summarize({ lessons: 1, glossaryTerms: 2, questions: 3, scenarios: 1, assignments: 0, recall: 0 })).toBe(
      'OK: 1 lesson, 2 glossary terms, 3 questions, 1 scenario, 0 assignments; no problems',
    );
    // Questions that test a memorised number or version are counted (quizzes/FORMAT.md).
    expect(summarize({ lessons: 1, glossaryTerms: 2, questions: 3, scenarios: 1, assignments: 0, recall: 2 })).toBe(
      'OK: 1 lesson, 2 glossary terms, 3 questions (2 recall), 1 scenario, 0 assignments; no problems',
    );
    // Warnings (a bank's "Fair questions" rules) went to stderr before it: the OK line counts them.
    expect(summarize({ lessons: 0, glossaryTerms: 0, questions: 3, scenarios: 0, assignments: 0, recall: 0 }, 1)).toBe(
      'OK: 0 lessons, 0 glossary terms, 3 questions, 0 scenarios, 0 assignments; no problems, 1 warning (above)',
    );
  });
});

describe('the kind of a file', () => {
  it('comes from kind:, then the folder, then the extension', () => {
    expect(classify('/x/anything.yaml', 'kind: scenario\nid: a\n')).toEqual({ path: '/x/anything.yaml', kind: 'scenario' });
    expect(classify('/x/quizzes/a.yaml', 'questions: []\n')).toMatchObject({ kind: 'quiz' });
    expect(classify('/x/scenarios/a.yaml', 'id: a\n')).toMatchObject({ kind: 'scenario' });
    expect(classify('/x/lessons/manifest.yaml', 'lessons: []\n')).toMatchObject({ kind: 'manifest' });
    expect(classify('/x/lessons/glossary.yaml', 'terms: []\n')).toMatchObject({ kind: 'glossary' });
    expect(classify('/x/notes.md', '# hi\n')).toMatchObject({ kind: 'lesson' });
    expect(declaredKind('---\nkind: lesson\nid: a\n---\n', true)).toBe('lesson');
    expect(declaredKind('{"kind": "quiz"}', false)).toBe('quiz');
    expect(declaredKind('{\n"kind": "quiz",\n}', false)).toBe('quiz');
  });

  it('refuses a YAML file with neither kind nor a known folder, asking for kind:', () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-validate-'));
    writeFileSync(join(dir, 'mystery.yaml'), 'id: x\nsteps: []\n');
    const p = only(validateContent([join(dir, 'mystery.yaml')], realLoaders).problems);
    expect(p.file).toMatch(/mystery\.yaml$/);
    expect(p.line).toBe(1);
    expect(p.message).toMatch(/cannot tell what kind/);
    expect(p.fix).toMatch(/kind: scenario/);
  });

  it('a file that says its kind but does not parse: the YAML error at its line, not "cannot tell what kind"', () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-validate-'));
    writeFileSync(join(dir, 'week2.yaml'), 'kind: quiz\ntitle: "Week 2\nquestions: []\n');
    writeFileSync(join(dir, 'week3.json'), '{"kind": "assignment", "quiz": \n');
    const yaml = only(validateContent([join(dir, 'week2.yaml')], realLoaders).problems);
    expect(yaml).toMatchObject({ line: 4, message: expect.stringMatching(/^YAML syntax error: Missing closing "quote/) });
    const json = only(validateContent([join(dir, 'week3.json')], realLoaders).problems);
    expect(json.message).toMatch(/^YAML syntax error/);
    // Still refused as unclassifiable when no kind is written at all.
    writeFileSync(join(dir, 'broken.yaml'), 'title: "x\n');
    expect(only(validateContent([join(dir, 'broken.yaml')], realLoaders).problems).message).toMatch(/cannot tell what kind/);
  });

  it('refuses an unknown kind at its line', () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-validate-'));
    writeFileSync(join(dir, 'x.yaml'), '# comment\nkind: lecture\n');
    const p = only(validateContent([join(dir, 'x.yaml')], realLoaders).problems);
    expect(p.line).toBe(2);
    expect(p.message).toMatch(/unknown kind "lecture"/);
  });

  it('checks a scenario outside any folder when it says kind: scenario', () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-validate-'));
    const file = join(dir, 'mine.yaml');
    writeFileSync(file, readFileSync(join(GOOD, 'scenarios', 'fixture-late.yaml'), 'utf8').replace('id: fixture-late', 'kind: scenario\nid: mine'));
    const r = validateContent([file], realLoaders);
    expect(r.problems).toEqual([]);
    expect(r.counts.scenarios).toBe(1);
  });
});

describe('validate refuses broken references at the right line', () => {
  // One case writes an assignment with the built `assign` command.

  it('an unknown scenario in a block', () => {
    const d = copyGood();
    const lesson = join(d, 'lessons', '01-first-steps.md');
    edit(lesson, (t) => t.replace('id: fixture-late', 'id: no-such-scenario'));
    const p = only(validateContent([d], realLoaders).problems);
    expect(p.file).toMatch(/01-first-steps\.md$/);
    expect(p.line).toBe(lineOf(lesson, '```scenario'));
    expect(p.message).toMatch(/"no-such-scenario"/);
    expect(p.fix).toMatch(/late-write/);
  });

  it('a shipped scenario resolves from a lesson checked without scenarios', () => {
    const d = copyGood();
    edit(join(d, 'lessons', '01-first-steps.md'), (t) => t.replace('id: fixture-late', 'id: late-write'));
    expect(validateContent([join(d, 'lessons'), join(d, 'quizzes')], realLoaders).problems).toEqual([]);
  });

  it('an unknown question id', () => {
    const d = copyGood();
    const lesson = join(d, 'lessons', '01-first-steps.md');
    edit(lesson, (t) => t.replace('ids: [q-one, q-two]', 'ids: [q-one, q-nope]'));
    const p = only(validateContent([d], realLoaders).problems);
    expect(p.line).toBe(lineOf(lesson, '```quiz'));
    expect(p.message).toMatch(/question "q-nope", which is not in the quiz bank/);
  });

  it('a question naming a lesson that does not exist', () => {
    const d = copyGood();
    const bank = join(d, 'quizzes', 'fixture-bank.yaml');
    edit(bank, (t) => t.replace('lesson: second-look', 'lesson: third-look'));
    const p = only(validateContent([d], realLoaders).problems);
    expect(p.file).toMatch(/fixture-bank\.yaml$/);
    expect(p.line).toBe(lineOf(bank, 'lesson: third-look'));
    expect(p.message).toMatch(/names lesson "third-look"/);
  });

  it('a question id used twice across bank files', () => {
    const d = copyGood();
    cpSync(join(d, 'quizzes', 'fixture-bank.yaml'), join(d, 'quizzes', 'second-bank.yaml'));
    // Checked with its lessons, so the only problems are the duplicates.
    const problems = validateContent([d], realLoaders).problems;
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/duplicate question id "q-one"/),
      expect.stringMatching(/duplicate question id "q-two"/),
    ]);
    expect(problems[0]!.file).toMatch(/second-bank\.yaml$/);
    expect(problems[0]!.line).toBe(lineOf(join(d, 'quizzes', 'second-bank.yaml'), 'lesson: first-steps'));
  });

  it('a broken scenario file, through the scenario loader', () => {
    const d = copyGood();
    const file = join(d, 'scenarios', 'fixture-late.yaml');
    edit(file, (t) => t.replace('do: pause', 'do: nap'));
    const problems = validateContent([join(d, 'scenarios')], realLoaders).problems;
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]!.file).toMatch(/fixture-late\.yaml$/);
    expect(problems[0]!.line).toBe(lineOf(file, 'do: nap'));
  });

  it('a broken quiz file, through the quiz loader', () => {
    const d = copyGood();
    const file = join(d, 'quizzes', 'fixture-bank.yaml');
    edit(file, (t) => t.replace('difficulty: easy', 'difficulty: trivial'));
    const problems = validateContent([file], realLoaders).problems;
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]!.line).toBe(lineOf(file, 'difficulty: trivial'));
  });

  it('a lesson on its own resolves links against the shipped glossary and lessons', () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-validate-'));
    const file = join(dir, 'extra.md');
    writeFileSync(
      file,
      '---\nid: extra\ntitle: Extra\ngoals: [g]\nprerequisites: [token-contract]\nminutes: 3\n---\n\nA [token](glossary:token), see [lesson 1](lesson:stale-holder).\nA [bad one](glossary:nope).\n',
    );
    const p = only(validateContent([file], realLoaders).problems);
    expect(p.line).toBe(10);
    expect(p.message).toMatch(/"glossary:nope"/);
  });

  it('a Markdown file without front matter named explicitly is refused', () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-validate-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'README.md'), '# Notes\n');
    const p = only(validateContent([join(dir, 'docs', 'README.md')], realLoaders).problems);
    expect(p.line).toBe(1);
    // ...but a folder walk skips it as documentation.
    expect(validateContent([join(dir, 'docs')], realLoaders).problems).toEqual([]);
  });

  it('an assignment file: checked by the assignment loader, found by its kind', async () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-validate-'));
    const file = join(dir, 'week1.json');
    const r = await runCliInProcess(['assign', '--quiz', 'token-contract', '--mode', 'exam', '--count', '2', '--out', file]);
    expect(r.status, r.stderr).toBe(0);
    const ok = validateContent([file], realLoaders);
    expect(ok.problems).toEqual([]);
    expect(ok.counts.assignments).toBe(1);
    edit(file, (t) => t.replace('"mode": "exam"', '"mode": "cram"'));
    const p = only(validateContent([file], realLoaders).problems);
    expect(p.file).toMatch(/week1\.json$/);
    expect(p.line).toBe(lineOf(file, '"mode": "cram"'));
  });

  it('a path that does not exist', () => {
    const p = only(validateContent(['/no/such/place'], realLoaders).problems);
    expect(p.message).toMatch(/no such file/);
  });
});
