/**
 * How far the reader's scrolling keys may move the store's top. The first
 * frame lays out only one screen (first-screen.ts) and the whole lesson
 * follows a moment later; a Down or PageDown pressed in that moment, clamped
 * to the partial layout, was lost. So until the layout is complete the keys
 * are not clamped (the window shows the top clamped at render), and once it
 * is, a top past the end is brought back to the last screen.
 */
import { useEffect } from 'react';
import type { ReaderStore } from '../../store/reader-store.js';

/** The bound the scrolling keys use: none while only the first screen is laid out. */
export function keysMaxTop(complete: boolean, maxTop: number): number {
  return complete ? maxTop : Number.MAX_SAFE_INTEGER;
}

/** Where a page key counts from: the store's top while the layout is partial (the shown top is clamped to it), else the top shown. */
export function pageFrom(complete: boolean, storeTop: number, shownTop: number): number {
  return complete ? shownTop : Math.max(storeTop, shownTop);
}

/** Once the whole lesson is laid out, a store top past the last screen comes back to it. */
export function useSettledTop(reader: ReaderStore, complete: boolean, top: number, maxTop: number): void {
  useEffect(() => {
    if (complete && top > maxTop) reader.getState().scrollTo(maxTop, maxTop);
  }, [reader, complete, top, maxTop]);
}
