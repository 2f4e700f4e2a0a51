/** Small hand-made drawn questions, so flows are tested without the real bank. */
import type { DrawnQuestion } from '../../src/core/quiz/types.js';
import type { QuizPersistence, SittingMeta } from '../../src/store/quiz-store.js';
import type { QuizReport } from '../../src/core/quiz/grading.js';

const common = { lesson: 'token-contract', tags: ['fencing'], difficulty: 'easy' as const, source: 'Kleppmann 2016' };

export const SINGLE: DrawnQuestion = {
  ...common,
  id: 'q-single',
  type: 'single',
  prompt: 'Who checks the fencing token?',
  options: ['The client', 'The storage (sink)', 'The lock service', 'Nobody'],
  answer: 1,
  explanation: 'The resource itself must reject lower tokens.',
  hint: 'Think about who receives the write.',
};

export const TRUEFALSE: DrawnQuestion = {
  ...common,
  id: 'q-tf',
  type: 'truefalse',
  prompt: 'A lease ID is a fencing token.',
  options: ['True', 'False'],
  answer: 1,
  explanation: 'A lease ID is not ordered.',
};

export const MULTIPLE: DrawnQuestion = {
  ...common,
  id: 'q-multi',
  type: 'multiple',
  prompt: 'Which of these can pause a process?',
  options: ['GC pause', 'Page fault', 'Fencing token', 'SIGSTOP'],
  answer: [0, 1, 3],
  explanation: 'Tokens do not pause anything.',
};

export const ORDERING: DrawnQuestion = {
  ...common,
  id: 'q-order',
  type: 'ordering',
  prompt: 'Put the events in order.',
  options: ['B writes', 'A is granted', 'A pauses'],
  // The right order, in shown indices: A is granted, A pauses, B writes.
  answer: [1, 2, 0],
  explanation: 'Grant, pause, then B.',
};

export function meta(overrides: Partial<SittingMeta> = {}): SittingMeta {
  return {
    quiz: 'fixture',
    contentHash: 'abc',
    seed: 1,
    mode: 'practice',
    student: null,
    passMark: null,
    timeLimitMs: null,
    version: '0.0.0-test',
    ...overrides,
  };
}

/** Persistence that remembers instead of writing. */
export function memoryPersistence(): QuizPersistence & { reports: QuizReport[]; reviews: { id: string; correct: boolean }[][] } {
  const reports: QuizReport[] = [];
  const reviews: { id: string; correct: boolean }[][] = [];
  return {
    reports,
    reviews,
    saveReport: (report) => {
      reports.push(report);
      return [`/tmp/reports/${reports.length}.json`];
    },
    recordReview: (results) => {
      reviews.push([...results]);
    },
  };
}

/** A clock a test moves by hand. */
export function fakeClock(start = Date.UTC(2026, 10, 29, 12, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    set: (t: number) => {
      now = t;
    },
  };
}
