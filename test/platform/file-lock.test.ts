import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LockBusyError, withFileLock } from '../../src/platform/file-lock.js';

const dir = () => mkdtempSync(join(process.env.FENCE_TUTOR_HOME!, 'lock-'));

/** A pid that ran and has ended (its lock is stale). */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

describe('withFileLock', () => {
  it('holds <path>.lock while the work runs and removes it after, even when the work throws', () => {
    const d = dir();
    const path = join(d, 'state.json');
    expect(withFileLock(path, () => existsSync(`${path}.lock`))).toBe(true);
    expect(() =>
      withFileLock(path, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(readdirSync(d)).toEqual([]);
  });

  it('recovers a lock left by a process that died holding it', () => {
    const d = dir();
    const path = join(d, 'state.json');
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: deadPid(), at: Date.now() }));
    expect(withFileLock(path, () => 'ran', { waitMs: 200 })).toBe('ran');
    expect(readdirSync(d)).toEqual([]);
  });

  it('recovers an empty lock file (killed between create and write) once it is old', () => {
    const d = dir();
    const path = join(d, 'state.json');
    writeFileSync(`${path}.lock`, '');
    const old = new Date(Date.now() - 10_000);
    utimesSync(`${path}.lock`, old, old);
    expect(withFileLock(path, () => 'ran', { waitMs: 200 })).toBe('ran');
  });

  it('gives up on a live holder after the wait, naming the lock file and the fix', () => {
    const d = dir();
    const path = join(d, 'state.json');
    // This process is alive: its lock is not stale.
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: process.pid, at: Date.now() }));
    let thrown: unknown;
    try {
      withFileLock(path, () => 'ran', { waitMs: 50 });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(LockBusyError);
    expect((thrown as Error).message).toContain(`${path}.lock`);
    expect((thrown as Error).message).toMatch(/Fix:/);
    expect(existsSync(`${path}.lock`)).toBe(true);
  });

  it('a lock path it cannot read (a directory) is an error, never an endless wait', () => {
    const d = dir();
    const path = join(d, 'state.json');
    mkdirSync(`${path}.lock`);
    expect(() => withFileLock(path, () => 'ran', { waitMs: 100 })).toThrow(/EISDIR|LockBusy|held by/);
  });
});
