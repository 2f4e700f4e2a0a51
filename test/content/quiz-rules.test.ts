/**
 * A quiz that tests understanding (issue 17; quizzes/FORMAT.md, "Fair
 * questions"): over the shipped bank the right option of a single-choice
 * question has its written position spread evenly (its length:
 * quiz-tells.test.ts), at most five questions test recall, every question names
 * the lessons it needs and no self-check draws on a later lesson; for an
 * instructor's bank `validate` warns, and refuses a self-check that asks
 * about a later lesson.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadShippedCurriculum } from '../../src/content/lesson/lesson-loader.js';
import { loadShippedBank } from '../../src/content/quiz/quiz-loader.js';
import { fairnessFindings, lessonsNotYetTaught, MAX_RECALL, type RuleQuestion, singleChoiceStats, unevenPositions } from '../../src/content/quiz/quiz-rules.js';
import { validateContent } from '../../src/content/validate/validate.js';
import { realLoaders } from '../../src/content/validate/validate-loaders.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';

const GOOD = resolve(import.meta.dirname, '../fixtures/curriculum/good');
const bank = loadShippedBank();
const curriculum = loadShippedCurriculum();
const order = new Map(curriculum.lessons.map((l, i) => [l.id, i] as const));

const single = (id: string, options: string[], answer: number): RuleQuestion => ({ id, type: 'single', options, answer });

describe('the shipped bank', () => {
  it('breaks no fairness rule', () => {
    expect(fairnessFindings(bank.questions)).toEqual([]);
  });

  it('spreads the right option over the written positions', () => {
    const stats = singleChoiceStats(bank.questions);
    expect(unevenPositions(stats)).toEqual([]);
    // Four options each: every position holds about a quarter.
    for (const n of stats.positions.slice(0, 4)) expect(n).toBeGreaterThanOrEqual(Math.floor(stats.questions / 4) - 1);
  });

  it(`marks at most ${MAX_RECALL} questions as recall`, () => {
    const recall = bank.questions.filter((q) => q.recall).map((q) => q.id);
    expect(recall.length).toBeGreaterThan(0);
    expect(recall.length).toBeLessThanOrEqual(MAX_RECALL);
  });

  it('names the lessons every question needs, its own among them, none after it', () => {
    for (const q of bank.questions) {
      expect(q.requires, `${q.id} has no requires`).toBeDefined();
      expect(q.requires, q.id).toContain(q.lesson);
      expect(lessonsNotYetTaught(q, order.get(q.lesson) ?? -1, order), q.id).toEqual({ later: [], unknown: [] });
    }
  });

  it('asks in each self-check only about that lesson and earlier ones', () => {
    const byId = new Map(bank.questions.map((q) => [q.id, q] as const));
    for (const [position, lesson] of curriculum.lessons.entries()) {
      for (const block of lesson.blocks) {
        if (block.kind !== 'quiz') continue;
        for (const id of block.ids) expect(lessonsNotYetTaught(byId.get(id)!, position, order).later, `${lesson.id}: ${id}`).toEqual([]);
      }
    }
  });

  it("lesson 1's book-timeline question asks about the lease, not fencing", () => {
    const q = bank.questions.find((x) => x.id === 'book-timeline-final-value');
    expect(q?.type).toBe('predict');
    if (q?.type !== 'predict') return;
    expect(q.tags).not.toContain('fencing');
    expect(new Set(q.variants.map((v) => v.overrides.fencing))).toEqual(new Set([false]));
    expect(`${q.prompt} ${q.explanation}`).not.toMatch(/fenc|token|mark/i);
  });
});

describe('fairnessFindings', () => {
  it('finds right options piled on one position', () => {
    const qs = Array.from({ length: 12 }, (_, i) => single(`q${i}`, ['a', 'bb', 'cc', 'dd'], 0));
    expect(unevenPositions(singleChoiceStats(qs))).toEqual([0, 1, 2, 3]);
    expect(fairnessFindings(qs).some((f) => /position is uneven/.test(f))).toBe(true);
    const spread = Array.from({ length: 12 }, (_, i) => single(`q${i}`, ['a', 'bb', 'cc', 'dd'], i % 4));
    expect(unevenPositions(singleChoiceStats(spread))).toEqual([]);
  });

  it('finds more than five recall questions', () => {
    const qs: RuleQuestion[] = Array.from({ length: 6 }, (_, i) => ({ id: `r${i}`, type: 'truefalse', recall: true }));
    expect(fairnessFindings(qs)).toEqual([expect.stringMatching(/^6 questions test a memorised number or version/)]);
    expect(fairnessFindings(qs.slice(1))).toEqual([]);
  });
});

describe('validate and an instructor’s bank', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const copy = (edit: (bankText: string) => string): { root: string; bankFile: string } => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-quiz-rules-'));
    cpSync(GOOD, dir, { recursive: true });
    const bankFile = join(dir, 'quizzes', 'fixture-bank.yaml');
    writeFileSync(bankFile, edit(readFileSync(bankFile, 'utf8')));
    return { root: dir, bankFile };
  };

  it('refuses a self-check that asks about a later lesson, at the quiz block', () => {
    // first-steps' self-check asks q-two; q-two now says it needs second-look, lesson 2.
    const { root } = copy((t) => t.replace('    lesson: second-look\n', '    lesson: second-look\n    requires: [second-look]\n'));
    const report = validateContent([root], realLoaders);
    expect(report.problems).toHaveLength(1);
    const p = report.problems[0]!;
    expect(p.file).toMatch(/01-first-steps\.md$/);
    expect(readFileSync(join(root, 'lessons', '01-first-steps.md'), 'utf8').split('\n')[p.line - 1]).toBe('```quiz');
    expect(p.message).toBe('the self-check of lesson "first-steps" asks "q-two", which draws on "second-look", taught later');
    expect(p.fix).toMatch(/fixture-bank\.yaml:\d+/);
  });

  it('accepts a question without requires (nothing is checked), and refuses an unknown lesson in requires', () => {
    expect(validateContent([copy((t) => t).root], realLoaders).problems).toEqual([]);
    const { root, bankFile } = copy((t) => t.replace('    lesson: first-steps\n', '    lesson: first-steps\n    requires: [first-steps, no-such-lesson]\n'));
    const [p] = validateContent([root], realLoaders).problems;
    expect(p?.message).toBe('question "q-one" requires "no-such-lesson", which is not a lesson');
    expect(readFileSync(bankFile, 'utf8').split('\n')[(p?.line ?? 0) - 1]).toMatch(/^ {4}requires:/);
  });

  it('warns (exit 0) about an unfair bank and counts its recall questions', async () => {
    const { root } = copy((t) =>
      t
        // q-one's prompt holds its own key term: a give-away (quiz-tells.ts), warned of at any size.
        .replace('    lesson: first-steps\n', '    lesson: first-steps\n    recall: true\n    keyTerms: [coordinator]\n'),
    );
    const report = validateContent([root], realLoaders);
    expect(report.problems).toEqual([]);
    expect(report.counts.recall).toBe(1);
    expect(report.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/question "q-one" states its own answer/)]);
    const r = await runCliInProcess(['validate', root]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/2 questions \(1 recall\)/);
    expect(r.stderr).toMatch(/^fence-tutor: warning: .*fixture-bank\.yaml:\d+: question "q-one" states its own answer/m);
  });
});
