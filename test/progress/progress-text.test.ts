/**
 * The lesson rows of `fence-tutor progress` and the Progress screen: one
 * layout for every row, so long titles wrap at the same column whatever
 * each row's state, self-check and time (a review found the title column
 * shrinking and growing row by row).
 */
import { describe, expect, it } from 'vitest';
import type { LessonSummary, ProgressSummary } from '../../src/progress/summary.js';
import { progressLines } from '../../src/ui/progress-text.js';

const TITLES = [
  'The stale holder is still a process',
  'The fencing token contract',
  'Lease durations are budgets, not guarantees',
  'Where the token lives in real systems',
  'A concrete implementation: etcd mints, SQLite checks',
  'The real experiment: a worker that really stops',
];
const STATES: Partial<LessonSummary>[] = [
  { completed: true, opened: true, timeSpentMs: 754_000, selfCheck: { answered: 5, correct: 4, total: 5 } },
  { opened: true, readPercent: 45, timeSpentMs: 65_000, selfCheck: { answered: 2, correct: 1, total: 5 } },
  { completed: true, opened: true, timeSpentMs: 3_754_000, selfCheck: { answered: 8, correct: 8, total: 8 } },
  {},
  { opened: true, readPercent: 100, timeSpentMs: 5_000 },
  { opened: true, readPercent: 10, selfCheck: { answered: 3, correct: 2, total: 6 } },
];

function summary(states: Partial<LessonSummary>[]): ProgressSummary {
  const lessons = TITLES.map((title, i) => ({
    number: i + 1,
    id: `l${i}`,
    title,
    local: false,
    opened: false,
    readPercent: 0,
    completed: false,
    completedAt: null,
    timeSpentMs: 0,
    selfCheck: { answered: 0, correct: 0, total: 5 },
    ...states[i],
  }));
  return {
    lessons,
    challenges: [],
    challengesSolved: 0,
    lessonsDone: 0,
    lessonsTotal: lessons.length,
    timeSpentMs: 0,
    continueWith: null,
    quizHistory: [],
    reviewDue: 0,
    exercises: [],
  } as unknown as ProgressSummary;
}

/** The rows from lesson 1 to the blank line after the lessons. */
function rows(lines: string[]): string[] {
  const first = lines.findIndex((l) => l.startsWith('1. '));
  return lines.slice(first, lines.indexOf('', first));
}

describe('progress lesson rows', () => {
  it('in a table, every state starts at the same column and every title wraps within the same width', () => {
    for (const [width, states] of [
      [100, STATES],
      [80, []],
    ] as const) {
      const lines = rows(progressLines(summary([...states]), width, false));
      const numbered = lines.filter((l) => /^\d+\. /.test(l));
      expect(numbered).toHaveLength(TITLES.length);
      const stateAt = numbered.map((l) => l.search(/(✓ done|read \d+%|not started)/));
      expect(new Set(stateAt).size, lines.join('\n')).toBe(1);
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
      for (const l of lines.filter((x) => !/^\d+\. /.test(x))) expect(l.trimEnd().length).toBeLessThan(stateAt[0]!);
    }
  });

  it('when the states leave the titles too little room, every row puts its state on a line of its own', () => {
    const lines = rows(progressLines(summary(STATES), 80, true));
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    const numbered = lines.map((l, i) => [l, i] as const).filter(([l]) => /^\d+\. /.test(l));
    expect(numbered.map(([l]) => l.replace(/^\d+\.\s+/, ''))).toEqual(TITLES);
    for (const [, i] of numbered) expect(lines[i + 1]).toMatch(/^ {3}(\+ done|read \d+%|not started)/);
  });
});
