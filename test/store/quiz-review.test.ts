/**
 * Review boxes across sittings with a fake date: a wrong answer puts a
 * question in box 1 (due a day later), a right one in review moves it up
 * (box k due 2^(k-1) days later), a wrong one sends it back to box 1. The
 * sittings are opened and saved as the app does (openSitting +
 * filePersistence), into a temp review file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/quiz/leitner.js';
import type { Question, QuizBank } from '../../src/core/quiz/types.js';
import { saveReview } from '../../src/reports/review-store.js';
import { createQuizStore, type QuizStore } from '../../src/store/quiz-store.js';
import { dueCount } from '../../src/ui/screens/quiz/due-count.js';
import { filePersistence } from '../../src/ui/screens/quiz/sitting.js';
import { openSitting } from '../../src/ui/screens/quiz/sitting-open.js';

const q = (id: string): Question => ({
  id,
  type: 'single',
  lesson: 'token-contract',
  tags: ['fencing'],
  difficulty: 'easy',
  prompt: `Question ${id}?`,
  options: ['right', 'wrong'],
  answer: 0,
  explanation: 'Because.',
  source: 'Kleppmann 2016',
});

const BANK: QuizBank = { id: 'fixture', contentHash: 'h', questions: [q('a'), q('b'), q('c')], custom: false };
const DAY0 = Date.UTC(2026, 0, 1, 9, 0, 0);

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fence-tutor-review-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function sit(mode: 'practice' | 'review', at: number): QuizStore | string {
  const opened = openSitting({ mode, bank: BANK, seed: 5 }, { now: at, dir });
  if ('empty' in opened) return opened.empty;
  return createQuizStore({ questions: opened.questions, meta: opened.meta, clock: () => at, persist: filePersistence({}, dir) });
}

/** Answers every question: right for ids in `right`, wrong otherwise, then finishes. */
function answerAll(store: QuizStore, right: string[]): void {
  for (const question of store.getState().questions) {
    const s = store.getState();
    const key = question.answer as number;
    s.pick(right.includes(question.id) ? key : 1 - key);
    store.getState().next();
  }
  expect(store.getState().phase).toBe('summary');
}

function boxes(): Record<string, { box: number; dueAt: string }> {
  return JSON.parse(readFileSync(join(dir, 'review.json'), 'utf8')).questions;
}

const ids = (store: QuizStore) => store.getState().questions.map((x) => x.id);

describe('review boxes across sittings', () => {
  it('a wrong answer comes back after 1 day, then 2, then 4; a wrong review answer starts again', () => {
    expect(sit('review', DAY0)).toMatch(/Nothing is due/);

    const first = sit('practice', DAY0) as QuizStore;
    answerAll(first, ['b', 'c']); // a wrong
    expect(boxes()).toEqual({ a: expect.objectContaining({ box: 1, dueAt: new Date(DAY0 + DAY_MS).toISOString() }) });
    expect(dueCount(DAY0 + DAY_MS / 2, dir)).toBe(0);
    expect(sit('review', DAY0 + DAY_MS / 2)).toMatch(/Nothing is due/);

    const day1 = DAY0 + DAY_MS;
    expect(dueCount(day1, dir)).toBe(1);
    const review1 = sit('review', day1) as QuizStore;
    expect(ids(review1)).toEqual(['a']);
    expect(review1.getState().meta.mode).toBe('review');
    answerAll(review1, ['a']);
    expect(boxes().a).toMatchObject({ box: 2, dueAt: new Date(day1 + 2 * DAY_MS).toISOString() });
    expect(dueCount(day1 + DAY_MS, dir)).toBe(0);

    const day3 = day1 + 2 * DAY_MS;
    const review2 = sit('review', day3) as QuizStore;
    answerAll(review2, ['a']);
    expect(boxes().a).toMatchObject({ box: 3, dueAt: new Date(day3 + 4 * DAY_MS).toISOString() });

    const day7 = day3 + 4 * DAY_MS;
    const review3 = sit('review', day7) as QuizStore;
    answerAll(review3, []); // wrong again: back to box 1
    expect(boxes().a).toMatchObject({ box: 1, dueAt: new Date(day7 + DAY_MS).toISOString() });
  });

  it('review shows the most overdue first, and only questions of the bank', () => {
    const entry = (box: number, dueAt: number) => ({ box, lastAnsweredAt: new Date(DAY0).toISOString(), dueAt: new Date(dueAt).toISOString() });
    saveReview(
      { schemaVersion: 1, questions: { a: entry(2, DAY0 + DAY_MS), b: entry(1, DAY0 + DAY_MS / 2), gone: entry(1, DAY0), c: entry(3, DAY0 + 9 * DAY_MS) } },
      dir,
    );
    const review = sit('review', DAY0 + 2 * DAY_MS) as QuizStore;
    expect(ids(review)).toEqual(['b', 'a']);
    expect(dueCount(DAY0 + 2 * DAY_MS, dir)).toBe(3); // Home counts without loading the bank
  });
});
