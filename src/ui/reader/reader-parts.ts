/**
 * Which embedded part (timeline, self-check) the reader's keys can reach:
 * those on screen, and the one enter gives the keys to. Pure.
 */
import type { LessonPart } from './lesson-layout.js';

export interface PartsOnScreen {
  parts: readonly LessonPart[];
  partStart: ReadonlyMap<number, number>;
  partEnd: ReadonlyMap<number, number>;
  shownTop: number;
  viewRows: number;
}

/** The embedded parts with at least one row in the window. */
function visibleParts(p: PartsOnScreen): number[] {
  return [...p.partStart.entries()]
    .filter(([i]) => p.parts[i]?.kind !== 'text')
    .filter(([i, start]) => start < p.shownTop + p.viewRows && (p.partEnd.get(i) ?? start) >= p.shownTop)
    .map(([i]) => i);
}

/** The part enter gives the keys to: the one tab went to, if on screen, else the first on screen. */
export function usablePart(p: PartsOnScreen, target: number | null): number | undefined {
  const visible = visibleParts(p);
  return target !== null && visible.includes(target) ? target : visible[0];
}
