/**
 * The reader's store, opened with the lesson's self-check: the bank's
 * questions for the lesson's quiz block(s), drawn with one seed so their
 * options keep their places between visits.
 */
import { useMemo, useState } from 'react';
import type { Lesson } from '../../content/lesson/lesson-types.js';
import { presentQuestion } from '../../core/quiz/draw.js';
import type { DrawnQuestion } from '../../core/quiz/types.js';
import { createReaderStore, type ReaderStore } from '../../store/reader-store.js';
import type { ReaderSources } from './reader-sources.js';

/** The self-check is drawn with one seed, so its options keep their places between visits. */
const SELF_CHECK_SEED = 1;

export function useReaderWithSelfCheck(lesson: Lesson, sources: ReaderSources): { reader: ReaderStore; checkIds: string[] } {
  const questions = useMemo<DrawnQuestion[]>(() => {
    const ids = lesson.blocks.flatMap((b) => (b.kind === 'quiz' ? b.ids : []));
    const out: DrawnQuestion[] = [];
    for (const id of ids) {
      try {
        const q = sources.question(id);
        if (q) out.push(presentQuestion(q, SELF_CHECK_SEED));
      } catch {
        // a bank that does not load: the self-check says it has no questions
      }
    }
    return out;
  }, [lesson, sources]);
  const checkIds = useMemo(() => questions.map((q) => q.id), [questions]);
  const [reader] = useState(() => {
    const store = createReaderStore();
    if (questions.length > 0) store.getState().startSelfCheck(questions, Date.now());
    return store;
  });
  return { reader, checkIds };
}
