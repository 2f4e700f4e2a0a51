/**
 * Plain-text layout helpers: measuring, word wrapping and hard breaking at a
 * column width. Widths count code points; the lessons and the timeline use
 * single-width characters (Latin text, box drawing), so that is the display width.
 */

const SURROGATE = /[\uD800-\uDFFF]/;

export function textWidth(s: string): number {
  // Without surrogate pairs, every UTF-16 unit is one code point.
  if (!SURROGATE.test(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The first `width` code points of `s`. */
export function clip(s: string, width: number): string {
  if (textWidth(s) <= width) return s;
  return [...s].slice(0, Math.max(0, width)).join('');
}

/**
 * `clip`, except for a line that is one URL (after its indent or list
 * marker): wrapText put it there whole, and cutting it would break it.
 */
export function clipKeepingUrl(s: string, width: number): string {
  const m = /^\s*(?:(?:[-*+•◦>│|]|\d{1,3}[.)])\s+)?(\S+)$/.exec(s);
  if (m && isUrlWord(m[1] ?? '')) return s;
  return clip(s, width);
}

/** Cut a word longer than the width into width-sized pieces. */
function breakWord(word: string, width: number): string[] {
  const chars = [...word];
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += width) pieces.push(chars.slice(i, i + width).join(''));
  return pieces;
}

/** A word that holds a URL (`https://...`, `<https://...>,`): one that must never be cut. */
export function isUrlWord(word: string): boolean {
  return /^[<("'[]*[a-z][a-z0-9+.-]*:\/\/\S/i.test(word);
}

/**
 * Wrap text at spaces so that no line is wider than `width`, except a URL
 * wider than the line, which is kept whole on a line of its own. Newlines in the
 * text are hard breaks; runs of spaces collapse to one.
 */
export function wrapText(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/\s+/).filter((x) => x !== '');
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const ww = textWidth(word);
      if (ww > w && isUrlWord(word)) {
        // A URL is never cut: cut, it no longer works when copied. It gets a
        // line of its own and may run past the width (a terminal wraps it softly).
        if (line !== '') out.push(line);
        out.push(word);
        line = '';
        lineWidth = 0;
        continue;
      }
      if (ww > w) {
        if (line !== '') out.push(line);
        const pieces = breakWord(word, w);
        const last = pieces.pop() ?? '';
        out.push(...pieces);
        line = last;
        lineWidth = textWidth(last);
        continue;
      }
      if (line === '') {
        line = word;
        lineWidth = ww;
      } else if (lineWidth + 1 + ww <= w) {
        line += ` ${word}`;
        lineWidth += 1 + ww;
      } else {
        out.push(line);
        line = word;
        lineWidth = ww;
      }
    }
    out.push(line);
  }
  return out;
}

/** Hard-wrap a preformatted line (code) without touching its spaces. */
export function hardWrap(line: string, width: number): string[] {
  const w = Math.max(1, width);
  if (textWidth(line) <= w) return [line];
  return breakWord(line, w);
}

export function padEnd(s: string, width: number): string {
  const gap = width - textWidth(s);
  return gap > 0 ? s + ' '.repeat(gap) : s;
}

/** Prefix the first line with `first` and the rest with `rest` (same width). */
export function hang(lines: string[], first: string, rest: string): string[] {
  return lines.map((l, i) => (i === 0 ? first : rest) + l);
}
