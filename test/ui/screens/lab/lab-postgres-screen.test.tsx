/**
 * The Lab screen and PostgreSQL (issue 36), with a scripted runner in place
 * of real processes: `s` picks the sink on the experiments that write to it
 * (and only there), the isolation grid is an entry of its own that runs
 * split on PostgreSQL with every level and check and shows the 9 cells as a
 * table, and a missing PostgreSQL says "needs postgresql" with the Debian
 * package, found by looking for files (--postgres-bin points at a folder of
 * our making).
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { GridWriteJson, LabOptions, LabResult, ModeResult } from '../../../../src/lab/types.js';
import { press, renderApp, waitForFrame } from '../../../helpers/ink.js';

afterEach(() => cleanup());

/** A folder with stand-ins for initdb and postgres (looked up, never run), or an empty one. */
function postgresBin(withBinaries: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'fence-lab-pgbin-'));
  if (withBinaries) {
    for (const name of ['initdb', 'postgres']) {
      writeFileSync(join(dir, name), '#!/bin/sh\nexit 1\n');
      chmodSync(join(dir, name), 0o755);
    }
  }
  return dir;
}

const w = (outcome: GridWriteJson['outcome'], retries = 0, waited = false): GridWriteJson => ({
  outcome,
  retries,
  sqlstates: retries > 0 ? ['40001'] : [],
  ...(retries > 0 ? { sqlstate: '40001' } : {}),
  waited,
});

/** Lesson 5's table, as a real run of the grid gave it (issue 36's run.json, tokens 15 and 17). */
const CELLS: Record<string, { A: GridWriteJson; B: GridWriteJson; lost: boolean }> = {
  'read-committed/select-then-update': { A: w('applied'), B: w('applied'), lost: true },
  'read-committed/conditional-update': { A: w('refused'), B: w('applied'), lost: false },
  'read-committed/select-for-update': { A: w('applied'), B: w('applied', 0, true), lost: false },
  'repeatable-read/select-then-update': { A: w('refused', 1), B: w('applied'), lost: false },
  'repeatable-read/conditional-update': { A: w('refused'), B: w('applied'), lost: false },
  'repeatable-read/select-for-update': { A: w('applied'), B: w('applied', 1, true), lost: false },
  'serializable/select-then-update': { A: w('refused', 1), B: w('applied'), lost: false },
  'serializable/conditional-update': { A: w('refused'), B: w('applied'), lost: false },
  'serializable/select-for-update': { A: w('applied'), B: w('applied', 1, true), lost: false },
};

function gridResult(options: LabOptions): LabResult {
  const modes = Object.fromEntries(
    Object.entries(CELLS).map(([key, c]): [string, ModeResult] => [
      key,
      {
        staleAccepted: c.lost,
        writes: { A: c.A, B: c.B },
        final: c.lost ? { value: 'A-late', token: 15, hwm: 15, mark: 15 } : { value: 'B-current', token: 17, hwm: 17, mark: 17 },
      },
    ]),
  );
  return {
    schemaVersion: 1,
    version: '0.0.0',
    experiment: options.experiment,
    coordinator: options.coordinator,
    ttlMs: options.ttlMs,
    requestedTtlMs: options.ttlMs,
    tokens: { A: 15, B: 17 },
    observedExpiryWaitMs: 2031,
    stoppedAfterMs: 0.4,
    modes: modes as LabResult['modes'],
    verdict: 'expected',
    checks: [{ ok: true, text: 'ok' }],
    durationMs: 2746,
    sink: { url: 'http://127.0.0.1:1', database: 'postgres schema fence_lab_x', postgres: { kind: 'postgres', schema: 'fence_lab_x', ownServer: true } },
    pids: { A: 1, B: 2, sink: [3] },
    observations: [],
    startedAt: new Date(0).toISOString(),
    outDir: options.outDir,
  } as LabResult;
}

function recorder() {
  const calls: LabOptions[] = [];
  const runLab = async (options: LabOptions): Promise<LabResult> => {
    calls.push(options);
    return gridResult(options);
  };
  return { calls, runLab };
}

