/**
 * Issue 36: the isolation grid on a real PostgreSQL server. Each cell replays
 * the same forced schedule (A checks; B writes whole, or waits on A's row
 * lock; A updates and commits; B finishes) on a fresh table, and must give
 * the outcome the lesson's table states. The server is ours (initdb in a
 * temp dir, loopback, its own process group) and is gone afterwards.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GridCell, ISOLATIONS, runGrid, SINK_CHECKS } from '../../src/lab/postgres/isolation-grid.js';
import { canConnect, openSession } from '../../src/lab/postgres/pg-session.js';
import { UNRECORDED } from '../../src/lab/coordinator/etcd-launcher.js';
import { findPostgresBin, type LaunchedPostgres, launchPostgres } from '../../src/lab/postgres/postgres-server.js';
import { isAlive } from '../../src/lab/processes/proc.js';
import { postgresMissing, root } from './helpers.js';

const skip = await postgresMissing();

/** isolation/check -> [A's outcome, B's outcome, final value, B lost, A's retries, B waited, B's retries] */
const EXPECTED: Record<string, [string, string, string, boolean, number, boolean, number]> = {
  'read-committed/select-then-update': ['applied', 'applied', 'A-late', true, 0, false, 0],
  'read-committed/conditional-update': ['refused', 'applied', 'B-current', false, 0, false, 0],
  'read-committed/select-for-update': ['applied', 'applied', 'B-current', false, 0, true, 0],
  'repeatable-read/select-then-update': ['refused', 'applied', 'B-current', false, 1, false, 0],
  'repeatable-read/conditional-update': ['refused', 'applied', 'B-current', false, 0, false, 0],
  'repeatable-read/select-for-update': ['applied', 'applied', 'B-current', false, 0, true, 1],
  'serializable/select-then-update': ['refused', 'applied', 'B-current', false, 1, false, 0],
  'serializable/conditional-update': ['refused', 'applied', 'B-current', false, 0, false, 0],
  'serializable/select-for-update': ['applied', 'applied', 'B-current', false, 0, true, 1],
};

/**
 * Lesson 5's grid, read from the lesson itself: each row's isolation, check,
 * A's and B's outcome words, final writer and "B lost", so the lesson can
 * state nothing the server does not do.
 */
function lessonGrid(): Map<string, { a: string; b: string; final: string; lost: boolean }> {
  const text = readFileSync(join(root, 'lessons', '05-implementation.md'), 'utf8');
  const start = text.indexOf('<!-- grid:');
  expect(start, 'lesson 5 holds the grid').toBeGreaterThan(0);
  const rows = text
    .slice(start)
    .split('\n')
    .slice(3)
    .filter((l) => l.startsWith('|'));
  const grid = new Map<string, { a: string; b: string; final: string; lost: boolean }>();
  for (const row of rows) {
    const [iso, check, a, b, final, lost] = row
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const key = `${iso?.replaceAll(' ', '-')}/${check?.replace(', then ', '-then-').replaceAll(' ', '-')}`;
    grid.set(key, { a: a ?? '', b: b ?? '', final: final ?? '', lost: lost === 'yes' });
  }
  return grid;
}

