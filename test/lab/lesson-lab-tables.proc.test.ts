/**
 * Lessons 4 and 8 show tables from real lab runs, made by
 * scripts/compare-table.mjs. Each run is made again here, and the lesson may
 * state nothing the lab does not do now: the sinks' outcomes and the verdicts
 * cell for cell; the tokens by their shape and order, since their values
 * depend on what the server did before (a ZooKeeper session takes zxids too).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareCells, restartCells } from '../../scripts/compare-table.mjs';
import type { LabResult } from '../../src/lab/types.js';
import { ensureBuilt, root, runCli, tempHome, toolMissing } from './helpers.js';
import { leftovers } from './leftovers.js';

/** The Markdown table under the lesson's `<!-- NAME: ... -->` comment, without its head and rule rows. */
function lessonTable(file: string, name: string): string[][] {
  const text = readFileSync(join(root, 'lessons', file), 'utf8');
  const start = text.indexOf(`<!-- ${name}:`);
  expect(start, `${file} holds the ${name} table`).toBeGreaterThan(0);
  const lines = text.slice(start).split('\n').slice(1);
  const table = lines.slice(lines.findIndex((l) => l.startsWith('|')));
  const rows = table
    .slice(
      0,
      table.findIndex((l) => !l.startsWith('|')),
    )
    .slice(2);
  return rows.map((r) =>
    r
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim()),
  );
}

/** `[0,14]` and `7` are shapes `[N,N]` and `N`; `none` stays itself. */
const shape = (cell: string | undefined) => (cell ?? '').replace(/\d+/g, 'N');

/** A token cell as [epoch, counter], for comparing order: `7` is epoch 0. */
function pair(cell: string | undefined): [number, number] {
  const [epoch, counter] = cell?.startsWith('[') ? (JSON.parse(cell) as [number, number]) : [0, Number(cell)];
  return [epoch, counter];
}
const above = (b: [number, number], a: [number, number]) => b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]);

const skipCompare = toolMissing('etcd') || toolMissing('redis-server') || toolMissing('java');
const skipRestart = toolMissing('redis-server');

describe.skipIf(skipCompare)("lesson 4's measured table", { timeout: 120_000 }, () => {
  it('states the outcomes lab --compare gives now, row by row; nothing left', async () => {
    ensureBuilt();
    const home = tempHome('lesson-compare-');
    const run = await runCli(['lab', '--compare', '--json', '--ttl', '1'], { FENCE_TUTOR_HOME: home }, 120_000);
    expect(run.code, run.stderr).toBe(0);
    const fresh = compareCells((JSON.parse(run.stdout) as { rows: Parameters<typeof compareCells>[0] }).rows);
    const lesson = lessonTable('04-tokens-in-real-systems.md', 'compare');
    expect(lesson.map((r) => r[0])).toEqual(fresh.map((r) => r[0]));
    for (const [i, row] of lesson.entries()) {
      const now = fresh[i]!;
      expect(row.slice(3), `${row[0]}: sinks and verdict`).toEqual(now.slice(3));
      expect([shape(row[1]), shape(row[2])], `${row[0]}: token shapes`).toEqual([shape(now[1]), shape(now[2])]);
      if (row[1] !== 'none') expect(above(pair(row[2]), pair(row[1])), `${row[0]}: B's token above A's`).toBe(true);
    }
    expect(await leftovers(home)).toEqual([]);
  });
});

describe.skipIf(skipRestart)("lesson 8's Redis restart table", { timeout: 60_000 }, () => {
  it('states what coordinator-restart gives now, and A overwrote B with an equal token, not a lower one', async () => {
    ensureBuilt();
    const home = tempHome('lesson-restart-');
    const run = await runCli(
      ['lab', '--experiment', 'coordinator-restart', '--coordinator', 'redis', '--token', 'incr', '--json', '--ttl', '1'],
      { FENCE_TUTOR_HOME: home },
      60_000,
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as LabResult;
    expect(lessonTable('08-failover-monotonicity.md', 'restart')).toEqual(restartCells(result as Parameters<typeof restartCells>[0]));
    // The lesson: the spec's rule counts no stale acceptance, since A's token equals B's.
    const volatile = result.modes.volatile!;
    expect(volatile.lateWrite?.accepted).toBe(true);
    expect(volatile.lateWrite?.body.token).toBe(volatile.bWrite?.body.token);
    expect(await leftovers(home)).toEqual([]);
  });
});
