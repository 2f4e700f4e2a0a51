/**
 * What Home's Continue and Lessons entries say: the last lesson, its number
 * and title and how much of it was read ("3. Lease durations are budgets
 * (read 40%)"); once that lesson is done, the next unfinished one; the
 * first lesson when nothing was read yet.
 */
import { builtContent } from '../../content/shared/built-content.js';
import type { ProgressState } from '../../progress/progress-file.js';
import type { Route } from '../../store/router-store.js';

export interface HomeLessonEntries {
  continueLabel: string;
  continueRoute: Route;
  lessonsLabel: string;
}

type LessonRef = { id: string; number: number; title: string };

/**
 * Home's lessons: the build's snapshot of the shipped content when it matches
 * the files (one JSON file), else the real loaders (`--content`, edited or
 * unbuilt content). Issue 16: the loaders bring the YAML and Markdown
 * parsers and took 1.7-2.2 s on this thread right after Home's first frame,
 * and a Ctrl-C in that moment waited for them.
 */
async function homeLessons(content: string | undefined): Promise<LessonRef[] | null> {
  const built = content === undefined ? builtContent() : undefined;
  if (built) return built.curriculum.lessons;
  try {
    const { loadReaderSources } = await import('./reader-sources.js');
    return (await loadReaderSources({ content })).curriculum.lessons;
  } catch {
    return null;
  }
}

export async function homeLessonEntries(progress: ProgressState, content: string | undefined): Promise<HomeLessonEntries | null> {
  const lessons = await homeLessons(content);
  return lessons ? lessonEntries(lessons, progress) : null;
}

/** The entries' words for these lessons and this progress. */
function lessonEntries(lessons: LessonRef[], progress: ProgressState): HomeLessonEntries | null {
  const done = lessons.filter((l) => progress.lessons[l.id]?.completedAt).length;
  const lessonsLabel = `${lessons.length} lessons, ${done} done`;
  const last = lessons.find((l) => l.id === progress.lastLessonId);
  const p = last ? progress.lessons[last.id] : undefined;
  if (last && p && !p.completedAt) {
    return {
      continueLabel: `${last.number}. ${last.title}  (read ${p.readPercent}%)`,
      continueRoute: { screen: 'reader', lessonId: last.id },
      lessonsLabel,
    };
  }
  if (last && p) {
    // The last lesson is done: Continue moves on (reopening it would land at
    // its reference list), to the next unfinished lesson after it, else the
    // first unfinished one.
    const at = lessons.indexOf(last);
    const unfinished = (l: { id: string }) => !progress.lessons[l.id]?.completedAt;
    const next = lessons.slice(at + 1).find(unfinished) ?? lessons.slice(0, at).find(unfinished);
    if (!next) {
      return { continueLabel: `all ${lessons.length} lessons done: pick one to review`, continueRoute: { screen: 'lessons' }, lessonsLabel };
    }
    const read = progress.lessons[next.id]?.readPercent;
    return {
      continueLabel: `${next.number}. ${next.title}  (next${read ? `, read ${read}%` : ''}; ${last.number} done)`,
      continueRoute: { screen: 'reader', lessonId: next.id },
      lessonsLabel,
    };
  }
  const first = lessons[0];
  return first ? { continueLabel: `start with ${first.number}. ${first.title}`, continueRoute: { screen: 'reader', lessonId: first.id }, lessonsLabel } : null;
}
