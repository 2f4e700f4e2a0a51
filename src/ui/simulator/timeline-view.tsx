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

/** Runs of equal colour in a line, so a line is a handful of Text nodes, not one per cell. */
function segments(line: string, kinds: CellKind[], theme: Theme): { text: string; color: string | undefined }[] {
  const chars = [...line];
  const out: { text: string; color: string | undefined }[] = [];
  for (let i = 0; i < chars.length; i++) {
    const kind = kinds[i];
    const role = kind ? CELL_ROLE[kind] : undefined;
    const color = role ? theme.color(role) : undefined;
    const last = out[out.length - 1];
    if (last && last.color === color) last.text += chars[i];
    else out.push({ text: chars[i] ?? '', color });
  }
  return out;
}

export const TimelineView = memo(function TimelineView({ model, width, cursor, theme, maxRows }: TimelineViewProps) {
  // The legend of the whole run, drawn once per run: it stays put while the
  // cursor moves instead of growing as new kinds of mark appear.
  const legend = useMemo(() => {
    const whole = renderTimelineCells(model, { width, ascii: theme.ascii });
    const plotted = 2 + model.lanes.length;
    return { lines: whole.lines.slice(plotted), cells: whole.cells.slice(plotted) };
  }, [model, width, theme.ascii]);
  const rendered = useMemo(() => {
    const now = renderTimelineCells(model, { width, ascii: theme.ascii, cursor, legend: false });
    return { lines: [...now.lines, ...legend.lines], cells: [...now.cells, ...legend.cells] };
  }, [model, width, theme.ascii, cursor, legend]);
  const lines = rendered.lines.slice(0, Math.max(1, maxRows));
  return (
    <Box flexDirection="column" paddingLeft={1}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional rows of one drawing
        <Text key={i} wrap="truncate">
          {theme.colored
            ? segments(line, rendered.cells[i] ?? [], theme).map((s, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional within one line
                <Text key={k} color={s.color}>
                  {s.text}
                </Text>
              ))
            : line}
        </Text>
      ))}
    </Box>
  );
});
