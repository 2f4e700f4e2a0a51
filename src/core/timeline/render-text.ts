/**
 * Draws a TimelineModel as lines of text: an axis, one row per lane, a
 * legend. Time runs left to right; a short run gets several cells per unit,
 * a long one is scaled to the width. Every symbol has a legend entry and the
 * sink's verdicts carry a word-like mark (✓/✗, or ok/NO in ASCII), so
 * nothing depends on colour.
 *
 * `renderTimelineCells` also returns, for every line, the kind of each cell,
 * so a screen can colour by meaning without parsing the text.
 */
import { safeText } from '../display-text.js';
import { formatToken } from '../token.js';
import type { MarkKind, SpanKind, TimelineLane, TimelineMark, TimelineModel, TimelineToken } from './model.js';

export interface RenderOptions {
  /** Total columns available, label column included. */
  width: number;
  /** ASCII only. */
  ascii?: boolean;
  /** Draw only what happened up to this time, with a marker on the axis. */
  cursor?: number;
  /** Overrides the model's unit in the axis caption. */
  unit?: 'tick' | 'ms' | 'step';
  /** Leave out the legend lines. */
  legend?: boolean;
}

/** The meaning of one cell, for colouring. */
export type CellKind = SpanKind | MarkKind | 'axis' | 'label' | 'text' | 'stale' | 'cursor' | 'legend' | 'blank';

export interface RenderedTimeline {
  lines: string[];
  /** Per line, per character (code point) of `lines`, its kind. */
  cells: CellKind[][];
}

interface Glyphs {
  span: Record<SpanKind, string>;
  mark: Record<MarkKind, string>;
  accepted: string;
  rejected: string;
  axisLine: string;
  axisTick: string;
  axisStart: string;
  cursor: string;
}

const UNICODE: Glyphs = {
  span: { lease: '═', holding: '─', paused: '░', waiting: '·' },
  mark: {
    grant: '●',
    expire: '╳',
    release: '┤',
    wait: '◌',
    deny: '⊘',
    failover: '◆',
    send: 'w',
    accept: '✓',
    reject: '✗',
    check: '?',
    apply: '✓',
    restart: '↻',
  },
  accepted: '✓',
  rejected: '✗',
  axisLine: '─',
  axisTick: '┼',
  axisStart: '├',
  cursor: '▼',
};

const ASCII: Glyphs = {
  span: { lease: '=', holding: '-', paused: '#', waiting: '.' },
  mark: {
    grant: '*',
    expire: 'X',
    release: ']',
    wait: 'o',
    deny: '/',
    failover: '!',
    send: 'w',
    accept: '+',
    reject: 'x',
    check: '?',
    apply: '+',
    restart: 'R',
  },
  accepted: 'ok',
  rejected: 'NO',
  axisLine: '-',
  axisTick: '+',
  axisStart: '+',
  cursor: 'v',
};

const LEGEND_ORDER: [CellKind, string][] = [
  ['grant', 'grant'],
  ['lease', 'lease'],
  ['expire', 'expiry'],
  ['release', 'release'],
  ['holding', 'holding'],
  ['paused', 'paused'],
  ['waiting', 'waiting'],
  ['send', 'write sent'],
  ['accept', 'accepted'],
  ['reject', 'rejected'],
  ['check', 'check passed'],
  ['failover', 'failover'],
  ['deny', 'denied'],
  ['restart', 'sink restart'],
];

class Row {
  readonly chars: string[];
  readonly kinds: CellKind[];
  /** Cells taken by a mark or its text (spans do not count). */
  readonly taken: boolean[];
  constructor(width: number) {
    this.chars = new Array<string>(width).fill(' ');
    this.kinds = new Array<CellKind>(width).fill('blank');
    this.taken = new Array<boolean>(width).fill(false);
  }
  put(col: number, text: string, kind: CellKind, first?: CellKind): void {
    const chars = [...text];
    for (let i = 0; i < chars.length; i++) {
      const c = col + i;
      if (c < 0 || c >= this.chars.length) continue;
      this.chars[c] = chars[i]!;
      this.kinds[c] = i === 0 && first ? first : kind;
      this.taken[c] = true;
    }
  }
  paint(from: number, to: number, ch: string, kind: SpanKind): void {
    for (let c = Math.max(0, from); c <= Math.min(to, this.chars.length - 1); c++) {
      if (this.taken[c]) continue;
      this.chars[c] = kind === 'waiting' && (c - from) % 2 === 1 ? ' ' : ch;
      this.kinds[c] = kind;
    }
  }
  firstFree(col: number): number {
    let c = col;
    while (c < this.taken.length && this.taken[c]) c++;
    return c;
  }
}

