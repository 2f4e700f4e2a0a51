/**
 * The Exercises list's title column: one width, so the status lines up; a
 * title too long is cut at a word with an ellipsis (at 80 columns "Split the
 * check (break the sink on purpose)" used to end "on purpo" against "new").
 */
import { describe, expect, it } from 'vitest';
import { reportSummaryLines, titleCell } from '../../src/ui/screens/exercises/exercise-lines.js';

const LONG = 'Split the check (break the sink on purpose)';

describe('titleCell', () => {
  it('every title takes the same width at 80 and 120 columns', () => {
    for (const columns of [78, 80, 118, 120]) {
      const widths = new Set(['Fence the sink', LONG].map((t) => titleCell(t, columns, false).length));
      expect(widths.size).toBe(1);
    }
  });

  it('a title too long is cut at a word, with an ellipsis (three dots in ASCII)', () => {
    expect(titleCell(LONG, 80, false).trimEnd()).toBe('Split the check (break the sink on…');
    expect(titleCell(LONG, 80, true).trimEnd()).toBe('Split the check (break the sink on...');
    expect(titleCell('Fence the sink', 80, false).trimEnd()).toBe('Fence the sink');
    // With room, whole.
    expect(titleCell(LONG, 120, false).trimEnd()).toBe(LONG);
  });
});

describe('reportSummaryLines in ASCII', () => {
  it('a report longer than its rows ends with "..." and where the whole report is, no Unicode ellipsis', () => {
    const checks = Array.from({ length: 6 }, (_, i) => ({
      id: `check-${i}`,
      title: `check number ${i}`,
      status: 'failed' as const,
      summary: 'wrong',
      runs: 1,
      wrong: 1,
      durationMs: 1,
    }));
    const report = { exercise: 'fence-the-sink', passed: false, checks } as unknown as Parameters<typeof reportSummaryLines>[0];
    const lines = reportSummaryLines(report, { width: 78, ascii: true, rows: 4, id: 'fence-the-sink' });
    expect(lines).toContain('... the whole report: fence-tutor exercise check fence-the-sink');
    expect(lines.join('\n')).toMatch(/^[\x20-\x7e\n]*$/);
  });
});
