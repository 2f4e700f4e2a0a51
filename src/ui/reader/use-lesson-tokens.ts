/**
 * The tokens the reader lays lessons out from (issue 18): the build's, read
 * from the snapshot for shipped lessons, so the first frame loads no marked
 * and lexes nothing; marked's lexer, imported on first need, for
 * `--content` lessons or a snapshot that does not serve. The layout is the
 * same either way (test/ui/reader-built-tokens.proc.test.ts).
 */
import { use } from 'react';
import type { Lesson } from '../../content/lesson/lesson-types.js';
import type { LessonTokens } from '../../render/lesson-tokens.js';
import type { ReaderSources } from './reader-sources.js';

type LessonLexer = typeof import('../../render/lesson-lex.js');

let lexer: Promise<LessonLexer> | undefined;
let loaded: LessonLexer | undefined;
// A lesson lexed once per process: the first-screen and whole-lesson passes
// and every search ask again for the same (unchanging) lesson object.
const lexed = new WeakMap<Lesson, LessonTokens>();

/** marked's lexer for lessons, imported on first need (one promise per process, so a screen may suspend on it). */
function lessonLexer(): Promise<LessonLexer> {
  lexer ??= import('../../render/lesson-lex.js').then((m) => {
    loaded = m;
    return m;
  });
  return lexer;
}

/**
 * For a screen, during render: the tokens of each lesson given, from the
 * snapshot when it holds them, else lexed. Suspends while marked is
 * imported, and only when a lesson needs it.
 */
export function useLessonTokens(sources: ReaderSources, lessons: readonly Lesson[]): (lesson: Lesson) => LessonTokens {
  const needsLexer = lessons.some((l) => sources.builtTokens(l) === undefined);
  const lex = needsLexer ? (loaded ?? use(lessonLexer())) : undefined;
  return (lesson) => {
    const built = sources.builtTokens(lesson);
    if (built) return built;
    if (!lex) throw new Error(`no tokens for lesson "${lesson.id}" (useLessonTokens was not given it)`);
    let tokens = lexed.get(lesson);
    if (!tokens) {
      tokens = lex.lexLesson(lesson);
      lexed.set(lesson, tokens);
    }
    return tokens;
  };
}
