/**
 * `e`: every ordering of the sink's operations for the current settings, as
 * the explorer counted them: totals, final values as bars, and one
 * counterexample, which Enter replays step by step.
 */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useMemo } from 'react';
import { countText, quoteValue, quoteValueKey } from '../../core/display-text.js';
import { wrapText } from '../../render/lesson-wrap.js';
import { timelineFromOrdering } from '../../core/timeline/index.js';
import { formatToken } from '../../core/token.js';
import type { ExploreResult, SinkOperation } from '../../core/types.js';
import type { Theme } from '../theme.js';
import { TimelineView } from './timeline-view.js';

export interface ExplorePanelProps {
  result: ExploreResult;
  theme: Theme;
  width: number;
  rows: number;
  /** Index of the counterexample operation being replayed, or null. */
  step: number | null;
}

function percent(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0%';
  // Rounded to the nearest tenth: 2 of 3 reads 66.7%, not 66.6%.
  return `${Number((part * 1000n + whole / 2n) / whole) / 10}%`;
}

/** Bar length for `count` of `max` in `width` cells, at least one cell for a non-zero count. */
function barLength(count: bigint, max: bigint, width: number): number {
  if (max === 0n || count === 0n) return 0;
  return Math.max(1, Number((count * BigInt(width)) / max));
}

function valueLabel(value: string): string {
  return quoteValueKey(value, 12);
}

function opResult(op: SinkOperation, theme: Theme): string {
  const s = theme.symbols;
  switch (op.result) {
    case 'accepted':
      return `${s.accepted} accepted`;
    case 'rejected':
      return `${s.rejected} rejected`;
    case 'passed':
      return `${s.accepted} passed`;
    case 'applied':
      return `${s.accepted} applied`;
  }
}

/** The sink's value after each operation, as the operations report it (accepted/applied set it). */
function valuesAfter(ops: SinkOperation[], initial: string | null): (string | null)[] {
  let value = initial;
  return ops.map((op) => {
    if (op.result === 'accepted' || op.result === 'applied') value = op.value;
    return value;
  });
}

function staleNote(op: SinkOperation, theme: Theme): string {
  const token = formatToken(op.token, theme.ascii);
  return op.hwm ? `stale: ${token} after ${formatToken(op.hwm, theme.ascii)}` : `stale: ${token} after a higher token`;
}

export function ExplorePanel({ result, theme, width, rows, step }: ExplorePanelProps) {
  const entries = Object.entries(result.finalValues).sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0));
  // biome-ignore lint/complexity/useMathMinMax: counts are bigints, which Math.max refuses
  const max = entries.reduce((m, [, n]) => (n > m ? n : m), 0n);
  const labelWidth = Math.max(7, ...entries.map(([v]) => valueLabel(v).length));
  const countWidth = Math.max(...entries.map(([, n]) => String(n).length), 1);
  const barWidth = Math.max(5, Math.min(40, width - labelWidth - countWidth - 20));
  const ops = result.counterexample ?? [];
  const replaying = step !== null && !theme.narrate;
  const model = useMemo(() => timelineFromOrdering(result.counterexample ?? []), [result.counterexample]);
  // While replaying, the drawing takes the bars' place: axis, lanes, legend.
  const timelineRows = replaying ? Math.min(2 + model.lanes.length + 2, Math.max(3, rows - 8)) : 0;
  // Leave room for the header lines and the bars; the rest is the counterexample.
  const barRows = theme.narrate || replaying ? 0 : Math.min(entries.length, Math.max(1, rows - 8 - Math.min(ops.length, 6)));
  // The headline wraps rather than losing its percentage at the edge (a 30-digit count took the line).
  const headLines = wrapText(
    `${countText(result.orderings)} ordering${result.orderings === 1n ? '' : 's'} of the sink's operations; ${countText(result.orderingsWithStaleAcceptance)} of them accept a stale write (${percent(result.orderingsWithStaleAcceptance, result.orderings)})`,
    Math.max(20, width - 2),
  );
  const opRows = Math.max(1, rows - 5 - barRows - timelineRows - (headLines.length - 1));
  const values = valuesAfter(ops, result.config.initial);
  const firstOp = step === null ? 0 : Math.max(0, Math.min(step - Math.floor(opRows / 2), ops.length - opRows));
  const shown = ops.slice(firstOp, firstOp + opRows);
  // Each operation's cells once, and columns as wide as this ordering needs (fixed widths
  // pushed the stale note, the row's point, past 80 columns).
  const cells = ops.map((op) => ({
    value: quoteValue(op.value, 10),
    token: formatToken(op.token, theme.ascii),
    mark: formatToken(op.hwm ?? null, theme.ascii),
    result: opResult(op, theme),
  }));
  const widest = (column: keyof (typeof cells)[number], least: number) => Math.max(least, ...cells.map((c) => c[column].length));
  const columns = { value: widest('value', 3), token: widest('token', 1), mark: widest('mark', 1), result: widest('result', 1) };
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text>{headLines.join('\n')}</Text>
      {theme.narrate
        ? entries.map(([value, n]) => (
            <Text key={value}>
              ends at {valueLabel(value)} in {String(n)} ordering{n === 1n ? '' : 's'}
            </Text>
          ))
        : entries.slice(0, barRows).map(([value, n], i) => (
            <Text key={value} wrap="truncate">
              {i === 0 ? 'final value  ' : '             '}
              {valueLabel(value).padEnd(labelWidth)} {theme.symbols.bar.repeat(barLength(n, max, barWidth))} {String(n)}
            </Text>
          ))}
      {replaying ? (
        <Box marginLeft={-1}>
          <TimelineView model={model} width={width - 1} cursor={(step ?? 0) + 1} theme={theme} maxRows={timelineRows} />
        </Box>
      ) : null}
      {entries.length > barRows && !theme.narrate && !replaying ? (
        <Text color={theme.color('muted')}>({entries.length - barRows} more values not shown)</Text>
      ) : null}
      <Text> </Text>
      {ops.length === 0 ? (
        <Text color={theme.color('good')}>{theme.symbols.accepted} No ordering accepts a stale write with these settings.</Text>
      ) : (
        <>
          <Text bold>
            {step === null
              ? 'one ordering that goes wrong (enter replays it):'
              : `replaying: step ${step + 1} of ${ops.length} (${theme.symbols.left}/${theme.symbols.right} step, q back to the counts)`}
          </Text>
          {shown.map((op, k) => {
            const i = firstOp + k;
            const current = step !== null && i === step;
            const future = step !== null && i > step;
            return (
              <Text
                key={`${i}-${op.actor}-${op.op}`}
                wrap="truncate"
                bold={current}
                color={op.stale ? theme.color('bad') : future ? theme.color('muted') : undefined}
              >
                {current ? theme.symbols.pointer : ' '} {String(i + 1).padStart(2)} {op.actor.padEnd(3)} {op.op.padEnd(5)}{' '}
                {cells[i]?.value.padEnd(columns.value)}
                {'  '}token {cells[i]?.token.padEnd(columns.token)}
                {'  '}mark {cells[i]?.mark.padEnd(columns.mark)}
                {'  '}
                {cells[i]?.result.padEnd(columns.result)}
                {future ? '' : `  sink ${quoteValue(values[i] ?? null, 10)}`}
                {op.stale ? `  ${theme.symbols.arrow} ${staleNote(op, theme)}` : ''}
              </Text>
            );
          })}
        </>
      )}
    </Box>
  );
}
