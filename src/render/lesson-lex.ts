/**
 * Lexes a lesson with marked (see lesson-tokens.ts): at build for the
 * shipped lessons, and at run time for `--content` lessons or when the
 * build's snapshot does not serve. The reader imports this dynamically, so
 * marked loads only then.
 */
import { Lexer } from 'marked';
import type { Lesson } from '../content/lesson/lesson-types.js';
import type { LessonTokens } from './lesson-tokens.js';

export function lexLesson(lesson: Lesson): LessonTokens {
  const markdown = lesson.segments.flatMap((s) => (s.kind === 'markdown' ? [new Lexer().lex(s.text)] : []));
  return { markdown: markdown.map((tokens) => [...tokens]), goals: lesson.goals.map((g) => Lexer.lexInline(g)) };
}
