/**
 * Plain-text layout helpers: measuring, word wrapping and hard breaking at a
 * column width. Widths count code points; the lessons and the timeline use
 * single-width characters (Latin text, box drawing), so that is the display width.
 */

export function textWidth(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The first `width` code points of `s`. */
export function clip(s: string, width: number): string {
  if (textWidth(s) <= width) return s;
  return [...s].slice(0, Math.max(0, width)).join('');
}

/** Cut a word longer than the width into width-sized pieces. */
function breakWord(word: string, width: number): string[] {
  const chars = [...word];
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += width) pieces.push(chars.slice(i, i + width).join(''));
  return pieces;
}

/**
 * Wrap text at spaces so that no line is wider than `width`. Newlines in the
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
