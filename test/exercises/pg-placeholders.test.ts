/**
 * The postgres-sink handle takes SQLite's `?` placeholders and numbers them
 * for PostgreSQL, leaving a `?` inside a quoted literal or identifier alone.
 */
import { describe, expect, it } from 'vitest';
import { numberPlaceholders } from '../../src/exercises/child/pg-db-handle.js';

describe('numberPlaceholders', () => {
  it('numbers each ? in order', () => {
    expect(numberPlaceholders('UPDATE resource SET value = ?, mark = ? WHERE id = 1 AND mark <= ?')).toBe(
      'UPDATE resource SET value = $1, mark = $2 WHERE id = 1 AND mark <= $3',
    );
  });

  it("leaves a ? in a quoted literal or identifier (with '' inside) alone", () => {
    expect(numberPlaceholders(`SELECT 'why?', 'it''s ?', "odd?col" FROM t WHERE a = ?`)).toBe(`SELECT 'why?', 'it''s ?', "odd?col" FROM t WHERE a = $1`);
  });

  it('leaves SQL without placeholders unchanged', () => {
    expect(numberPlaceholders('SELECT mark FROM resource WHERE id = 1 FOR UPDATE')).toBe('SELECT mark FROM resource WHERE id = 1 FOR UPDATE');
  });
});
