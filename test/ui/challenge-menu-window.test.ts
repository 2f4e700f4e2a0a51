/**
 * The act menu's window (issue 33): the pointer is always among the rows
 * shown, and every choice, the last included, can be reached.
 */
import { describe, expect, it } from 'vitest';
import { menuWindow } from '../../src/ui/challenge/menu-window.js';

describe('menuWindow', () => {
  it('keeps the cursor in view for every position of a list longer than the window', () => {
    for (const rows of [1, 3, 4]) {
      for (let cursor = 0; cursor < 7; cursor++) {
        const { first, last } = menuWindow(cursor, 7, rows);
        expect(cursor, `cursor ${cursor}, ${rows} rows`).toBeGreaterThanOrEqual(first);
        expect(cursor, `cursor ${cursor}, ${rows} rows`).toBeLessThan(last);
        expect(last - first).toBe(rows);
      }
    }
  });

  it('the last choice shows, with the pointer on it', () => {
    expect(menuWindow(6, 7, 3)).toEqual({ first: 4, last: 7 });
    expect(menuWindow(3, 7, 3)).toEqual({ first: 1, last: 4 });
  });

  it('a list shorter than the window shows whole', () => {
    expect(menuWindow(1, 2, 3)).toEqual({ first: 0, last: 2 });
  });
});