describe('Lab screen: the sink and the PostgreSQL grid', () => {
  it('s picks PostgreSQL for late-write, and the run takes it; failover offers no sink choice', async () => {
    const run = recorder();
    const bin = postgresBin(true);
    const { stdin, lastFrame } = await renderApp({ screen: 'lab', postgresBin: bin }, { services: { runLab: run.runLab } });
    expect(await waitForFrame(lastFrame, 'the real thing, on this machine')).toMatch(/s sink SQLite/);
    await press(stdin, 's');
    const picked = lastFrame() ?? '';
    expect(picked).toMatch(/c coordinator embedded\s+s sink PostgreSQL\s+\[\/\] TTL 2 s\s+enter run late-write/);
    expect(picked).not.toContain('needs postgresql');
    await press(stdin, 'enter');
    await waitForFrame(lastFrame, 'verdict: as expected');
    expect(run.calls[0]).toMatchObject({ experiment: 'late-write', sink: 'postgres', postgresBin: bin });
    expect(run.calls[0]?.grid).toBeUndefined();
    // failover is about the coordinator: no sink line, and s changes nothing.
    await press(stdin, 'r', 'down', 'down', 'down', 'down', 's');
    const failover = lastFrame() ?? '';
    expect(failover).toMatch(/❯ failover/);
    expect(failover).toMatch(/c coordinator its own etcd {4}\[\/\] TTL 2 s/);
  });

  it('keys that arrive together (j then s in one read, as tmux sends them) move the cursor and then pick the sink', async () => {
    const { stdin, lastFrame } = await renderApp({ screen: 'lab', postgresBin: postgresBin(true) }, { services: { runLab: recorder().runLab } });
    await waitForFrame(lastFrame, 'the real thing, on this machine');
    await press(stdin, 'up');
    expect(lastFrame()).toMatch(/❯ isolation-grid/);
    await press(stdin, 'js');
    expect(lastFrame()).toMatch(/❯ late-write/);
    expect(lastFrame()).toMatch(/s sink PostgreSQL/);
  });

  it('the grid entry runs split on PostgreSQL with every isolation level and check, and shows the 9 cells as a table', async () => {
    const run = recorder();
    const { stdin, lastFrame } = await renderApp(
      { screen: 'lab', postgresBin: postgresBin(true) },
      { services: { runLab: run.runLab }, size: { columns: 80, rows: 24 } },
    );
    await waitForFrame(lastFrame, 'the real thing, on this machine');
    await press(stdin, 'up');
    expect(lastFrame()).toMatch(/❯ isolation-grid/);
    expect(lastFrame()).toMatch(/ {4}sink PostgreSQL \(the grid's\)[\s\S]*enter run isolation-grid/);
    await press(stdin, 'enter');
    const done = await waitForFrame(lastFrame, 'verdict: as expected');
    expect(run.calls[0]).toMatchObject({
      experiment: 'split',
      sink: 'postgres',
      grid: {
        isolations: ['read-committed', 'repeatable-read', 'serializable'],
        checks: ['select-then-update', 'conditional-update', 'select-for-update'],
      },
    });
    expect(done).toContain('Lab › the PostgreSQL isolation grid · embedded coordinator · TTL 2 s');
    expect(done).toMatch(/sink check\s+A \(stale\)\s+B \(current\)\s+final\s+B lost/);
    const rows = done.split('\n');
    const rowsUnder = (heading: string) => rows.slice(rows.findIndex((l) => l.trim() === heading) + 1).slice(0, 3);
    expect(rowsUnder('read committed')).toEqual([
      expect.stringMatching(/select-then-update\s+applied\s+committed\s+A's\s+YES/),
      expect.stringMatching(/conditional-update\s+refused\s+committed\s+B's\s+no/),
      expect.stringMatching(/select-for-update\s+applied\s+waited, committed\s+B's\s+no/),
    ]);
    for (const level of ['repeatable read', 'serializable']) {
      expect(rowsUnder(level)).toEqual([
        expect.stringMatching(/select-then-update\s+40001, refused\s+committed\s+B's\s+no/),
        expect.stringMatching(/conditional-update\s+refused\s+committed\s+B's\s+no/),
        expect.stringMatching(/select-for-update\s+applied\s+waited, 40001, committed\s+B's\s+no/),
      ]);
    }
    // The whole outcome fits 80x24: the table, the verdict, the evidence and the footer, each line within the width.
    expect(done).toContain('evidence: run.json');
    expect(done).toContain('enter run isolation-grid again');
    for (const line of rows) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('opened by `lab --experiment split --sink postgres --isolation ...`, the screen starts on the grid with the cells asked for', async () => {
    const run = recorder();
    const grid = { isolations: ['read-committed' as const], checks: ['select-then-update' as const, 'conditional-update' as const] };
    const { lastFrame } = await renderApp(
      { screen: 'lab', experiment: 'split', sink: 'postgres', grid, autostart: true, postgresBin: postgresBin(true) },
      { services: { runLab: run.runLab } },
    );
    await waitForFrame(lastFrame, 'verdict: as expected');
    expect(run.calls[0]).toMatchObject({ experiment: 'split', sink: 'postgres', grid });
  });

  it('without PostgreSQL: the grid is marked "needs postgresql", and picking it or the PostgreSQL sink says what to install', async () => {
    const run = recorder();
    const { stdin, lastFrame } = await renderApp({ screen: 'lab', postgresBin: postgresBin(false) }, { services: { runLab: run.runLab } });
    const frame = await waitForFrame(lastFrame, 'the real thing, on this machine');
    expect(frame).toMatch(/isolation-grid\s+split on PostgreSQL[^\n]*\(needs postgresql\)/);
    expect(frame).not.toMatch(/late-write[^\n]*needs/);
    expect(frame).not.toContain('apt-get install postgresql');
    await press(stdin, 's');
    expect(lastFrame()).toContain('needs postgresql: apt-get install postgresql');
    await press(stdin, 's');
    expect(lastFrame()).not.toContain('apt-get install postgresql');
    await press(stdin, 'up');
    expect(lastFrame()).toContain('needs postgresql: apt-get install postgresql');
  });

  it('a PostgreSQL the user runs (--postgres-url) needs no binaries here', async () => {
    const run = recorder();
    const { stdin, lastFrame } = await renderApp(
      { screen: 'lab', postgresUrl: 'postgres://u@127.0.0.1:5/db', postgresBin: postgresBin(false) },
      { services: { runLab: run.runLab } },
    );
    const frame = await waitForFrame(lastFrame, 'the real thing, on this machine');
    expect(frame).not.toContain('needs postgresql');
    await press(stdin, 'up', 'enter');
    await waitForFrame(lastFrame, 'verdict: as expected');
    expect(run.calls[0]).toMatchObject({ experiment: 'split', sink: 'postgres', postgresUrl: 'postgres://u@127.0.0.1:5/db' });
  });
});
