/**
 * Where the reader's window starts, and where the learner is recorded to be.
 * On opening: the search hit it jumped to, else the anchored line it was left
 * at (else the same fraction of the lesson), worked out in the first render
 * so the first frame is already there. Afterwards: the position, how much
 * has been seen and the anchor (the nearest keyed line at or above the top,
 * and how far below it the top is), saved as the window moves.
 */
import { useEffect, useRef } from 'react';
import type { ProgressStore } from '../../store/progress-store.js';
import type { ReaderStore } from '../../store/reader-store.js';
import type { Row } from './use-lesson-rows.js';

export interface RestoredPositionInput {
  lessonId: string;
  /** The row key of a search hit to open at. */
  jumpKey: string | undefined;
  rows: readonly Row[];
  /** False while only the first screen is laid out: nothing is saved from it (its row count is not the lesson's). */
  complete: boolean;
  viewRows: number;
  maxTop: number;
  /** The store's top, once the opening position has been handed to it. */
  top: number;
  reader: ReaderStore;
  progress: ProgressStore;
  /** The self-check's question ids, so settling knows when the lesson is complete. */
  checkIds: readonly string[];
}

/** The top row shown. */
export function useRestoredPosition(input: RestoredPositionInput): number {
  const { lessonId, jumpKey, rows, complete, viewRows, maxTop, top, reader, progress, checkIds } = input;
  const positioned = useRef(false);
  const startTop = useRef<number | null>(null);
  if (startTop.current === null) {
    const before = progress.getState().progress.lessons[lessonId];
    const hit = jumpKey !== undefined ? rows.findIndex((r) => r.key === jumpKey) : -1;
    let at = 0;
    if (hit >= 0) at = Math.max(0, hit - 2);
    else if (before) {
      const [key, offset] = (before.anchor ?? '').split('+');
      const anchored = key ? rows.findIndex((r) => r.key === key) : -1;
      at = anchored >= 0 ? anchored + Number(offset ?? 0) : Math.round(before.position * rows.length);
    }
    startTop.current = Math.min(Math.max(0, at), maxTop);
  }
  const shownTop = Math.min(positioned.current ? top : startTop.current, maxTop);
  useEffect(() => {
    if (positioned.current) return;
    reader.getState().scrollTo(startTop.current ?? 0, Number.MAX_SAFE_INTEGER);
    positioned.current = true;
    progress.getState().open(lessonId);
  }, [lessonId, progress, reader]);

  let keyed = shownTop;
  while (keyed > 0 && rows[keyed]?.key === undefined) keyed--;
  const topKey = rows[keyed]?.key;
  const anchor = topKey !== undefined ? `${topKey}+${shownTop - keyed}` : undefined;
  const rowCount = rows.length;
  useEffect(() => {
    if (!positioned.current || !complete || rowCount === 0) return;
    const p = progress.getState();
    p.view(lessonId, {
      position: shownTop / rowCount,
      seen: Math.min(1, (shownTop + viewRows) / rowCount),
      anchor,
    });
    p.settle(lessonId, checkIds);
  }, [shownTop, rowCount, complete, viewRows, anchor, lessonId, checkIds, progress]);
  return shownTop;
}
