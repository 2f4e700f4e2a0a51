/**
 * A file that cannot load is told before any real expiry starts (issue 33):
 * the learner's sink starts first, and the expiry (seconds of a real TTL)
 * only once it is ready. Fake machinery stands in for the processes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findExercise } from '../../src/content/exercise/exercise-registry.js';
import type { ExerciseMachinery, SinkChild } from '../../src/exercises/ports.js';
import { runChecks } from '../../src/exercises/run-checks.js';
import { LoadError } from '../../src/exercises/sink-session.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function failingChild(): SinkChild {
  return {
    pid: 1,
    alive: false,
    exited: new Promise(() => undefined),
    send() {},
    request: async () => ({}) as never,
    on: () => () => undefined,
    waitFor: async () => ({ ev: 'failed', kind: 'load', message: 'sink.mjs:3: SyntaxError: Unexpected end of input' }) as never,
    signal() {},
    end: async () => undefined,
    diagnostics: () => '',
  };
}

describe('runChecks: a file that cannot load', () => {
  it('is a LoadError naming the line, and no expiry was ever started', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'load-first-'));
    dirs.push(dir);
    const file = join(dir, 'sink.mjs');
    writeFileSync(file, 'export async function write(db, r) { return {\n');
    const supplyTokens = vi.fn(async () => {
      throw new Error('the expiry should not have started');
    });
    const machinery: ExerciseMachinery = { startSinkChild: failingChild, killGroup: async () => undefined, supplyTokens, close: async () => undefined };
    const run = runChecks({ exercise: findExercise('fence-the-sink')!, file, machinery, ttlMs: 2000, timeLimitMs: 1000, tempRoot: dir });
    await expect(run).rejects.toBeInstanceOf(LoadError);
    await expect(run).rejects.toThrow(/sink\.mjs:3: SyntaxError/);
    expect(supplyTokens).not.toHaveBeenCalled();
  });
});
