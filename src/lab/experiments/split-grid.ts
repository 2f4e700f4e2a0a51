/**
 * split on PostgreSQL with --isolation/--sink-check (issue 36): one real
 * expiry gives the tokens (A stale, B current), then the sink replays the
 * race on a fresh table per cell, under each isolation level and check, with
 * the schedule forced (postgres/isolation-grid.ts). Each cell is judged
 * against lesson 5's table (expectedCell): only READ COMMITTED with a check
 * in a SELECT and an unconditional UPDATE loses B's write.
 */
import { cellKey, expectedCell, type GridCell, type GridWrite } from '../postgres/isolation-grid.js';
import type { LabContext } from '../runner/lab-context.js';
import type { GridWriteJson, ModeResult, SinkMode } from '../types.js';
import { aStoppedThenB, type Check, check, type ExperimentOutcome, tokenCheck } from './experiment.js';

function writeJson(w: GridWrite): GridWriteJson {
  const last = w.sqlstates.at(-1);
  return { outcome: w.outcome, retries: w.retries, sqlstates: w.sqlstates, waited: w.waited, ...(last ? { sqlstate: last } : {}) };
}

/** A cell as a mode of the result: the fields every mode has (final, the two writes) and the grid's own. */
function cellMode(cell: GridCell): ModeResult {
  const asWrite = (w: GridWrite) => ({ status: w.outcome === 'applied' ? 200 : 409, accepted: w.outcome === 'applied', body: { ...writeJson(w) } });
  return {
    staleAccepted: cell.staleAccepted,
    writes: { A: writeJson(cell.writes.A), B: writeJson(cell.writes.B) },
    bWrite: asWrite(cell.writes.B),
    lateWrite: asWrite(cell.writes.A),
    final: { value: cell.final.value, token: cell.final.mark, hwm: cell.final.mark, mark: cell.final.mark },
  };
}

function cellCheck(cell: GridCell): Check {
  const want = expectedCell(cell.isolation, cell.check);
  const finalWriter = cell.final.value.startsWith('A') ? 'stale' : 'current';
  const ok =
    cell.staleAccepted === want.staleAccepted &&
    finalWriter === want.finalWriter &&
    cell.writes.A.retries > 0 === want.aRetried &&
    cell.writes.B.waited === want.bWaited &&
    cell.writes.B.retries > 0 === want.bRetried;
  const said = want.staleAccepted ? "A's stale write lands after B's: B's update lost" : "B's write kept";
  return check(
    ok,
    `${cellKey(cell)}: ${said}${ok ? '' : ` (the server did otherwise: final ${cell.final.value}, A ${cell.writes.A.outcome}, B ${cell.writes.B.outcome})`}`,
  );
}

export async function runSplitGrid(ctx: LabContext): Promise<ExperimentOutcome> {
  const grid = ctx.world.grid;
  if (!grid) throw new Error('the grid needs --isolation or --sink-check');
  await aStoppedThenB(ctx);
  const stale = { name: 'A', token: Number(ctx.holders.A?.token), value: 'A-late' };
  const current = { name: 'B', token: Number(ctx.holders.B?.token), value: 'B-current' };
  const cells = grid.isolations.length * grid.checks.length;
  ctx.step('write-b', 'started', `replaying A's late write against B's in PostgreSQL: ${cells} cell${cells === 1 ? '' : 's'}, a fresh table each`);
  const result = await ctx.runGrid(grid, stale, current);
  ctx.step('write-b', 'done', `the grid ran: ${result.filter((c) => c.staleAccepted).length} of ${result.length} lost B's write`);
  const modes = Object.fromEntries(result.map((cell) => [cellKey(cell), cellMode(cell)])) as Partial<Record<SinkMode, ModeResult>>;
  return { modes, checks: [tokenCheck(ctx), ...result.map(cellCheck)] };
}
