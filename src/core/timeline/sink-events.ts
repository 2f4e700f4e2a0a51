/**
 * The sink's events listed under the timeline, for when its lane is too
 * crowded to label every verdict: one item per accepted, rejected or
 * checked write (and each restart), with its time, verdict, token, writer
 * and value, wrapped to the width. The lane still shows where each happened.
 */
import { safeText } from '../display-text.js';
import { formatToken } from '../token.js';
import type { Glyphs } from './glyphs.js';
import type { TimeUnit, TimelineLane, TimelineMark } from './model.js';

export interface ListedLine {
  text: string;
  /** Per code point of `text`: which item kind it belongs to, or plain text. */
  kinds: ('text' | 'accept' | 'reject' | 'check' | 'restart' | 'stale')[];
}

function timeText(t: number, unit: TimeUnit): string {
  return unit === 'ms' ? `${t} ms` : unit === 'step' ? `step ${t}` : `t=${t}`;
}

/** One item: `t=11 ✓1 A "1" stale!`. */
export function sinkEventText(m: TimelineMark, unit: TimeUnit, g: Glyphs, ascii: boolean): { text: string; kind: ListedLine['kinds'][number] } | null {
  const time = timeText(m.t, unit);
  if (m.kind === 'restart') return { text: `${time} ${g.mark.restart} ${m.lost ? 'restart, mark lost' : 'restart'}`, kind: 'restart' };
  if (m.kind !== 'accept' && m.kind !== 'apply' && m.kind !== 'reject' && m.kind !== 'check') return null;
  const sym = m.kind === 'reject' ? g.rejected : m.kind === 'check' ? g.mark.check : g.accepted;
  const sep = ascii && sym.length > 1 ? ':' : '';
  const tok = m.token === undefined ? '' : `${sep}${formatToken(m.token, ascii)}`;
  const who = m.actor ? ` ${safeText(m.actor, 12)}` : '';
  const val = m.value === undefined ? '' : m.value === null ? ' –' : ` "${safeText(m.value, 16)}"`;
  const kind = m.stale ? 'stale' : m.kind === 'apply' ? 'accept' : m.kind;
  return { text: `${time} ${sym}${tok}${who}${val}${m.stale ? ' stale!' : ''}`, kind };
}

/** The lane's events (those up to `cursor`), packed into lines of `width` columns after a label column. */
export function sinkEventLines(lane: TimelineLane, unit: TimeUnit, g: Glyphs, ascii: boolean, width: number, cursor: number | undefined): ListedLine[] {
  const items = lane.marks
    .filter((m) => cursor === undefined || m.t <= cursor)
    .sort((a, b) => a.t - b.t)
    .map((m) => sinkEventText(m, unit, g, ascii))
    .filter((x): x is NonNullable<typeof x> => x !== null);
  const sep = ascii ? ' | ' : ' · ';
  const out: ListedLine[] = [];
  let cur: ListedLine = { text: '', kinds: [] };
  for (const it of items) {
    const len = [...it.text].length;
    if (cur.text.length > 0 && [...cur.text].length + sep.length + len > width) {
      out.push(cur);
      cur = { text: '', kinds: [] };
    }
    const pre = cur.text.length > 0 ? sep : '';
    cur.text += pre + it.text;
    cur.kinds.push(...new Array<'text'>(pre.length).fill('text'), ...new Array<ListedLine['kinds'][number]>(len).fill(it.kind));
  }
  if (cur.text.length > 0) out.push(cur);
  return out.map((l) => ({ text: [...l.text].slice(0, width).join(''), kinds: l.kinds.slice(0, width) }));
}
