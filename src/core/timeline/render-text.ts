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
import { ASCII, type Glyphs, UNICODE } from './glyphs.js';
import type { MarkKind, SpanKind, TimelineLane, TimelineMark, TimelineModel, TimelineToken } from './model.js';
import { type ScaleKind, scaleFor } from './scale.js';
import { sinkEventLines } from './sink-events.js';

export interface RenderOptions {
  /** Total columns available, label column included. */
  width: number;
  /** ASCII only. */
  ascii?: boolean;
  /** Draw only what happened up to this time, with a marker on the axis; undefined: the whole run. */
  cursor?: number | undefined;
  /** Overrides the model's unit in the axis caption. */
  unit?: 'tick' | 'ms' | 'step';
  /** Leave out the legend lines. */
  legend?: boolean;
  /**
   * Time to scale, or by event order (each distinct time its own column,
   * labelled with its real time). Default: order for milliseconds (the lab),
   * time otherwise.
   */
  scale?: ScaleKind;
  /**
   * List each sink lane's events under the lanes: `auto` (the default) when
   * the lane, drawn for the whole run, cannot show every label in full.
   */
  sinkEvents?: 'auto' | 'always' | 'never';
}

/** The meaning of one cell, for colouring. */
export type CellKind = SpanKind | MarkKind | 'axis' | 'label' | 'text' | 'stale' | 'cursor' | 'legend' | 'blank';

export interface RenderedTimeline {
  lines: string[];
  /** Per line, per character (code point) of `lines`, its kind. */
  cells: CellKind[][];
  /** Lines before the first lane: the axis (two rows, three when an order axis needs a second row of times). */
  header: number;
  /** Lines up to the end of the lanes and the sink events under them; the legend follows. */
  plotted: number;
}

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
  /** No mark or text in columns from..to, inclusive. */
  isFree(from: number, to: number): boolean {
    for (let c = Math.max(0, from); c <= to && c < this.taken.length; c++) if (this.taken[c]) return false;
    return true;
  }
  firstFree(col: number): number {
    let c = col;
    while (c < this.taken.length && this.taken[c]) c++;
    return c;
  }
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
  const forms = (full: string[], kind: CellKind = m.kind, symbol = sym) => full.filter((s) => s.length > 0).map((text) => ({ text, kind, sym: symbol }));
  if (lane.kind === 'coordinator' && m.kind === 'grant') return forms([`${sym}${m.actor ?? ''} ${tok}`, `${sym}${tok}`, sym]);
  if (lane.kind === 'sink') {
    if (m.kind === 'accept' || m.kind === 'apply' || m.kind === 'reject') {
      const verdict = m.kind === 'reject' ? g.rejected : g.accepted;
      const kind: CellKind = m.stale ? 'stale' : m.kind === 'apply' ? 'accept' : m.kind;
      const sep = ascii ? ':' : '';
      const full = forms([`${val} ${verdict}${sep}${tok}${stale}`, `${verdict}${sep}${tok}${stale}`], kind, verdict);
      // ASCII's verdict is two letters and a colon: where "ok:2" cannot fit, the one-cell mark keeps the
      // token ("+2", as "?2" does for a check) rather than dropping it (issue 33: B's token was lost).
      const tight =
        ascii && tok
          ? forms(
              [`${m.kind === 'reject' ? g.mark.reject : g.mark.accept}${tok}${stale ? '!' : ''}`],
              kind,
              m.kind === 'reject' ? g.mark.reject : g.mark.accept,
            )
          : [];
      return [...full, ...tight, ...forms([`${verdict}${stale ? '!' : ''}`], kind, verdict)];
    }
    if (m.kind === 'check') return forms([`${sym}${tok}`, sym]);
    if (m.kind === 'restart') return forms([m.lost ? `${sym} mark lost` : `${sym} restart`, sym]);
  }
  return forms([sym]);
}

