/**
 * A lesson's Markdown as marked's tokens: one list per markdown segment, in
 * order, and one inline list per goal. The reader lays a lesson out from
 * these (src/ui/reader/lesson-layout.ts). The build lexes the shipped
 * lessons once (built-content-make.ts writes one file per lesson) so the
 * reader's first frame neither loads marked nor lexes (issue 18); this
 * module holds only the shape and the snapshot reader, never marked itself
 * (lesson-lex.ts lexes, imported dynamically where the snapshot does not serve).
 */
import type { Token } from 'marked';
import { builtText, isBuiltName } from '../content/shared/built-content.js';
import type { Lesson } from '../content/lesson/lesson-types.js';

export interface LessonTokens {
  /** marked's block tokens of each markdown segment, in segment order. */
  markdown: Token[][];
  /** marked's inline tokens of each goal, in order. */
  goals: Token[][];
}

/** The file in dist/content/ holding one shipped lesson's tokens. */
export function builtTokensFile(lessonId: string): string {
  return `lesson-${lessonId}.tokens.json`;
}

function markdownCount(lesson: Lesson): number {
  return lesson.segments.filter((s) => s.kind === 'markdown').length;
}

/**
 * A shipped lesson's tokens as lexed at build, when the snapshot is current
 * and its file holds as many lists as the lesson has segments and goals;
 * undefined otherwise (the caller lexes).
 */
export function builtLessonTokens(lesson: Lesson): LessonTokens | undefined {
  if (!isBuiltName(lesson.id)) return undefined;
  const text = builtText(builtTokensFile(lesson.id));
  if (text === undefined) return undefined;
  let parsed: Partial<LessonTokens>;
  try {
    parsed = JSON.parse(text) as Partial<LessonTokens>;
  } catch {
    return undefined;
  }
  const { markdown, goals } = parsed;
  if (!Array.isArray(markdown) || !Array.isArray(goals)) return undefined;
  if (markdown.length !== markdownCount(lesson) || goals.length !== lesson.goals.length) return undefined;
  if (![...markdown, ...goals].every(Array.isArray)) return undefined;
  return { markdown, goals };
}
