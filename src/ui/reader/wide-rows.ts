/**
 * Rows wider than the screen: a URL is never cut across rows (issue 17), so
 * one wider than the text column gets a row of its own, whole. Ink erases and
 * redraws by counting rows, so a row that ran past the terminal's edge (and
 * wrapped softly there) would scroll the screen; instead such rows slide
 * sideways together with the left and right arrows, like `less -S`, and a
 * mark at the cut edge says there is more. Pure.
 */
import { lineWidth, type Span, type StyledLine, slideLine } from './styled-text.js';

/** How far the rows on screen can slide: the widest one's overhang. */
export function maxSlide(lines: readonly StyledLine[], room: number): number {
  return Math.max(0, ...lines.map((l) => lineWidth(l) - room));
}

/** One press slides most of a screen, keeping a few columns seen before. */
export function slideStep(room: number): number {
  return Math.max(1, room - 10);
}

/**
 * A row as shown at a slide: a row that fits is left alone; a wider one
 * shows `room` columns from `slide`, with a muted mark at each cut edge
 * (`‹` there is more to the left, `›` more to the right).
 */
export function showRow(line: StyledLine, slide: number, room: number, ascii: boolean): StyledLine {
  const width = lineWidth(line);
  if (width <= room) return line;
  const from = Math.max(0, Math.min(slide, width - room));
  const left = from > 0;
  const right = from + room < width;
  const mark = (text: string): Span => ({ text, role: 'muted' });
  const inner = slideLine(line, from + (left ? 1 : 0), room - (left ? 1 : 0) - (right ? 1 : 0));
  return [...(left ? [mark(ascii ? '<' : '‹')] : []), ...inner, ...(right ? [mark(ascii ? '>' : '›')] : [])];
}
