/**
 * What Home's Continue and Lessons entries say: the last lesson, its number
 * and title and how much of it was read ("3. Lease durations are budgets
 * (read 40%)"), or the first lesson when nothing was read yet.
 */
import type { ProgressState } from '../../progress/progress-file.js';
import type { Route } from '../../store/router-store.js';
import { readerSources } from './reader-sources.js';

export interface HomeLessonEntries {
  continueLabel: string;
  continueRoute: Route;
  lessonsLabel: string;
}

export function homeLessonEntries(progress: ProgressState, content: string | undefined): HomeLessonEntries | null {
  let lessons: { id: string; number: number; title: string }[];
  try {
    lessons = readerSources({ content }).curriculum.lessons;
  } catch {
    return null;
  }
  const done = lessons.filter((l) => progress.lessons[l.id]?.completedAt).length;
  const lessonsLabel = `${lessons.length} lessons, ${done} done`;
  const last = lessons.find((l) => l.id === progress.lastLessonId);
  const p = last ? progress.lessons[last.id] : undefined;
  if (last && p) {
    return {
      continueLabel: `${last.number}. ${last.title}  (${p.completedAt ? 'done' : `read ${p.readPercent}%`})`,
      continueRoute: { screen: 'reader', lessonId: last.id },
      lessonsLabel,
    };
  }
  const first = lessons[0];
  return first
    ? { continueLabel: `start with ${first.number}. ${first.title}`, continueRoute: { screen: 'reader', lessonId: first.id }, lessonsLabel }
    : null;
}
