/**
 * The Exercises list's title column: one width, so the status lines up; a
 * title too long is cut at a word with an ellipsis (at 80 columns "Split the
 * check (break the sink on purpose)" used to end "on purpo" against "new").
 */
import { describe, expect, it } from 'vitest';
import { titleCell } from '../../src/ui/screens/exercises/exercise-lines.js';

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
