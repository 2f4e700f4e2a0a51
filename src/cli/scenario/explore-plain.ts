/**
 * The plain output of `explore`: what was explored, the counts, the final
 * values as bars, and one violating ordering as a table and a timeline.
 */
import { countText, quoteValueKey, safeText } from '../../core/display-text.js';
import { renderTimeline } from '../../core/timeline/render-text.js';
import { timelineFromOrdering } from '../../core/timeline/from-ordering.js';
import { formatToken } from '../../core/token.js';
import type { ExploreResult, Scenario } from '../../core/types.js';
import { configLine, scenarioHeading } from './sim-plain.js';
import type { Display } from '../../platform/display.js';

function percent(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0%';
  const tenths = Number((part * 1000n) / whole);
  return `${(tenths / 10).toFixed(tenths % 10 === 0 ? 0 : 1)}%`;
}

/** Bars of final values, scaled to the largest count. */
function bars(finals: Record<string, bigint>, width: number, ascii: boolean): string[] {
  const entries = Object.entries(finals).sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0));
  // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.max cannot take
  const max = entries.reduce((m, [, n]) => (n > m ? n : m), 0n);
  const names = entries.map(([v]) => quoteValueKey(v, 16));
  const nameWidth = Math.max(...names.map((n) => n.length));
  const barWidth = Math.max(10, Math.min(40, width - nameWidth - 30));
  return entries.map(([, n], i) => {
    const len = max === 0n ? 0 : Math.max(1, Number((n * BigInt(barWidth)) / max));
    return `  ${names[i]!.padEnd(nameWidth)}  ${(ascii ? '#' : '█').repeat(len).padEnd(barWidth)}  ${n}`;
  });
}

/** --narrate: the final values in words, one sentence each (bars are noise to a screen reader). */
function finalValueSentences(finals: Record<string, bigint>): string[] {
  return Object.entries(finals)
    .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0))
    .map(([v, n]) => `The sink ends at ${quoteValueKey(v, 16)} in ${n} ordering${n === 1n ? '' : 's'}.`);
}

export function explorePlainText(scenario: Scenario, result: ExploreResult, display: Display): string {
  const ascii = display.ascii;
  const width = Math.min(display.columns, 160);
  const out: string[] = [...scenarioHeading(scenario, ascii), configLine(result.config, ascii), ''];
  const stale = result.orderingsWithStaleAcceptance;
  out.push(
    `${countText(result.orderings)} ordering${result.orderings === 1n ? '' : 's'} of the sink's operations; ` +
      (stale === 0n
        ? 'none of them accepts a stale write.'
        : `${countText(stale)} of them accept${stale === 1n ? 's' : ''} a stale write (${percent(stale, result.orderings)}).`),
    '',
    ...(display.narrate ? finalValueSentences(result.finalValues) : ['final value', ...bars(result.finalValues, width, ascii)]),
  );
  const ops = result.counterexample;
  if (ops) {
    out.push('', 'one ordering that goes wrong:');
    const rows = ops.map((o, i) => {
      // --narrate: words where a glyph would be read out ('en dash', 'leftwards arrow').
      const mark = o.hwm === null ? (display.narrate ? 'none' : ascii ? '-' : '–') : formatToken(o.hwm, ascii);
      const verdict = { accepted: 'accepted', rejected: 'rejected', passed: 'pass', applied: 'applied' }[o.result];
      // The app's explorer panel's words ("stale: 1 after 2"), short enough for a row of 80 columns.
      const after = o.hwm === null ? 'a higher token' : formatToken(o.hwm, ascii);
      const arrow = display.narrate ? '' : ascii ? '<- ' : '← ';
      const note = o.stale ? `  ${arrow}stale: ${formatToken(o.token, ascii)} after ${after}` : '';
      return [
        String(i + 1).padStart(3),
        o.actor,
        o.op,
        `"${safeText(o.value, 12)}"`,
        `token ${formatToken(o.token, ascii)}`,
        `mark ${mark}`,
        `${verdict}${note}`,
      ];
    });
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    for (const r of rows) out.push(`  ${r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ')}`);
    if (!display.narrate) {
      out.push('');
      out.push(...renderTimeline(timelineFromOrdering(ops), { width, ascii }));
    }
  } else {
    out.push('', 'No ordering accepts a stale write.');
  }
  return `${out.join('\n')}\n`;
}
