/**
 * Escape sequences in content never reach the terminal: the built CLI is run
 * on scenario, lesson and quiz files laced with CSI, OSC and C1 sequences, and
 * neither stdout nor stderr may carry an ESC (0x1b) or a C1 CSI (0x9b). The
 * runs are piped with NO_COLOR, so the tool's own styling adds none either:
 * any escape seen came from the content.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli-in-process.js';

// YAML double-quoted escapes: \e is ESC, \a BEL, \x9b the C1 CSI.
const LACED = '\\e[31mred\\e[0m \\e]0;owned\\a \\e[2J\\e[H \\x9b31m';
const ESCAPE = /[\u001b\u009b]/;

let dir: string;

/** The CLI in this process, whose cwd cannot move: a relative path is taken from `dir`, as a shell there would. */
async function run(args: string[]) {
  const inDir = (a: string) => (!a.startsWith('-') && existsSync(join(dir, a)) ? join(dir, a) : a);
  return runCliInProcess(args.map(inDir), { NO_COLOR: '1', LANG: 'C.UTF-8' });
}

function expectClean(r: Awaited<ReturnType<typeof run>>, what: string) {
  expect(ESCAPE.test(r.stdout), `${what}: stdout carries an escape: ${JSON.stringify(r.stdout.slice(0, 300))}`).toBe(false);
  expect(ESCAPE.test(r.stderr), `${what}: stderr carries an escape: ${JSON.stringify(r.stderr.slice(0, 300))}`).toBe(false);
}

const scenario = `id: laced
title: "Title ${LACED}"
summary: "Summary ${LACED}"
steps:
  - { at: 0, actor: A, do: acquire }
  - { at: 1, actor: A, do: write, value: "v ${LACED}" }
  - { at: 2, actor: A, do: pause }
  - { at: 3, actor: B, do: acquire }
  - { at: 14, actor: B, do: write, value: "w ${LACED}" }
  - { at: 31, actor: A, do: resume }
  - { at: 31, actor: A, do: write, value: "x ${LACED}" }
`;

const badScenario = `id: "bad ${LACED}"
"key ${LACED}": 1
steps:
  - { at: 0, actor: "A ${LACED}", do: "fly ${LACED}" }
`;

const lesson = `---
id: laced-lesson
title: "Lesson ${LACED}"
goals:
  - "Goal ${LACED}"
prerequisites: []
minutes: 5
---

# Heading \u001b[31mred\u001b[0m

A paragraph \u001b]0;owned\u0007 with \u001b[2J escapes \u009b31m in it.

| a \u001b[1m | b |
|---|---|
| \u001b[5m c | d |
`;

const quiz = `kind: quiz
title: "Quiz ${LACED}"
questions:
  - id: laced-question
    type: single
    lesson: laced-lesson
    tags: [laced]
    difficulty: easy
    prompt: "Prompt ${LACED}"
    options:
      - "Option one ${LACED}"
      - "Option two ${LACED}"
    answer: 0
    explanation: "Explanation ${LACED}"
    source: "Source ${LACED}"
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fence-tutor-escapes-'));
  writeFileSync(join(dir, 'laced.yaml'), scenario);
  writeFileSync(join(dir, 'bad.yaml'), badScenario);
  writeFileSync(join(dir, 'laced-quiz.yaml'), quiz);
  const content = join(dir, 'content');
  for (const kind of ['lessons', 'quizzes', 'scenarios']) mkdirSync(join(content, kind), { recursive: true });
  writeFileSync(join(content, 'lessons', 'manifest.yaml'), 'kind: manifest\nlessons:\n  - id: laced-lesson\n    file: 01-laced.md\n');
  writeFileSync(join(content, 'lessons', '01-laced.md'), lesson);
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

describe('escape sequences in content', () => {
  it('never reach the terminal from a scenario (sim, explore: text and JSON)', async () => {
    for (const args of [
      ['sim', '--scenario-file', 'laced.yaml', '--plain'],
      ['sim', '--scenario-file', 'laced.yaml', '--fencing', 'off', '--plain'],
      ['sim', '--scenario-file', 'laced.yaml', '--json'],
      ['explore', '--scenario-file', 'laced.yaml', '--check', 'split'],
    ]) {
      const r = await run(args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(0);
      expectClean(r, args.join(' '));
    }
  });

  it('never reach the terminal from the problems of a bad scenario', async () => {
    const r = await run(['sim', '--scenario-file', 'bad.yaml', '--plain']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('bad.yaml');
    expectClean(r, 'sim on a bad file');
  });

  it('never reach the terminal from a lesson (--content, lesson --plain, validate)', async () => {
    const r = await run(['--content', 'content', 'lesson', 'laced-lesson', '--plain']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Lesson');
    expectClean(r, 'lesson --plain');
    expectClean(await run(['validate', 'content']), 'validate content');
  });

  it('never reach the terminal from a quiz bank (validate, export, answers)', async () => {
    expectClean(await run(['validate', 'laced-quiz.yaml']), 'validate quiz');
    const sheet = await run(['quiz', '--quiz', 'laced-quiz.yaml', '--export', 'sheet', '--seed', '1']);
    expect(sheet.status, sheet.stderr).toBe(0);
    expectClean(sheet, 'quiz --export sheet');
    writeFileSync(join(dir, 'answers.json'), JSON.stringify({ answers: { 'laced-question': 5 } }));
    const exam = await run(['quiz', '--quiz', 'laced-quiz.yaml', '--seed', '1', '--answers', 'answers.json']);
    expect(exam.status).toBe(2); // index 5 is out of range: bad input
    expectClean(exam, 'quiz --answers with a bad answer');
  });
});
