/**
 * `grade --stats` output: the item analysis (core/quiz/item-analysis.ts) as
 * text under each group, and as items.csv. Prompts and option texts come
 * from the bank and are neutralised before they reach a terminal.
 */
import { type GradeGroup, groupLabel } from '../core/quiz/class-grade.js';
import { type GroupItemStats, type ItemStats, RELIABLE_STUDENTS } from '../core/quiz/item-analysis.js';
import { sanitizeLine } from '../core/neutralise.js';
import { csvCell } from './grade-output.js';

export type StatsGroup = GradeGroup & { stats: GroupItemStats };

export function discriminationText(d: number | null): string {
  return d === null ? '-' : d.toFixed(2);
}

/** "2 of 5" style counts per option, in the bank's order, e.g. `1:12 2:0 3:18`. */
function optionCountsText(item: ItemStats): string {
  if (!item.options) return item.type === 'ordering' ? '(ordering)' : '-';
  return item.options.map((o) => `${o.variant === null ? '' : `v${o.variant + 1}.`}${o.index + 1}${o.correct ? '*' : ''}:${o.count}`).join(' ');
}

export function itemText(stats: GroupItemStats, ascii = false): string[] {
  const out = [
    '',
    `Item analysis (first attempts: ${stats.students} student${stats.students === 1 ? '' : 's'}${
      stats.laterAttempts > 0 ? `, ${stats.laterAttempts} later attempt${stats.laterAttempts === 1 ? '' : 's'} left out` : ''
    })`,
    "  facility = percent right; discrimination = correlation with the rest of the test (Moodle's, divided by 100);",
    "  options in the bank's order, * marks the key",
  ];
  const rows = [
    ['question', 'students', 'facility', 'discrim.', 'options'],
    ...stats.items.map((i) => [
      i.id,
      i.reliable ? String(i.students) : `${i.students} (unreliable)`,
      `${i.facility.toFixed(2)}%`,
      discriminationText(i.discrimination),
      optionCountsText(i),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) out.push(sanitizeLine(`  ${r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ')}`.trimEnd()));
  const flagged = stats.items.filter((i) => i.flags.length > 0 || !i.reliable);
  if (flagged.length > 0) {
    out.push('', 'Questions to look at');
    const mark = ascii ? '-' : '•';
    for (const i of flagged) {
      if (!i.reliable) out.push(sanitizeLine(`  ${i.id}: unreliable, seen by ${i.students} (fewer than ${RELIABLE_STUDENTS}) students`));
      for (const f of i.flags) out.push(sanitizeLine(`  ${i.id} ${mark} ${f}`));
    }
  }
  return out;
}

function csvTable(header: string[], rows: (string | number | boolean | null)[][]): string {
  return `${[header, ...rows].map((r) => r.map((c) => csvCell(c)).join(',')).join('\r\n')}\r\n`;
}

export function itemsCsv(groups: readonly StatsGroup[]): string {
  return csvTable(
    ['group', 'question', 'type', 'students', 'right', 'facility', 'discrimination', 'reliable', 'options', 'unanswered', 'flags'],
    groups.flatMap((g) =>
      g.stats.items.map((i) => [
        groupLabel(g),
        i.id,
        i.type,
        i.students,
        i.right,
        i.facility,
        i.discrimination,
        i.reliable,
        optionCountsText(i),
        i.unanswered,
        i.flags.join('; '),
      ]),
    ),
  );
}
