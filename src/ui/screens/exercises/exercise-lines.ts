/**
 * What the Exercises screen draws, as lines (pure, tested without a
 * terminal): the list with each exercise's status or the tool it needs,
 * and a check's report cut to the rows there are, drawn as the CLI draws it.
 */
import { checkLines } from '../../../exercises/report-text.js';
import type { ExerciseReport } from '../../../exercises/types.js';

export interface ExerciseListRow {
  id: string;
  title: string;
  status: 'new' | 'started' | 'passed';
  needs: string[];
  dir?: string;
}

/**
 * The title column, padded to one width so the status column lines up: a
 * title too long for it is cut at a word with an ellipsis, never mid-word
 * against the status ("...on purpo new").
 */
export function titleCell(title: string, columns: number, ascii: boolean): string {
  const width = Math.min(44, Math.max(10, columns - 40));
  if (title.length <= width) return title.padEnd(width);
  const mark = ascii ? '...' : '…';
  const room = width - mark.length;
  const cut = title.slice(0, room + 1).lastIndexOf(' ');
  const kept = (cut > room / 2 ? title.slice(0, cut) : title.slice(0, room)).trimEnd();
  return `${kept}${mark}`.padEnd(width);
}

/** The status column: what the learner has done, or the missing tool that stops them. */
export function statusText(row: ExerciseListRow, missingTools: readonly string[]): string {
  const missing = row.needs.filter((n) => missingTools.includes(n));
  return missing.length > 0 ? `needs ${missing.join(' and ')}` : row.status;
}

/** The report's lines, at most `rows`: passed checks on one line, failed ones with their summary and hint. */
export function reportSummaryLines(report: ExerciseReport, opts: { width: number; ascii: boolean; rows: number; id: string }): string[] {
  const lines: string[] = [];
  for (const c of report.checks) {
    const drawn = checkLines(c, opts, false);
    // Passed: its line. Failed: its line, what went wrong, the hint (the exchanges are in the CLI's report).
    if (c.status === 'passed') lines.push(drawn[0]!);
    else lines.push(...drawn.slice(0, 2), ...drawn.filter((l) => l.startsWith('    Hint:')));
  }
  const passed = report.checks.filter((c) => c.status === 'passed').length;
  const total = report.passed ? `All ${report.checks.length} checks passed.` : `${passed} of ${report.checks.length} checks passed.`;
  if (lines.length + 1 > opts.rows) {
    const kept = lines.slice(0, Math.max(0, opts.rows - 2));
    return [...kept, `${opts.ascii ? '...' : '…'} the whole report: fence-tutor exercise check ${opts.id}`, total];
  }
  return [...lines, total];
}
