/**
 * How much of a lesson the reader's first frame needs laid out (issue 18):
 * the parts up to where it opens plus a screen, so the first frame does not
 * wait for the whole lesson's layout; the rest follows right after it
 * (use-lesson-rows.ts). Pure.
 */
import type { LessonPart, PartLayout } from './lesson-layout.js';

/**
 * Lay out through part `through`, then on until `rows` laid-out lines
 * follow that part's start; `line` is the keyed line of that part opened at,
 * and if the part has no such line (a key saved at another width) the
 * opening falls back to a fraction of the whole lesson, so all is laid out.
 */
export interface FirstScreenNeed {
  through: number;
  line: number;
  rows: number;
}

/** Everything: where the reader opens is known only from the whole lesson. */
export const WHOLE_LESSON: FirstScreenNeed = { through: Number.POSITIVE_INFINITY, line: 0, rows: 0 };

/**
 * What opening needs, by the same rule as use-restored-position.ts: a
 * search hit's key or the saved anchor (`part:line+offset`) names its part;
 * a position saved without an anchor is a fraction of all the rows, so it
 * needs them all; a lesson never opened starts at the top.
 */
export function firstScreenNeed(opts: { jumpKey: string | undefined; saved: { anchor?: string | undefined } | undefined; viewRows: number }): FirstScreenNeed {
  const { jumpKey, saved, viewRows } = opts;
  if (jumpKey !== undefined) return keyNeed(jumpKey, 0, viewRows);
  if (saved === undefined) return { through: 0, line: 0, rows: viewRows };
  const [key, offset] = (saved.anchor ?? '').split('+');
  return key ? keyNeed(key, Number(offset ?? 0), viewRows) : WHOLE_LESSON;
}

function keyNeed(key: string, offset: number, viewRows: number): FirstScreenNeed {
  const m = /^(\d+):(\d+)$/.exec(key);
  if (!m || !Number.isFinite(offset)) return WHOLE_LESSON;
  // +1: the blank row before the part.
  return { through: Number(m[1]), line: Number(m[2]), rows: Number(m[2]) + Math.max(0, offset) + viewRows + 1 };
}

/**
 * The first parts of `parts` (lessonParts) that meet `need`, the last one
 * perhaps cut after the blocks it needs, and whether that was the whole
 * lesson. Lines are counted without the embedded parts' live bodies, which
 * only add rows: the prefix is never short.
 */
export function takeFirstScreen(parts: Iterator<PartLayout>, firstNeed: FirstScreenNeed): { parts: LessonPart[]; complete: boolean } {
  let need = firstNeed;
  const out: LessonPart[] = [];
  let lines = 0;
  let throughStart = 0;
  for (;;) {
    const next = parts.next();
    if (next.done) return { parts: out, complete: true };
    const i = out.length;
    if (i === need.through) throughStart = lines;
    // One blank row between parts, as use-lesson-rows lays them out.
    const gap = i > 0 ? 1 : 0;
    const wanted = i >= need.through ? need.rows - (lines - throughStart) - gap : undefined;
    const { part, cut } = next.value(wanted);
    out.push(part);
    const own = part.kind === 'text' ? part.lines.length : part.head.length;
    // A cut part has at least `wanted` lines, more than the keyed line: only a whole one can lack it.
    if (i === need.through && !cut && need.line >= own) need = WHOLE_LESSON;
    lines += gap + own;
    if (cut || (i >= need.through && lines - throughStart >= need.rows)) return { parts: out, complete: false };
  }
}
