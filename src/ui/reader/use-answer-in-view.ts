/**
 * An answer grows the self-check: the feedback, the explanation and "Press
 * enter for the next question" are added under the options, and at 80x24
 * they fell below the window while the self-check had the keys (its arrows
 * move between options, so the learner could not scroll to them). So when
 * the focused self-check grows, its new end is brought on screen; when it is
 * then taller than the window the question's first lines scroll off, not its
 * feedback. Giving it the keys does not move the window (that stays
 * use-reader-keys' focusPart: the part's start first).
 */
import { useEffect, useRef } from 'react';
import type { ReaderFocus, ReaderStore } from '../../store/reader-store.js';

export interface AnswerInViewInput {
  focus: ReaderFocus;
  /** Each embedded part's last row. */
  partEnd: ReadonlyMap<number, number>;
  shownTop: number;
  viewRows: number;
  maxTop: number;
  reader: ReaderStore;
}

export function useAnswerInView({ focus, partEnd, shownTop, viewRows, maxTop, reader }: AnswerInViewInput): void {
  const end = focus.kind === 'quiz' ? partEnd.get(focus.part) : undefined;
  const before = useRef(end);
  useEffect(() => {
    const grew = end !== undefined && before.current !== undefined && end > before.current;
    before.current = end;
    if (grew && end >= shownTop + viewRows) reader.getState().scrollTo(end - viewRows + 1, maxTop);
  }, [end, shownTop, viewRows, maxTop, reader]);
}
