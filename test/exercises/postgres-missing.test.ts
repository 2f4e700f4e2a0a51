/**
 * postgres-sink without PostgreSQL: the check stops with the machinery's
 * ToolMissingError (the CLI's exit 2 naming the Debian package) once the
 * tokens are in, and never sends the learner's sink a database to open.
 * Fake machinery stands in for the processes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findExercise } from '../../src/content/exercise/exercise-registry.js';
import { ToolMissingError } from '../../src/exercises/clients/client-ports.js';
import type { ExerciseMachinery, SinkChild } from '../../src/exercises/ports.js';
import { runChecks } from '../../src/exercises/run-checks.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function readyChild(sent: unknown[]): SinkChild {
  return {
    pid: 1,
    alive: true,
    exited: new Promise(() => undefined),
    send: (c) => sent.push(c),
    request: async (c) => {
      sent.push(c);
      return { ev: 'error', message: 'not expected' } as never;
    },
    on: () => () => undefined,
    waitFor: async () => ({ ev: 'ready', pid: 1 }) as never,
    signal() {},
    end: async () => undefined,
    diagnostics: () => '',
  };
}

describe('runChecks: postgres-sink with no PostgreSQL', () => {
  it('is the ToolMissingError naming the package, and no database is opened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-missing-'));
    dirs.push(dir);
    const file = join(dir, 'sink.mjs');
    writeFileSync(file, 'export async function write() { return { accepted: false }; }\n');
    const sent: unknown[] = [];
    const startPostgres = vi.fn(async (): Promise<{ url: string }> => {
      throw new ToolMissingError('PostgreSQL', 'Install it (Debian/Ubuntu: `sudo apt-get install postgresql`)');
    });
    const machinery: ExerciseMachinery = {
      startSinkChild: () => readyChild(sent),
      killGroup: async () => undefined,
      supplyTokens: async () => ({ tokens: { A: 1, B: 3 }, ttlMs: 500, observedExpiryWaitMs: 600, observations: [] }),
      startPostgres,
      close: async () => undefined,
    };
    const run = runChecks({ exercise: findExercise('postgres-sink')!, file, machinery, ttlMs: 500, timeLimitMs: 1000, tempRoot: dir });
    await expect(run).rejects.toBeInstanceOf(ToolMissingError);
    await expect(run).rejects.toThrow(/apt-get install postgresql/);
    expect(startPostgres).toHaveBeenCalledOnce();
    expect(sent).toEqual([]);
  });
});