/** Columns per unit of time, or a scale for long runs. */
function scaleFor(model: TimelineModel, plotWidth: number): (t: number) => number {
  // Keep some columns free on the right for the last labels.
  const usable = plotWidth - Math.min(12, Math.floor(plotWidth / 5));
  const span = Math.max(1, model.end - model.start);
  const perUnit = Math.floor(usable / span);
  if (perUnit >= 1) {
    const k = Math.min(perUnit, 3);
    return (t) => Math.round((t - model.start) * k);
  }
  const k = usable / span;
  return (t) => Math.round((t - model.start) * k);
}

function niceStep(unitsPerLabel: number): number {
  const pow = 10 ** Math.floor(Math.log10(Math.max(1, unitsPerLabel)));
  for (const m of [1, 2, 5, 10]) if (m * pow >= unitsPerLabel) return m * pow;
  return 10 * pow;
}

function tokenText(token: TimelineToken | undefined, ascii: boolean): string {
  return token === undefined ? '' : formatToken(token, ascii);
}

/** Full, short and minimal forms of a mark's text, best first; `sym` is the part coloured by `kind`. */
function markTexts(lane: TimelineLane, m: TimelineMark, g: Glyphs, ascii: boolean): { text: string; kind: CellKind; sym: string }[] {
  const sym = g.mark[m.kind];
  const tok = tokenText(m.token, ascii);
  const val = m.value === undefined ? '' : m.value === null ? '–' : `"${safeText(m.value, 12)}"`;
  const stale = m.stale ? ' stale!' : '';
  const forms = (full: string[], kind: CellKind = m.kind, symbol = sym) =>
    full.filter((s) => s.length > 0).map((text) => ({ text, kind, sym: symbol }));
  if (lane.kind === 'coordinator' && m.kind === 'grant') return forms([`${sym}${m.actor ?? ''} ${tok}`, `${sym}${tok}`, sym]);
  if (lane.kind === 'sink') {
    if (m.kind === 'accept' || m.kind === 'apply' || m.kind === 'reject') {
      const verdict = m.kind === 'reject' ? g.rejected : g.accepted;
      const kind: CellKind = m.stale ? 'stale' : m.kind === 'apply' ? 'accept' : m.kind;
      const sep = ascii ? ':' : '';
      return forms([`${val} ${verdict}${sep}${tok}${stale}`, `${verdict}${sep}${tok}${stale}`, `${verdict}${stale ? '!' : ''}`], kind, verdict);
    }
    if (m.kind === 'check') return forms([`${sym}${tok}`, sym]);
    if (m.kind === 'restart') return forms([m.lost ? `${sym} mark lost` : `${sym} restart`, sym]);
  }
  return forms([sym]);
}

function drawLane(lane: TimelineLane, width: number, col: (t: number) => number, cursor: number | undefined, g: Glyphs, ascii: boolean): Row {
  const row = new Row(width);
  const visible = (t: number) => cursor === undefined || t <= cursor;
  const marks = lane.marks.filter((m) => visible(m.t)).sort((a, b) => a.t - b.t);
  // Marks first (so they claim their cells), then spans fill the gaps.
  for (let i = 0; i < marks.length; i++) {
    const m = marks[i]!;
    let start = row.firstFree(col(m.t));
    if (start >= width) break;
    const next = marks.slice(i + 1).find((n) => col(n.t) > start);
    // Leave a blank cell before the next mark so two labels never read as one.
    const limit = next ? col(next.t) - 2 : width - 1;
    const forms = markTexts(lane, m, g, ascii);
    let fit = forms.find((f) => start + [...f.text].length - 1 <= limit);
    if (!fit && !next) {
      // The last mark near the right edge: move its label left, into free cells.
      const full = forms[0]!;
      const shifted = width - [...full.text].length;
      let free = shifted >= 0;
      for (let c = Math.max(0, shifted - 1); free && c < start; c++) if (row.taken[c]) free = false;
      if (free) {
        start = shifted;
        fit = full;
      }
    }
    fit ??= forms[forms.length - 1]!;
    const text = [...fit.text].slice(0, width - start).join('');
    row.put(start, text, 'text');
    // The symbol (and the word "stale!") carry the mark's kind; values and tokens are text.
    const chars = [...text];
    const at = chars.join('').indexOf(fit.sym);
    const symAt = at < 0 ? 0 : [...chars.join('').slice(0, at)].length;
    for (let k = 0; k < [...fit.sym].length && start + symAt + k < width; k++) row.kinds[start + symAt + k] = fit.kind;
    const staleAt = text.indexOf('stale!');
    if (staleAt >= 0) for (let k = 0; k < 6; k++) row.kinds[start + [...text.slice(0, staleAt)].length + k] = 'stale';
  }
  for (const s of lane.spans) {
    if (!visible(s.from)) continue;
    const to = cursor === undefined ? s.to : Math.min(s.to, cursor);
    row.paint(col(s.from), col(to), g.span[s.kind], s.kind);
  }
  return row;
}

