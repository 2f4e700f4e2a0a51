/**
 * A timeline model drawn as one SVG picture (issue 37): the lab's
 * timeline.svg. One lane per process, events spaced by their order (as
 * timeline.txt does: on a true time axis, writes 3 ms apart after a 2 s wait
 * would share a pixel), each column labelled with its real time. Every mark
 * has words beside its shape ("accepted", "rejected", "granted"), so neither
 * colour nor shape carries meaning alone. Tokens in their one display form
 * (formatToken): integers, `epoch:counter`, or "no token" (a Redis lock's
 * random value). Pure: a string out, nothing loaded.
 */
import { quoteValue } from '../display-text.js';
import { escapeHtml as esc } from '../html-page.js';
import { formatToken } from '../token.js';
import type { TimelineLane, TimelineMark, TimelineModel } from './model.js';
import { eventTimes } from './scale.js';

export interface SvgOptions {
  title: string;
  /** Which tool and schema wrote the file (conventions: every evidence file says so), as the picture's description. */
  generator?: string;
  /** Words at the right end of a lane, by lane id (a sink's final value). */
  laneEnds?: Readonly<Record<string, string>>;
}

const LEFT = 120;
const GAP = 118;
const LANE_H = 78;
const TOP = 56;
const RIGHT = 230;

const COLOURS = { lease: '#c9dcef', holding: '#2f5d8a', paused: '#8a6d2f', waiting: '#888', accept: '#1f6f3a', reject: '#b0413e', other: '#1b1b1b' } as const;

function tokenWords(m: TimelineMark): string {
  if (m.token === undefined) return '';
  return m.token === null ? 'no token' : `token ${formatToken(m.token)}`;
}

/** The words beside a mark: what happened, then value and token. */
export function markWords(m: TimelineMark): [string, string] {
  const value = m.value === undefined ? '' : quoteValue(m.value, 14);
  const detail = [value, tokenWords(m)].filter((x) => x !== '').join(' · ');
  switch (m.kind) {
    case 'grant':
      return [`granted to ${m.actor ?? '?'}`, tokenWords(m)];
    case 'expire':
      return ['lease expired (observed)', m.actor ? `${m.actor}'s` : ''];
    case 'release':
      return ['released', m.actor ?? ''];
    case 'send':
      return ['sends', detail];
    case 'accept':
      return [m.stale ? `accepted, stale! (${m.actor ?? '?'})` : `accepted (${m.actor ?? '?'})`, detail];
    case 'reject':
      return [`rejected (${m.actor ?? '?'})`, detail];
    case 'restart':
      return [m.lost ? 'restarted, mark lost' : 'restarted', ''];
    case 'failover':
      return [m.label ?? 'failover', ''];
    default:
      return [m.label ?? m.kind, detail];
  }
}

function shape(m: TimelineMark, x: number, y: number): string {
  switch (m.kind) {
    case 'grant':
      return `<circle cx="${x}" cy="${y}" r="7" fill="${COLOURS.holding}"/>`;
    case 'expire':
      return `<path d="M${x - 7} ${y - 7}L${x + 7} ${y + 7}M${x + 7} ${y - 7}L${x - 7} ${y + 7}" stroke="${COLOURS.reject}" stroke-width="3"/>`;
    case 'accept':
      return `<path d="M${x - 7} ${y}l5 6l9 -13" fill="none" stroke="${COLOURS.accept}" stroke-width="3.5"/>`;
    case 'reject':
      return `<circle cx="${x}" cy="${y}" r="8" fill="#fff" stroke="${COLOURS.reject}" stroke-width="2.5"/><path d="M${x - 4} ${y - 4}L${x + 4} ${y + 4}M${x + 4} ${y - 4}L${x - 4} ${y + 4}" stroke="${COLOURS.reject}" stroke-width="2.5"/>`;
    case 'send':
      return `<path d="M${x - 6} ${y - 6}L${x + 7} ${y}L${x - 6} ${y + 6}Z" fill="${COLOURS.other}"/>`;
    case 'failover':
      return `<path d="M${x} ${y - 8}L${x + 8} ${y}L${x} ${y + 8}L${x - 8} ${y}Z" fill="${COLOURS.paused}"/>`;
    default:
      return `<rect x="${x - 5}" y="${y - 5}" width="10" height="10" fill="${COLOURS.other}"/>`;
  }
}

