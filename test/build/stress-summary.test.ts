/** scripts/stress.mjs's reading of a vitest run: wall time, counts and the failing tests, each named once. */
import { describe, expect, it } from 'vitest';
import { summarise } from '../../scripts/stress-summary.mjs';

describe('the stress script reads vitest output', () => {
  it('finds the duration, the count line and each failing test once, through colours', () => {
    const output = [
      '\x1b[31m ❯ \x1b[39m unit test/a.test.ts (3 tests | 1 failed)',
      '     \x1b[31m×\x1b[39m a thing breaks 12ms',
      ' FAIL  serial test/e2e/b.pty.test.ts > b > waits',
      ' FAIL  serial test/e2e/b.pty.test.ts > b > waits',
      '      Tests  1 failed | 1709 passed (1710)',
      '   Duration  312.45s (transform 3s, setup 1s)',
    ].join('\n');
    expect(summarise(output)).toEqual({
      duration: '312.45s',
      tests: '1 failed | 1709 passed (1710)',
      failed: ['a thing breaks 12ms', 'serial test/e2e/b.pty.test.ts > b > waits'],
    });
  });

  it('says so when vitest printed no summary (a failed typecheck, lint or build)', () => {
    expect(summarise('error TS2304: Cannot find name x')).toEqual({ duration: 'no vitest summary', tests: '', failed: [] });
  });
});
