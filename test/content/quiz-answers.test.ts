import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAnswersFile, readAnswersHeader } from '../../src/content/quiz/answers-loader.js';
import { ContentError } from '../../src/content/shared/problems.js';
import { drawQuestions } from '../../src/core/quiz/draw.js';
import { FIXTURE_BANK } from '../core/quiz/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'ft-answers-'));
const drawn = drawQuestions(FIXTURE_BANK, 9, 6);
const ids = new Set(FIXTURE_BANK.map((q) => q.id));
const byType = (t: string) => drawn.find((q) => q.type === t) ?? drawQuestions(FIXTURE_BANK, 9).find((q) => q.type === t)!;

function file(content: string): string {
  const f = join(dir, `a${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(f, content);
  return f;
}

function refused(content: string) {
  const f = file(content);
  try {
    loadAnswersFile(f, drawQuestions(FIXTURE_BANK, 9), ids, 'fixture');
  } catch (err) {
    expect(err).toBeInstanceOf(ContentError);
    const p = (err as ContentError).problems[0]!;
    expect(p.file).toBe(f);
    return p;
  }
  throw new Error('expected a refusal');
}

describe('answers files', () => {
  it('reads right and wrong answers of every kind; missing and null are no answer', () => {
    const all = drawQuestions(FIXTURE_BANK, 9);
    const answers = Object.fromEntries(all.map((q) => [q.id, q.answer]));
    const got = loadAnswersFile(file(JSON.stringify({ answers })), all, ids, 'fixture');
    expect(got.size).toBe(all.length);
    const partial = loadAnswersFile(file(JSON.stringify({ answers: { [all[0]!.id]: null } })), all, ids, 'fixture');
    expect(partial.size).toBe(0);
  });

  it('ignores answers to bank questions that were not drawn, even of the wrong shape', () => {
    const notDrawn = FIXTURE_BANK.map((q) => q.id).find((id) => !drawn.some((d) => d.id === id))!;
    const got = loadAnswersFile(file(JSON.stringify({ answers: { [notDrawn]: 'anything' } })), drawn, ids, 'fixture');
    expect(got.size).toBe(0);
  });

  it('refuses an unknown id with its line', () => {
    const p = refused('{\n  "answers": {\n    "no-such-question": 0\n  }\n}\n');
    expect(p).toMatchObject({ line: 3, message: expect.stringMatching(/no question `no-such-question` in the bank `fixture`/) });
  });

  it.each([
    ['single out of range', () => ({ [byType('single').id]: 99 }), /out of range/],
    ['single as text', () => ({ [byType('single').id]: 'b' }), /expected one option index/],
    ['single as a list', () => ({ [byType('single').id]: [0] }), /got a list/],
    ['truefalse as a boolean', () => ({ [byType('truefalse').id]: true }), /expected one option index/],
    ['multiple with a repeated index', () => ({ [byType('multiple').id]: [1, 1] }), /repeated/],
    ['multiple as one number', () => ({ [byType('multiple').id]: 1 }), /list of distinct/],
    ['ordering that is not a permutation', () => ({ [byType('ordering').id]: [0, 1] }), /permutation/],
    ['ordering with a repeat', () => ({ [byType('ordering').id]: [0, 0, 1, 2] }), /repeated/],
    ['predict out of range', () => ({ [byType('predict').id]: 3 }), /out of range/],
  ])('refuses the wrong shape: %s', (_name, answers, message) => {
    const p = refused(JSON.stringify({ answers: answers() }, null, 2));
    expect(p.message).toMatch(message);
    expect(p.line).toBe(3);
    expect(p.fix).toMatch(/ind(ex|ices)/);
  });

  it('refuses a file without answers, or malformed JSON, naming the fix', () => {
    expect(refused('{"answer": {}}').fix).toMatch(/--export sheet/);
    expect(refused('[1, 2]').message).toMatch(/`answers` object/);
    expect(refused('{"answers": {').message).toMatch(/YAML syntax error|syntax/i);
    expect(() => loadAnswersFile(join(dir, 'missing.json'), drawn, ids, 'x')).toThrow(/no such file/);
  });

  it('reads the optional seed and student', () => {
    const h = readAnswersHeader('{"seed": 7, "student": "Ada \\u001b[31mL", "answers": {}}', 'x.json');
    expect(h.seed).toBe(7);
    expect(h.student).toBe('Ada L');
    expect(() => readAnswersHeader('{"seed": -1, "answers": {}}', 'x.json')).toThrow(/seed/);
  });
});