function laneSvg(lane: TimelineLane, y: number, col: (t: number) => number, end: string | undefined, right: number): string {
  const parts: string[] = [`<g class="lane" data-lane="${esc(lane.id)}">`];
  parts.push(`<text class="lane-label" x="8" y="${y + 4}" font-weight="600">${esc(lane.label)}</text>`);
  parts.push(`<line x1="${LEFT - 10}" x2="${right}" y1="${y}" y2="${y}" stroke="#ccc"/>`);
  for (const s of lane.spans) {
    const x1 = col(s.from);
    const w = Math.max(2, col(s.to) - x1);
    if (s.kind === 'lease')
      parts.push(
        `<rect class="span-lease" x="${x1}" y="${y - 9}" width="${w}" height="18" fill="${COLOURS.lease}"/><text x="${x1 + 12}" y="${y + 4}" class="small">${esc(s.owner ? `held by ${s.owner}` : 'held')}</text>`,
      );
    else if (s.kind === 'paused')
      parts.push(
        `<rect class="span-paused" x="${x1}" y="${y - 6}" width="${w}" height="12" fill="url(#hatch)" stroke="${COLOURS.paused}"/><text x="${x1 + 4}" y="${y + 20}" class="small">stopped (SIGSTOP): no keepalive</text>`,
      );
    else
      parts.push(
        `<line class="span-${s.kind}" x1="${x1}" x2="${x1 + w}" y1="${y}" y2="${y}" stroke="${s.kind === 'holding' ? COLOURS.holding : COLOURS.waiting}" stroke-width="4"${
          s.kind === 'waiting' ? ' stroke-dasharray="2 4"' : ''
        }/>`,
      );
  }
  // Marks at one time in one lane stack; labels alternate above and below so neighbours do not collide.
  const seen = new Map<number, number>();
  lane.marks.forEach((m, i) => {
    const x = col(m.t);
    const stack = seen.get(m.t) ?? 0;
    seen.set(m.t, stack + 1);
    const [words, detail] = markWords(m);
    const below = i % 2 === 1;
    const ty = below ? y + 22 + stack * 26 : y - 28 - stack * 26;
    parts.push(
      `<g class="mark mark-${m.kind}" data-t="${m.t}">${shape(m, x, y)}<text x="${x - 8}" y="${ty}"${
        m.kind === 'reject' || m.stale ? ' font-weight="700"' : ''
      }>${esc(words)}</text>${detail === '' ? '' : `<text x="${x - 8}" y="${ty + 12}" class="small">${esc(detail)}</text>`}</g>`,
    );
  });
  if (end !== undefined) parts.push(`<text class="lane-end" x="${right + 24}" y="${y + 4}" font-weight="600">${esc(end)}</text>`);
  parts.push('</g>');
  return parts.join('');
}

export function timelineSvg(model: TimelineModel, options: SvgOptions): string {
  const times = eventTimes(model);
  const index = new Map(times.map((t, i) => [t, i]));
  // By order: each distinct time is a column; a time between two events falls between their columns.
  const col = (t: number): number => {
    const exact = index.get(t);
    if (exact !== undefined) return LEFT + exact * GAP;
    const hi = times.findIndex((x) => x > t);
    if (hi <= 0) return LEFT + (hi < 0 ? times.length - 1 : 0) * GAP;
    const a = times[hi - 1]!;
    const b = times[hi]!;
    return LEFT + (hi - 1 + (t - a) / (b - a)) * GAP;
  };
  const right = LEFT + Math.max(1, times.length - 1) * GAP;
  const width = right + RIGHT;
  const axisY = TOP + model.lanes.length * LANE_H;
  const height = axisY + 50;
  const unit = model.unit === 'ms' ? 'ms' : model.unit === 'tick' ? 'ticks' : '';
  const axis = times
    .map(
      (t) =>
        `<line x1="${col(t)}" x2="${col(t)}" y1="${TOP - 30}" y2="${axisY - 20}" stroke="#eee"/><text class="tick" x="${col(t)}" y="${axisY}" text-anchor="middle">${t}${unit === '' ? '' : ` ${unit}`}</text>`,
    )
    .join('');
  const lanes = model.lanes.map((lane, i) => laneSvg(lane, TOP + 20 + i * LANE_H, col, options.laneEnds?.[lane.id], right)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="tl-title" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">
<title id="tl-title">${esc(options.title)}</title>
${options.generator === undefined ? '' : `<desc>${esc(options.generator)}</desc>\n`}<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#fff"/><line x1="0" y1="0" x2="0" y2="6" stroke="${COLOURS.paused}" stroke-width="3"/></pattern><style>.small{font-size:11px;fill:#444}</style></defs>
<rect width="100%" height="100%" fill="#fff"/>
<text x="8" y="20" font-size="14" font-weight="600">${esc(options.title)}</text>
${axis}${lanes}<text x="8" y="${axisY + 24}" class="small">${esc(`Events spaced by their order, not to scale; each column is labelled with its real time${unit === 'ms' ? ' in milliseconds' : ''}.`)}</text>
</svg>
`;
}
