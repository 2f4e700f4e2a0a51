/**
 * Keeps the part that has the keys (a timeline, the self-check) on screen
 * while the lesson changes around it:
 * - An answer grows the self-check: the feedback, the explanation and "Press
 *   enter for the next question" are added under the options, and at 80x24
 *   they fell below the window while the self-check had the keys (its arrows
 *   move between options, so the learner could not scroll to them). When the
 *   focused self-check grows, its new end is brought on screen; when it is
 *   then taller than the window the question's first lines scroll off, not
 *   its feedback.
 * - A resize lays the lesson out again: the window kept its place in the
 *   text, which at 80x24 left the focused timeline cut at the bottom while
 *   its keys still worked. When the layout moves the focused part, the whole
 *   part is brought on screen again (its start first when it is taller than
 *   the window, as giving it the keys does: bringPartIntoView, below).
 * Giving a part the keys does not move the window here.
 */
import { useEffect, useRef } from 'react';
import type { ReaderFocus, ReaderStore } from '../../store/reader-store.js';

export interface FocusedPartInViewInput {
  focus: ReaderFocus;
  /** Each embedded part's first and last row. */
  partStart: ReadonlyMap<number, number>;
  partEnd: ReadonlyMap<number, number>;
  shownTop: number;
  viewRows: number;
  maxTop: number;
  reader: ReaderStore;
}

interface Seen {
  part: number | null;
  start: number | undefined;
  end: number | undefined;
  viewRows: number;
}

export function useFocusedPartInView({ focus, partStart, partEnd, shownTop, viewRows, maxTop, reader }: FocusedPartInViewInput): void {
  const part = focus.kind === 'quiz' || focus.kind === 'timeline' ? focus.part : null;
  const start = part === null ? undefined : partStart.get(part);
  const end = part === null ? undefined : partEnd.get(part);
  const before = useRef<Seen>({ part, start, end, viewRows });
  useEffect(() => {
    const prev = before.current;
    before.current = { part, start, end, viewRows };
    if (part === null || part !== prev.part || start === undefined || end === undefined || prev.start === undefined || prev.end === undefined) return;
    if (start !== prev.start || viewRows !== prev.viewRows) {
      bringPartIntoView(reader, { start, end, shownTop, viewRows, maxTop });
    } else if (focus.kind === 'quiz' && end > prev.end && end >= shownTop + viewRows) {
      reader.getState().scrollTo(end - viewRows + 1, maxTop);
    }
  }, [part, start, end, shownTop, viewRows, maxTop, reader, focus.kind]);
}

/** Brings a whole part on screen when any of it is off (its start first when it is taller than the window). */
export function bringPartIntoView(
  reader: ReaderStore,
  { start, end, shownTop, viewRows, maxTop }: { start: number; end: number; shownTop: number; viewRows: number; maxTop: number },
): void {
  if (start < shownTop || end >= shownTop + viewRows) reader.getState().scrollTo(Math.min(start, Math.max(end - viewRows + 1, 0)), maxTop);
}
