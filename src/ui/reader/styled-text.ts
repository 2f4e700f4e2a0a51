/**
 * Styled text for the reader: a line is a list of spans, each with Ink Text
 * styles by role (never a colour name: the theme decides, and colour never
 * carries meaning alone). Word wrapping keeps the styles of each word.
 */
import { isUrlWord, textWidth } from '../../render/lesson-wrap.js';
import type { ColorRole } from '../theme.js';

export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  inverse?: boolean;
  role?: ColorRole;
}

export type StyledLine = Span[];

export function plain(text: string, style: Omit<Span, 'text'> = {}): StyledLine {
  return text === '' ? [] : [{ ...style, text }];
}

export function lineText(line: StyledLine): string {
  return line.map((s) => s.text).join('');
}

export function lineWidth(line: StyledLine): number {
  return textWidth(lineText(line));
}

function sameStyle(a: Span, b: Span): boolean {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.strikethrough === b.strikethrough &&
    a.inverse === b.inverse &&
    a.role === b.role
  );
}

/** Adjacent spans of one style merged (fewer Text nodes). */
function compact(line: StyledLine): StyledLine {
  const out: Span[] = [];
  // One copy per run, made when the run ends (a copy per merged span was most of the layout's garbage).
  let run: Span | undefined;
  let text = '';
  for (const s of line) {
    if (s.text === '') continue;
    if (run && sameStyle(run, s)) {
      text += s.text;
      continue;
    }
    if (run) out.push({ ...run, text });
    run = s;
    text = s.text;
  }
  if (run) out.push({ ...run, text });
  return out;
}

interface Word {
  parts: Span[];
  width: number;
}

/** A hard break, or a run of other white space (which may hold newlines: those fold into the space). */
const SEPARATOR = /\n|\s+/g;

/** Words of styled text, styles kept per piece; `\n` in a span is a hard break (a null word). */
function words(spans: readonly Span[]): (Word | null)[] {
  const out: (Word | null)[] = [];
  let current: Word | null = null;
  const end = () => {
    if (current && current.width > 0) out.push(current);
    current = null;
  };
  const word = (span: Span, piece: string) => {
    current ??= { parts: [], width: 0 };
    current.parts.push({ ...span, text: piece });
    current.width += textWidth(piece);
  };
  // The text between separators is a word (or part of one, when the next span goes on without a space).
  for (const span of spans) {
    const text = span.text;
    let at = 0;
    SEPARATOR.lastIndex = 0;
    for (let m = SEPARATOR.exec(text); m !== null; m = SEPARATOR.exec(text)) {
      if (m.index > at) word(span, text.slice(at, m.index));
      end();
      if (m[0] === '\n') out.push(null);
      at = m.index + m[0].length;
    }
    if (at < text.length) word(span, at === 0 ? text : text.slice(at));
  }
  end();
  return out;
}

function splitWord(word: Word, width: number): Word[] {
  const pieces: Word[] = [];
  let cur: Word = { parts: [], width: 0 };
  for (const part of word.parts) {
    for (const ch of part.text) {
      if (cur.width >= width) {
        pieces.push(cur);
        cur = { parts: [], width: 0 };
      }
      const last = cur.parts[cur.parts.length - 1];
      if (last && sameStyle(last, part)) last.text += ch;
      else cur.parts.push({ ...part, text: ch });
      cur.width++;
    }
  }
  if (cur.width > 0) pieces.push(cur);
  return pieces;
}

/**
 * Wrap styled text at spaces to `width` columns. A word longer than the
 * width is cut, except a URL (issue 17): cut, it no longer works when
 * copied, so it gets a line of its own, whole, wider than the width (the
 * reader slides such a row sideways, see `slideLine`).
 */
export function wrapSpans(spans: readonly Span[], width: number): StyledLine[] {
  const w = Math.max(1, width);
  const lines: StyledLine[] = [];
  let line: Span[] = [];
  let used = 0;
  const flush = () => {
    lines.push(compact(line));
    line = [];
    used = 0;
  };
  for (const word of words(spans)) {
    if (word === null) {
      flush();
      continue;
    }
    if (word.width > w && isUrlWord(word.parts.map((p) => p.text).join(''))) {
      if (used > 0) flush();
      line.push(...word.parts);
      flush();
      continue;
    }
    for (const piece of word.width > w ? splitWord(word, w) : [word]) {
      if (used > 0 && used + 1 + piece.width > w) flush();
      if (used > 0) {
        // The space between two words of one style takes that style (an underlined term stays one run).
        const before = line[line.length - 1];
        const after = piece.parts[0];
        line.push(before && after && sameStyle(before, after) ? { ...before, text: ' ' } : { text: ' ' });
        used++;
      }
      line.push(...piece.parts);
      used += piece.width;
    }
  }
  if (line.length > 0 || lines.length === 0) flush();
  return lines;
}

/**
 * The columns `from` to `from + width` of a line, styles kept: how the reader
 * shows a row wider than the screen (a long URL), slid sideways with the arrows.
 */
export function slideLine(line: StyledLine, from: number, width: number): StyledLine {
  const out: Span[] = [];
  let at = 0;
  for (const span of line) {
    const chars = [...span.text];
    const start = Math.max(0, from - at);
    const end = Math.min(chars.length, from + width - at);
    if (end > start) out.push({ ...span, text: chars.slice(start, end).join('') });
    at += chars.length;
  }
  return out;
}

/** Prefix the first line with `first` and the rest with `rest` (plain prefixes, e.g. list markers). */
export function hangStyled(lines: StyledLine[], first: Span, rest: Span): StyledLine[] {
  return lines.map((l, i) => [i === 0 ? first : rest, ...l]);
}

/** Mark every case-insensitive occurrence of `query` (search hits) inverse. */
export function highlight(line: StyledLine, query: string, markers?: readonly [string, string]): StyledLine {
  const q = query.toLowerCase();
  if (q === '') return line;
  const text = lineText(line);
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  for (let i = lower.indexOf(q); i !== -1; i = lower.indexOf(q, i + q.length)) {
    for (let k = i; k < i + q.length; k++) marked[k] = true;
  }
  if (!marked.includes(true)) return line;
  const out: Span[] = [];
  const push = (next: Span) => {
    const last = out[out.length - 1];
    if (last && sameStyle(last, next)) last.text += next.text;
    else out.push(next);
  };
  let offset = 0;
  for (const span of line) {
    for (let i = 0; i < span.text.length; i++) {
      const at = offset + i;
      const inside = marked[at] === true;
      // Without colour, reverse video may not show: markers around each match say it in text.
      if (markers && inside && !marked[at - 1]) push({ ...span, text: markers[0], inverse: true });
      const text = span.text[i] ?? '';
      push(inside ? { ...span, text, inverse: true } : { ...span, text });
      if (markers && inside && !marked[at + 1]) push({ ...span, text: markers[1], inverse: true });
    }
    offset += span.text.length;
  }
  return out;
}