/** The lane's row, and whether every mark got its full label. */
function drawLane(
  lane: TimelineLane,
  width: number,
  col: (t: number) => number,
  cursor: number | undefined,
  g: Glyphs,
  ascii: boolean,
): { row: Row; complete: boolean } {
  const row = new Row(width);
  let complete = true;
  const visible = (t: number) => cursor === undefined || t <= cursor;
  const marks = lane.marks.filter((m) => visible(m.t)).sort((a, b) => a.t - b.t);
  // Marks first (so they claim their cells), then spans fill the gaps.
  for (let i = 0; i < marks.length; i++) {
    const m = marks[i]!;
    let start = row.firstFree(col(m.t));
    // Pushed along by the label before it (a mark at the same column, or a short form that ran
    // over): one blank cell first, kept blank, so two labels never touch (issue 33: `✓2"A3"`).
    if (start > 0 && row.taken[start - 1]) {
      row.put(start, ' ', 'blank');
      start++;
    }
    if (start >= width) {
      complete = false;
      break;
    }
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
    if (fit !== forms[0]) complete = false;
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
  return { row, complete };
}

function legendLines(used: Set<CellKind>, g: Glyphs, width: number, epochToken: string | null): { line: string; kinds: CellKind[] }[] {
  const items: { sym: string; word: string; kind: CellKind }[] = [];
  for (const [kind, word] of LEGEND_ORDER) {
    if (!used.has(kind)) continue;
    let sym = kind === 'accept' ? g.accepted : kind === 'reject' ? g.rejected : kind in g.span ? g.span[kind as SpanKind] : g.mark[kind as MarkKind];
    // ASCII's tight form of a verdict ("+2", "x2") is named too.
    if ((kind === 'accept' || kind === 'reject') && g.accepted.length > 1) sym = `${sym}/${kind === 'accept' ? g.mark.accept : g.mark.reject}`;
    items.push({ sym, word, kind });
  }
  // Tokens read as one number until a failover; then `epoch:counter` needs saying once.
  if (epochToken) items.push({ sym: epochToken, word: 'token epoch:counter', kind: 'text' });
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
  const unit = options.unit ?? model.unit;
  const scale = scaleFor(model, plotWidth, options.scale ?? (unit === 'ms' ? 'order' : 'time'));
  const col = scale.col;
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

  // Axis: the times (by order, every event's, on a second row where the
  // first has no room), and a ruler with a tick under each.
  const numberRows = [new Row(plotWidth), new Row(plotWidth)];
  const ruler = new Row(plotWidth);
  ruler.paint(0, Math.min(plotWidth - 1, col(model.end)), g.axisLine, 'holding');
  for (let c = 0; c < plotWidth && c <= col(model.end); c++) ruler.kinds[c] = 'axis';
  const rowsForNumbers = scale.kind === 'order' ? numberRows : numberRows.slice(0, 1);
  for (const t of scale.ticks) {
    const c = col(t);
    const text = String(t);
    const from = Math.max(0, c - 1);
    const free = rowsForNumbers.find((r) => c + text.length <= plotWidth && r.isFree(from, c + text.length - 1));
    free?.put(c, text, 'axis');
    if (c < plotWidth) ruler.put(c, t === model.start ? g.axisStart : g.axisTick, 'axis');
  }
  if (cursor !== undefined && col(cursor) < plotWidth) ruler.put(Math.max(0, col(cursor)), g.cursor, 'cursor');
  push(label(unit === 'ms' ? 'ms' : unit === 'step' ? 'step' : 't'), 'label', numberRows[0]!);
  if (numberRows[1]!.taken.some(Boolean)) push(' '.repeat(labelWidth), 'blank', numberRows[1]!);
  push(' '.repeat(labelWidth), 'blank', ruler);
  const header = lines.length;

  const used = new Set<CellKind>();
  const crowded: TimelineLane[] = [];
  for (const lane of model.lanes) {
    const { row, complete } = drawLane(lane, plotWidth, col, cursor, g, ascii);
    for (const k of row.kinds) used.add(k);
    for (const m of lane.marks) if (cursor === undefined || m.t <= cursor) used.add(m.kind === 'apply' ? 'accept' : m.kind);
    push(label(lane.label), 'label', row);
    if (lane.kind !== 'sink') continue;
    const mode = options.sinkEvents ?? 'auto';
    // Decided on the whole run, so the list does not come and go as the cursor moves.
    const wholeComplete = cursor === undefined ? complete : drawLane(lane, plotWidth, col, undefined, g, ascii).complete;
    if (mode === 'always' || (mode === 'auto' && !wholeComplete)) crowded.push(lane);
  }
  // "sink:" heads its list; a label with no room for the colon (the lab's "sink revision") goes without, and so do its neighbours.
  const colon = crowded.every((l) => [...l.label].length + 1 <= labelWidth - 1) ? ':' : '';
  for (const lane of crowded) {
    const listed = sinkEventLines(lane, unit, g, ascii, plotWidth, cursor);
    listed.forEach((l, i) => {
      lines.push(label(i === 0 ? `${lane.label}${colon}` : '') + l.text);
      cells.push([...new Array<CellKind>(labelWidth).fill('label'), ...l.kinds]);
    });
  }
  const plotted = lines.length;
  if (options.legend !== false) {
    for (const { line, kinds } of legendLines(used, g, width, epochTokens(model))) {
      lines.push(line);
      cells.push(kinds);
    }
  }
  return { lines, cells, header, plotted };
}

/** An epoch:counter token shows (a simulator token with a non-zero epoch): the legend explains the form. */
function epochTokens(model: TimelineModel): string | null {
  for (const lane of model.lanes) for (const m of lane.marks) if (Array.isArray(m.token) && m.token[0] !== 0) return formatToken(m.token);
  return null;
}

/** The timeline as lines of text, each at most `width` columns. */
export function renderTimeline(model: TimelineModel, options: RenderOptions): string[] {
  return renderTimelineCells(model, options).lines;
}
