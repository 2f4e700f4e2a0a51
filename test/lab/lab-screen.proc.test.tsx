/**
 * The Lab screen running the real experiment in-process (the app is the
 * runner): live steps, then the outcome; the evidence written and every
 * child ended afterwards.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LabResult } from '../../src/lab/types.js';
import { renderApp, waitForFrame } from '../helpers/ink.js';
import { ensureBuilt, stillAlive, tempHome } from './helpers.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(() => ensureBuilt());
afterEach(() => cleanup());

describe('Lab screen on real processes', () => {
  it('runs late-write with the embedded coordinator and shows both modes', async () => {
    const outDir = join(tempHome(), 'screen-run');
    const { lastFrame } = await renderApp({ screen: 'lab', autostart: true, ttlMs: 1000, outDir }, { size: { columns: 100, rows: 40 } });
    await waitForFrame(lastFrame, /✓ A \(pid \d+\) holds the lock with token \d+/, 15_000);
    await waitForFrame(lastFrame, 'verdict: as expected', 20_000);
    const done = await waitForFrame(lastFrame, 'evidence: run.json', 10_000);
    expect(done).toMatch(/plain\s+A-late\s+B's write LOST/);
    expect(done).toMatch(/fenced\s+B-current\s+B's write kept: A rejected: 409/);
    const result = JSON.parse(readFileSync(join(outDir, 'run.json'), 'utf8')) as LabResult;
    expect(result.verdict).toBe('expected');
    expect(await stillAlive([result.pids.A, result.pids.B, ...result.pids.sink])).toEqual([]);
  }, 40_000);
});