describe.skipIf(skip)('the isolation grid on a real PostgreSQL', { timeout: 120_000 }, () => {
  let server: LaunchedPostgres;
  let cells: GridCell[];

  beforeAll(async () => {
    const bin = findPostgresBin();
    if (!bin) throw new Error('PostgreSQL is required here (FENCE_REQUIRE_TOOLS=1): apt-get install postgresql');
    server = await launchPostgres(bin, canConnect, { recorder: UNRECORDED });
    const sessions = { admin: await openSession(server.url), a: await openSession(server.url), b: await openSession(server.url) };
    try {
      cells = await runGrid(
        sessions,
        'resource',
        ISOLATIONS,
        SINK_CHECKS,
        { name: 'A', token: 5, value: 'A-late' },
        { name: 'B', token: 7, value: 'B-current' },
      );
    } finally {
      for (const s of Object.values(sessions)) await s.close();
    }
  }, 120_000);

  afterAll(async () => {
    await server?.server.stop();
  });

  it('runs nine cells, one per isolation level and check', () => {
    expect(cells.map((c) => `${c.isolation}/${c.check}`).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.for(Object.entries(EXPECTED))('%s gives the table outcome', ([key, [a, b, value, lost, aRetries, waited, bRetries]]) => {
    const cell = cells.find((c) => `${c.isolation}/${c.check}` === key);
    expect(cell, key).toBeDefined();
    if (!cell) return;
    expect({ a: cell.writes.A.outcome, b: cell.writes.B.outcome, value: cell.final.value, lost: cell.staleAccepted }).toEqual({ a, b, value, lost });
    expect(cell.writes.A.retries).toBe(aRetries);
    expect(cell.writes.B.waited).toBe(waited);
    expect(cell.writes.B.retries).toBe(bRetries);
    // Every retry was a serialization failure, and the final mark is the winner's token.
    expect([...cell.writes.A.sqlstates, ...cell.writes.B.sqlstates].every((s) => s === '40001')).toBe(true);
    expect(cell.final.mark).toBe(value === 'A-late' ? 5 : 7);
  });

  it("lesson 5's grid states what the server did, cell by cell", () => {
    const grid = lessonGrid();
    expect([...grid.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const cell of cells) {
      const row = grid.get(`${cell.isolation}/${cell.check}`);
      if (!row) throw new Error(`lesson 5 has no row for ${cell.isolation}/${cell.check}`);
      const { A, B } = cell.writes;
      expect(row.a.includes(A.outcome === 'applied' ? 'applied' : 'refused'), `${cell.isolation}/${cell.check}: ${row.a}`).toBe(true);
      expect(row.a.includes('40001, retried'), `${cell.isolation}/${cell.check}: A retried`).toBe(A.retries > 0);
      expect(row.b.includes('40001, retried'), `${cell.isolation}/${cell.check}: B retried`).toBe(B.retries > 0);
      expect(row.b.includes('after A') || row.a.includes('first'), `${cell.isolation}/${cell.check}: B waited on A`).toBe(B.waited);
      expect(row.final, `${cell.isolation}/${cell.check}: final`).toBe(cell.final.value === 'A-late' ? "A's" : "B's");
      expect(row.lost, `${cell.isolation}/${cell.check}: B lost`).toBe(cell.staleAccepted);
    }
  });

  it("lesson 5's two PostgreSQL questions have the answer the server gives", () => {
    const bank = parse(readFileSync(join(root, 'quizzes', 'implementation.yaml'), 'utf8')) as {
      questions: { id: string; options: string[]; answer: number }[];
    };
    const answer = (id: string) => {
      const q = bank.questions.find((x) => x.id === id);
      if (!q) throw new Error(`no question ${id}`);
      return q.options[q.answer] ?? '';
    };
    const rc = cells.find((c) => c.isolation === 'read-committed' && c.check === 'select-then-update');
    expect(rc?.final.value).toBe('A-late');
    expect(answer('pg-read-committed-late-update')).toMatch(/^A's value: its UPDATE overwrites the row that B committed/);
    const rr = cells.find((c) => c.isolation === 'repeatable-read' && c.check === 'select-then-update');
    expect(rr?.writes.A).toMatchObject({ outcome: 'refused', retries: 1, sqlstates: ['40001'] });
    expect(answer('pg-serialization-failure-retry')).toMatch(/^Run A's whole transaction again: the new check sees B's mark/);
  });

  it('the schedule is recorded statement by statement, A checking before B writes', () => {
    const cell = cells.find((c) => c.isolation === 'read-committed' && c.check === 'select-then-update');
    const firstB = cell?.statements.findIndex((s) => s.startsWith('B:')) ?? -1;
    const aCheck = cell?.statements.findIndex((s) => s.startsWith('A: SELECT mark')) ?? -1;
    expect(aCheck).toBeGreaterThanOrEqual(0);
    expect(aCheck).toBeLessThan(firstB);
  });

  it('the server is ours: loopback, a temp dir, and gone after stop', async () => {
    expect(server.url).toContain('127.0.0.1');
    expect(server.settings.fsync).toBe('off');
    expect(server.runAs).toBe(process.getuid?.() === 0 ? 'postgres' : null);
    const { dir, process: proc } = server.server;
    expect(existsSync(dir)).toBe(true);
    await server.server.stop();
    expect(isAlive(proc.pid)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });
});
