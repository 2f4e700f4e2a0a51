/**
 * The timeline, drawn by the core's text renderer (the same drawing `sim`
 * prints), coloured here by the meaning of each cell when colour is on.
 * Colour only repeats what the symbols and words already say.
 */
import { Box, Text } from 'ink';
import { memo, useMemo } from 'react';
import { type CellKind, renderTimelineCells, type TimelineModel } from '../../core/timeline/index.js';
import type { ColorRole, Theme } from '../theme.js';

export const CELL_ROLE: Partial<Record<CellKind, ColorRole>> = {
  accept: 'good',
  apply: 'good',
  reject: 'bad',
  stale: 'bad',
  expire: 'warn',
  paused: 'muted',
  waiting: 'muted',
  axis: 'muted',
  cursor: 'accent',
  grant: 'accent',
};

export interface TimelineViewProps {
  model: TimelineModel;
  width: number;
  cursor: number;
  theme: Theme;
  /** Rows it may take; lanes beyond it are cut (the legend goes first). */
  maxRows: number;
}

/** Foreground SGR codes for the theme's colour names. */
const SGR: Record<string, number> = { red: 31, green: 32, yellow: 33, blue: 34, cyan: 36, gray: 90 };

/**
 * A line coloured by the kind of each cell, as one string with SGR codes:
 * one Text node per line instead of one per run of colour keeps a frame
 * cheap to lay out (Ink measures text with the escapes stripped).
 */
export function colourLine(line: string, kinds: CellKind[], theme: Theme): string {
  const chars = [...line];
  let out = '';
  let open: number | undefined;
  for (let i = 0; i < chars.length; i++) {
    const kind = kinds[i];
    const role = kind ? CELL_ROLE[kind] : undefined;
    const name = role ? theme.color(role) : undefined;
    const code = name ? SGR[name] : undefined;
    if (code !== open) {
      out += code === undefined ? '\u001b[39m' : `\u001b[${code}m`;
      open = code;
    }
    out += chars[i];
  }
  return open === undefined ? out : `${out}\u001b[39m`;
}

/**
 * Which rows of the drawing to show in `maxRows`: the legend goes first,
 * then actor lanes from the middle; the axis, the coordinator and the sink
 * always stay. Returns row indexes; a negative number stands for a note
 * "N more lanes" in place of the ones left out.
 */
export function fitRows(total: number, plotted: number, maxRows: number, header = 2): number[] {
  const all = Array.from({ length: total }, (_, i) => i);
  if (total <= maxRows) return all;
  if (plotted <= maxRows) return all.slice(0, maxRows);
  // Axis + coordinator + note + sink = header + 3 rows at least; the rest are actors.
  const actorRoom = Math.max(0, maxRows - header - 3);
  const firstActor = header + 1;
  const sink = plotted - 1;
  const hidden = sink - firstActor - actorRoom;
  return [...all.slice(0, header + 1), ...all.slice(firstActor, firstActor + actorRoom), -hidden, sink];
}

export const TimelineView = memo(function TimelineView({ model, width, cursor, theme, maxRows }: TimelineViewProps) {
  // The legend of the whole run, drawn once per run: it stays put while the
  // cursor moves instead of growing as new kinds of mark appear.
  const legend = useMemo(() => {
    const whole = renderTimelineCells(model, { width, ascii: theme.ascii });
    return { lines: whole.lines.slice(whole.plotted), cells: whole.cells.slice(whole.plotted) };
  }, [model, width, theme.ascii]);
  const rendered = useMemo(() => {
    const now = renderTimelineCells(model, { width, ascii: theme.ascii, cursor, legend: false });
    // Too tall for the lanes: the sink's list goes (its lane still shows where each event fell).
    const lanesEnd = now.header + model.lanes.length;
    const keep = now.plotted + legend.lines.length > maxRows && now.plotted > maxRows ? lanesEnd : now.plotted;
    return {
      lines: [...now.lines.slice(0, keep), ...legend.lines],
      cells: [...now.cells.slice(0, keep), ...legend.cells],
      header: now.header,
      plotted: keep,
    };
  }, [model, width, theme.ascii, cursor, legend, maxRows]);
  const rows = fitRows(rendered.lines.length, rendered.plotted, Math.max(3, maxRows), rendered.header);
  const lines = rows.map((i) =>
    i < 0 ? `  ${theme.symbols.dot.repeat(3)} ${-i} more lane${i === -1 ? '' : 's'} (a taller terminal shows them)` : (rendered.lines[i] ?? ''),
  );
  const cells = rows.map((i) => (i < 0 ? [] : (rendered.cells[i] ?? [])));
  // One Text node for the whole drawing: Ink measures and lays out text per
  // node, and nine long lines as one node cost about half as much as nine
  // nodes (scripts/bench/app.mjs). The renderer already fits the width.
  const text = theme.colored ? lines.map((line, i) => colourLine(line, cells[i] ?? [], theme)).join('\n') : lines.join('\n');
  return (
    <Box paddingLeft={1}>
      <Text>{text}</Text>
    </Box>
  );
});
