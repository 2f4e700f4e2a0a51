/**
 * What Progress shows, computed once for the screen, `progress` and
 * `progress --json`: lessons done, time spent, quiz history, review due.
 * Pure: the caller passes the files' contents and the time.
 */
import { dueIds, type ReviewState } from '../core/quiz/leitner.js';
import type { ProgressState } from './progress-file.js';
import { isComplete } from './progress-model.js';
import type { QuizSitting } from './quiz-history.js';

/** The few facts of a lesson Progress needs (so this file needs no loader). */
export interface LessonInfo {
  number: number;
  id: string;
  title: string;
  selfCheckIds: string[];
  local?: boolean;
}

export interface LessonSummary {
  number: number;
  id: string;
  title: string;
  local: boolean;
  opened: boolean;
  readPercent: number;
  completed: boolean;
  completedAt: string | null;
  timeSpentMs: number;
  selfCheck: { answered: number; correct: number; total: number };
}

/** The few facts of an exercise Progress needs (from its manifest). */
export interface ExerciseInfo {
  id: string;
  title: string;
  lesson: string;
}

export interface ExerciseSummary {
  id: string;
  title: string;
  lesson: string;
  status: 'new' | 'started' | 'passed';
  startedAt: string | null;
  passedAt: string | null;
  lastCheckedAt: string | null;
  /** The exercise's question was answered (split-the-check). */
  answered: boolean;
}

/** The few facts of a challenge Progress needs. */
export interface ChallengeInfo {
  id: string;
  title: string;
  lesson: string;
  par: number;
}

export interface ChallengeSummary extends ChallengeInfo {
  solved: boolean;
  /** The fewest acts it was solved in, or null. */
  fewestActs: number | null;
  solvedAt: string | null;
}

export interface ProgressSummary {
  lessons: LessonSummary[];
  /** Every challenge listed, solved or not (issue 20). */
  challenges: ChallengeSummary[];
  challengesSolved: number;
  lessonsDone: number;
  lessonsTotal: number;
  timeSpentMs: number;
  /** The lesson Continue offers, if it still exists. */
  continueWith: { id: string; number: number; title: string; readPercent: number; position: number } | null;
  quizHistory: QuizSitting[];
  reviewDue: number;
  /** Every shipped exercise with its status (`exercise start` / `exercise check`). */
  exercises: ExerciseSummary[];
}

export function summarize(
  lessons: readonly LessonInfo[],
  progress: ProgressState,
  review: ReviewState,
  history: readonly QuizSitting[],
  now: Date,
  knownQuestions?: ReadonlySet<string>,
  exercises: readonly ExerciseInfo[] = [],
  challenges: readonly ChallengeInfo[] = [],
): ProgressSummary {
  const challengeRows = challenges.map((c): ChallengeSummary => {
    const p = progress.challenges?.[c.id];
    return {
      id: c.id,
      title: c.title,
      lesson: c.lesson,
      par: c.par,
      solved: p !== undefined,
      fewestActs: p?.fewestActs ?? null,
      solvedAt: p?.solvedAt ?? null,
    };
  });
  const rows = lessons.map((l): LessonSummary => {
    const p = progress.lessons[l.id];
    const answers = l.selfCheckIds.map((q) => p?.selfCheck[q]).filter((a) => a !== undefined);
    const completed = Boolean(p?.completedAt) || isComplete(p, l.selfCheckIds);
    return {
      number: l.number,
      id: l.id,
      title: l.title,
      local: Boolean(l.local),
      opened: p !== undefined,
      readPercent: p?.readPercent ?? 0,
      completed,
      completedAt: p?.completedAt ?? null,
      timeSpentMs: p?.timeSpentMs ?? 0,
      selfCheck: { answered: answers.length, correct: answers.filter((a) => a.correct).length, total: l.selfCheckIds.length },
    };
  });
  const last = progress.lastLessonId ? lessons.find((l) => l.id === progress.lastLessonId) : undefined;
  const lastProgress = last ? progress.lessons[last.id] : undefined;
  return {
    lessons: rows,
    challenges: challengeRows,
    challengesSolved: challengeRows.filter((c) => c.solved).length,
    lessonsDone: rows.filter((r) => r.completed).length,
    lessonsTotal: rows.length,
    // Time in lessons that are no longer listed still counts: it was spent.
    timeSpentMs: Object.values(progress.lessons).reduce((sum, l) => sum + l.timeSpentMs, 0),
    continueWith:
      last && lastProgress
        ? { id: last.id, number: last.number, title: last.title, readPercent: lastProgress.readPercent, position: lastProgress.position }
        : null,
    quizHistory: [...history],
    reviewDue: dueIds(review, now, knownQuestions).length,
    exercises: exercises.map((e): ExerciseSummary => {
      const p = progress.exercises?.[e.id];
      return {
        id: e.id,
        title: e.title,
        lesson: e.lesson,
        status: p?.passedAt ? 'passed' : p ? 'started' : 'new',
        startedAt: p?.startedAt ?? null,
        passedAt: p?.passedAt ?? null,
        lastCheckedAt: p?.lastCheckedAt ?? null,
        answered: p?.answer !== undefined,
      };
    }),
  };
}

/** "1 h 5 min", "12 min", "40 s". */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}