function legendLines(used: Set<CellKind>, g: Glyphs, width: number): { line: string; kinds: CellKind[] }[] {
  const items: { sym: string; word: string; kind: CellKind }[] = [];
  for (const [kind, word] of LEGEND_ORDER) {
    if (!used.has(kind)) continue;
    const sym =
      kind === 'accept' ? g.accepted : kind === 'reject' ? g.rejected : kind in g.span ? g.span[kind as SpanKind] : g.mark[kind as MarkKind];
    items.push({ sym, word, kind });
  }
  const out: { line: string; kinds: CellKind[] }[] = [];
  let line = '';
  let kinds: CellKind[] = [];
  for (const it of items) {
    const piece = `${it.sym} ${it.word}`;
    const sep = line.length > 0 ? '  ' : '';
    if ([...line].length + sep.length + [...piece].length > width && line.length > 0) {
      out.push({ line, kinds });
      line = '';
      kinds = [];
    }
    const pre = line.length > 0 ? '  ' : '';
    line += pre + piece;
    kinds.push(...new Array<CellKind>([...pre].length).fill('legend'), ...new Array<CellKind>([...it.sym].length).fill(it.kind));
    kinds.push(...new Array<CellKind>(1 + it.word.length).fill('legend'));
  }
  if (line.length > 0) out.push({ line, kinds });
  return out;
}

/** Lines and per-cell kinds. */
export function renderTimelineCells(model: TimelineModel, options: RenderOptions): RenderedTimeline {
  const ascii = Boolean(options.ascii);
  const g = ascii ? ASCII : UNICODE;
  const width = Math.max(30, Math.floor(options.width));
  const labelWidth = Math.min(14, Math.max(6, ...model.lanes.map((l) => l.label.length + 2)));
  const plotWidth = width - labelWidth - 1;
  const col = scaleFor(model, plotWidth);
  const unit = options.unit ?? model.unit;
  const cursor = options.cursor;

  const lines: string[] = [];
  const cells: CellKind[][] = [];
  const label = (text: string) => {
    const clean = safeText(text, labelWidth - 1);
    return clean + ' '.repeat(labelWidth - [...clean].length);
  };
  const push = (left: string, leftKind: CellKind, row: { chars: string[]; kinds: CellKind[] }) => {
    const chars = [...row.chars];
    const kinds = [...row.kinds];
    while (chars.length > 0 && chars[chars.length - 1] === ' ') {
      chars.pop();
      kinds.pop();
    }
    lines.push(left + chars.join(''));
    cells.push([...new Array<CellKind>([...left].length).fill(leftKind), ...kinds]);
  };

  // Axis: numbers at a readable spacing, and a ruler.
  const span = Math.max(1, model.end - model.start);
  const colsPerUnit = Math.max(1e-9, col(model.start + span) / span);
  const step = niceStep(8 / colsPerUnit);
  const numbers = new Row(plotWidth);
  const ruler = new Row(plotWidth);
  ruler.paint(0, Math.min(plotWidth - 1, col(model.end)), g.axisLine, 'holding');
  for (let c = 0; c < plotWidth && c <= col(model.end); c++) ruler.kinds[c] = 'axis';
  const first = Math.ceil(model.start / step) * step;
  for (let t = first; t <= model.end; t += step) {
    const c = col(t);
    const text = String(t);
    if (c + text.length <= plotWidth && numbers.firstFree(Math.max(0, c - 1)) === Math.max(0, c - 1)) numbers.put(c, text, 'axis');
    if (c < plotWidth) ruler.put(c, t === model.start ? g.axisStart : g.axisTick, 'axis');
  }
  if (cursor !== undefined && col(cursor) < plotWidth) ruler.put(Math.max(0, col(cursor)), g.cursor, 'cursor');
  push(label(unit === 'ms' ? 'ms' : unit === 'step' ? 'step' : 't'), 'label', numbers);
  push(' '.repeat(labelWidth), 'blank', ruler);

  const used = new Set<CellKind>();
  for (const lane of model.lanes) {
    const row = drawLane(lane, plotWidth, col, cursor, g, ascii);
    for (const k of row.kinds) used.add(k);
    for (const m of lane.marks) if (cursor === undefined || m.t <= cursor) used.add(m.kind === 'apply' ? 'accept' : m.kind);
    push(label(lane.label), 'label', row);
  }
  if (options.legend !== false) {
    for (const { line, kinds } of legendLines(used, g, width)) {
      lines.push(line);
      cells.push(kinds);
    }
  }
  return { lines, cells };
}

/** The timeline as lines of text, each at most `width` columns. */
export function renderTimeline(model: TimelineModel, options: RenderOptions): string[] {
  return renderTimelineCells(model, options).lines;
}
