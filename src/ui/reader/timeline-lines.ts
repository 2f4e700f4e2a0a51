/**
 * An embedded timeline as styled lines for the reader, from the simulator's
 * own store state (the same engine result the simulator screen shows) and
 * the core's timeline renderer. The number of lines depends only on the
 * run and the width, never on the cursor, so scrolling stays put while it
 * plays.
 */
import { narrateOutcome, narrateTicks } from '../../core/narration.js';
import { type CellKind, renderTimelineCells, timelineFromSim } from '../../core/timeline/index.js';
import type { Scenario } from '../../core/types.js';
import { endTick, SPEEDS, type SimulatorState } from '../../store/simulator-store.js';
import { CELL_ROLE } from '../simulator/timeline-view.js';
import type { ColorRole } from '../theme.js';
import { type Span, type StyledLine, wrapSpans } from './styled-text.js';

/** Rows kept for the sentence under the timeline (padded, so the height never changes). */
const NARRATION_ROWS = 2;

export interface TimelineLinesOptions {
  width: number;
  ascii: boolean;
  focused: boolean;
  /** Screen-reader mode (--narrate): one sentence per moment instead of the drawing. */
  narrate?: boolean;
  symbols: { playing: string; paused: string; right: string; left: string };
}

function colored(line: string, kinds: CellKind[]): StyledLine {
  const out: Span[] = [];
  const chars = [...line];
  chars.forEach((ch, i) => {
    const k = kinds[i];
    const role: ColorRole | undefined = k ? CELL_ROLE[k] : undefined;
    const last = out[out.length - 1];
    if (last && last.role === role) last.text += ch;
    else out.push(role ? { text: ch, role } : { text: ch });
  });
  return out;
}

export function timelineLines(scenario: Scenario, s: SimulatorState, o: TimelineLinesOptions): StyledLine[] {
  const result = s.result;
  if (!result) return [[{ text: s.error ?? 'the scenario did not run', role: 'bad' }]];
  const width = Math.max(20, o.width);
  if (o.narrate) return narrated(result, s, width, o);
  const model = timelineFromSim(result, scenario);
  const whole = renderTimelineCells(model, { width, ascii: o.ascii });
  const now = renderTimelineCells(model, { width, ascii: o.ascii, cursor: s.cursor, legend: false });
  const drawing = [
    ...now.lines.map((l, i) => colored(l, now.cells[i] ?? [])),
    ...whole.lines.slice(whole.plotted).map((l, i) => colored(l, whole.cells[whole.plotted + i] ?? [])),
  ];
  const last = endTick(result);
  const speed = SPEEDS[s.speedIndex] ?? 1;
  const cfg = result.config;
  const status: StyledLine = [
    { text: s.playing ? `${o.symbols.playing} playing` : `${o.symbols.paused} paused`, bold: true },
    { text: ` ${speed}x  t = ${s.cursor} of ${last}  ` },
    {
      text: `fencing ${cfg.fencing ? 'ON' : 'OFF'} · ${cfg.minting} · ${cfg.check}`.replace('·', o.ascii ? '-' : '·').replace('·', o.ascii ? '-' : '·'),
      role: 'muted',
    },
  ];
  const tick = narrateTicks(result, o.ascii)
    .filter((t) => t.t <= s.cursor)
    .at(-1);
  const sentence =
    s.cursor >= last
      ? narrateOutcome(result, o.ascii)
      : tick
        ? tick.text
        : o.focused
          ? `t=0: nothing yet. Press space to play, ${o.symbols.right} to step.`
          : 'Press enter to give this timeline the keys, then space to play.';
  const narration = wrapSpans([{ text: sentence }], width).slice(0, NARRATION_ROWS);
  while (narration.length < NARRATION_ROWS) narration.push([]);
  if (s.cursor >= last && narration.length === NARRATION_ROWS) {
    // The outcome is the point of the run: never cut it silently.
    const all = wrapSpans([{ text: sentence }], width);
    if (all.length > NARRATION_ROWS) narration[NARRATION_ROWS - 1] = [...(narration[NARRATION_ROWS - 1] ?? []), { text: o.ascii ? '...' : '…' }];
  }
  return [status, ...drawing, ...narration];
}

/**
 * --narrate: each moment of the run as a sentence, shown once the cursor has
 * passed it; rows of moments still to come stay blank, so the height never
 * changes while it plays.
 */
function narrated(result: NonNullable<SimulatorState['result']>, s: SimulatorState, width: number, o: TimelineLinesOptions): StyledLine[] {
  const last = endTick(result);
  const status: StyledLine = [
    { text: s.playing ? `${o.symbols.playing} playing` : `${o.symbols.paused} paused`, bold: true },
    { text: ` t = ${s.cursor} of ${last}` },
  ];
  const out: StyledLine[] = [status];
  for (const tick of narrateTicks(result, o.ascii)) {
    const lines = wrapSpans([{ text: tick.text }], width);
    out.push(...(tick.t <= s.cursor ? lines : lines.map(() => [])));
  }
  const outcome = wrapSpans([{ text: narrateOutcome(result, o.ascii) }], width);
  out.push(...(s.cursor >= last ? outcome : outcome.map(() => [])));
  return out;
}
