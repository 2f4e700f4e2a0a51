import { describe, expect, it } from 'vitest';
import { emptyProgress, type LessonProgress, type ProgressState } from '../../src/progress/progress-file.js';
import { mergeProgress } from '../../src/progress/progress-merge.js';

function lesson(over: Partial<LessonProgress> = {}): LessonProgress {
  return {
    firstOpenedAt: '2026-01-01T10:00:00.000Z',
    lastOpenedAt: '2026-01-01T10:00:00.000Z',
    position: 0,
    readPercent: 0,
    endReached: false,
    timeSpentMs: 0,
    selfCheck: {},
    ...over,
  };
}
const state = (lessons: Record<string, LessonProgress>, last: string | null = null): ProgressState => ({
  ...emptyProgress(),
  lastLessonId: last,
  lessons,
});

describe('mergeProgress (disk, base, mine)', () => {
  it('keeps the lessons of both instances', () => {
    const merged = mergeProgress(state({ a: lesson() }), state({}), state({ b: lesson() }));
    expect(Object.keys(merged.lessons).sort()).toEqual(['a', 'b']);
  });

  it('adds the time this instance spent since its base to what is on disk', () => {
    const base = state({ a: lesson({ timeSpentMs: 100 }) });
    const disk = state({ a: lesson({ timeSpentMs: 150 }) }); // the other instance added 50
    const mine = state({ a: lesson({ timeSpentMs: 130 }) }); // we added 30
    expect(mergeProgress(disk, base, mine).lessons.a!.timeSpentMs).toBe(180);
  });

  it('keeps the furthest reading, the earliest completion, and both first answers', () => {
    const disk = state({
      a: lesson({
        readPercent: 80,
        completedAt: '2026-01-02T00:00:00.000Z',
        selfCheck: { q1: { correct: false, attempts: 2, answeredAt: '2026-01-01T11:00:00.000Z' } },
      }),
    });
    const mine = state({
      a: lesson({
        readPercent: 40,
        endReached: true,
        completedAt: '2026-01-03T00:00:00.000Z',
        selfCheck: {
          q1: { correct: true, attempts: 1, answeredAt: '2026-01-01T12:00:00.000Z' },
          q2: { correct: true, attempts: 1, answeredAt: '2026-01-01T12:00:00.000Z' },
        },
      }),
    });
    const a = mergeProgress(disk, state({}), mine).lessons.a!;
    expect(a.readPercent).toBe(80);
    expect(a.endReached).toBe(true);
    expect(a.completedAt).toBe('2026-01-02T00:00:00.000Z');
    // The first try counts: disk's q1 was answered first; our try adds an attempt.
    expect(a.selfCheck.q1).toEqual({ correct: false, attempts: 3, answeredAt: '2026-01-01T11:00:00.000Z' });
    expect(a.selfCheck.q2?.correct).toBe(true);
  });

  it("takes this instance's place and Continue only where it changed them", () => {
    const base = state({ a: lesson({ position: 0.1 }) }, 'a');
    const disk = state({ a: lesson({ position: 0.5 }), b: lesson() }, 'b');
    const still = mergeProgress(disk, base, base);
    expect(still.lastLessonId).toBe('b');
    expect(still.lessons.a!.position).toBe(0.5);
    const moved = mergeProgress(disk, base, state({ a: lesson({ position: 0.9 }), c: lesson() }, 'c'));
    expect(moved.lastLessonId).toBe('c');
    expect(moved.lessons.a!.position).toBe(0.9);
  });
});
