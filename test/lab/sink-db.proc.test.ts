/**
 * The sink's database: the fenced check, the split bug, BEGIN IMMEDIATE
 * across processes, recovery of the lock directory a killed process leaves,
 * and the file being a real SQLite database that Debian's sqlite3 reads.
 */
// First: before SQLite's WebAssembly loads (see the file).
import { WASM_BASELINE_FLAG } from './wasm-baseline.js';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recoverStaleLock, SinkDb, SinkDbBusyError } from '../../src/lab/sink/sink-db.js';
import { waitUntil } from '../helpers/wait-until.js';
import { root, sqlite, toolMissing } from './helpers.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const dbPath = () => join(mkdtempSync(join(tmpdir(), 'fence-sink-')), 'sink.sqlite');
const open: SinkDb[] = [];
const children: ChildProcess[] = [];
function sink(path: string): SinkDb {
  const db = new SinkDb(path);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) if (db.db.isOpen) db.close();
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** Another process that takes the database's write lock and keeps it until told (or killed). */
async function holdLockInOtherProcess(path: string): Promise<ChildProcess> {
  const code = `
    const { Database } = require('node-sqlite3-wasm');
    const db = new Database(${JSON.stringify(path)});
    db.exec('BEGIN IMMEDIATE');
    db.run("UPDATE resource SET value = 'uncommitted', hwm = 999 WHERE mode = 'fenced'");
    process.stdout.write('held\\n');
    process.stdin.on('data', () => { db.exec('COMMIT'); db.close(); process.stdout.write('committed\\n'); });
  `;
  const child = spawn(process.execPath, [WASM_BASELINE_FLAG, '-e', code], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return child;
}

describe('the sink database', () => {
  it('fenced: accepts equal and higher tokens, refuses a lower one with the reason', () => {
    const db = sink(dbPath());
    expect(db.writeFenced({ mode: 'fenced', writer: 'B', value: 'B-current', token: 8 }).status).toBe(200);
    expect(db.writeFenced({ mode: 'fenced', writer: 'B', value: 'again', token: 8 }).status).toBe(200);
    const late = db.writeFenced({ mode: 'fenced', writer: 'A', value: 'A-late', token: 7 });
    expect(late).toMatchObject({ status: 409, accepted: false, body: { reason: 'stale token 7 < mark 8' } });
    expect(db.state('fenced')).toEqual({ value: 'again', token: 8, hwm: 8 });
    expect(db.writesLog()).toHaveLength(3);
  });

  it('plain accepts a lower token; split lowers the mark when its check went stale', () => {
    const db = sink(dbPath());
    db.writePlain({ mode: 'plain', writer: 'B', value: 'B-current', token: 8 });
    db.writePlain({ mode: 'plain', writer: 'A', value: 'A-late', token: 7 });
    expect(db.state('plain').value).toBe('A-late');
    const check = db.splitCheck({ mode: 'split', writer: 'A', value: 'A-late', token: 7 });
    expect(check.ok).toBe(true);
    db.writeFenced({ mode: 'split', writer: 'B', value: 'B-current', token: 8 });
    if (check.ok) db.splitApply({ mode: 'split', writer: 'A', value: 'A-late', token: 7 }, check.mark);
    expect(db.state('split')).toEqual({ value: 'A-late', token: 7, hwm: 7 });
  });

  it('BEGIN IMMEDIATE holds across processes: a write waits for the other process to commit', async () => {
    const path = dbPath();
    const db = sink(path);
    const other = await holdLockInOtherProcess(path);
    expect(existsSync(`${path}.lock`)).toBe(true);
    expect(() => db.writeFenced({ mode: 'fenced', writer: 'B', value: 'x', token: 1 })).toThrow(/locked|busy/i);
    other.stdin!.write('go\n');
    await new Promise<void>((resolve) => other.stdout!.once('data', () => resolve()));
    expect(db.state('fenced').hwm).toBe(999);
    expect(db.writeFenced({ mode: 'fenced', writer: 'B', value: 'x', token: 1 }).status).toBe(409);
  });

  it('recovers the lock a killed process left, and SQLite rolls its unfinished transaction back', async () => {
    const path = dbPath();
    const first = sink(path);
    first.writeFenced({ mode: 'fenced', writer: 'B', value: 'B-current', token: 8 });
    first.close();
    const other = await holdLockInOtherProcess(path);
    other.kill('SIGKILL');
    await new Promise((r) => other.once('exit', r));
    expect(existsSync(`${path}.lock`)).toBe(true);
    const again = sink(path);
    expect(again.recovery.recovered).toBe(true);
    expect(again.state('fenced')).toEqual({ value: 'B-current', token: 8, hwm: 8 });
    expect(again.writeFenced({ mode: 'fenced', writer: 'A', value: 'A-late', token: 7 }).status).toBe(409);
  });

  it('leaves alone a lock whose owner still runs', async () => {
    const path = dbPath();
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(holder);
    // Until its exec, the child's command line is still ours: the lock's owner check reads it.
    await waitUntil(() => readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8').includes('setInterval'), { what: 'the holder to start' });
    writeFileSync(`${path}.owner.json`, JSON.stringify({ pid: holder.pid, argv: [process.execPath, '-e', 'setInterval(() => {}, 1000)'] }));
    const { mkdirSync } = await import('node:fs');
    mkdirSync(`${path}.lock`);
    expect(() => recoverStaleLock(path)).toThrow(SinkDbBusyError);
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    expect(recoverStaleLock(path).recovered).toBe(true);
  });

  it('recovers a lock whose owner file is damaged (null, a list, wrong types) instead of crashing', async () => {
    const { mkdirSync } = await import('node:fs');
    for (const owner of ['null', '[1, 2]', '{"pid": "1", "argv": "node"}']) {
      const path = dbPath();
      writeFileSync(`${path}.owner.json`, owner);
      mkdirSync(`${path}.lock`);
      expect(recoverStaleLock(path).recovered, owner).toBe(true);
    }
  });

  it.skipIf(toolMissing('sqlite3'))("is a real SQLite file: Debian's sqlite3 reads the rows and the meta", () => {
    const path = dbPath();
    const db = sink(path);
    db.writeFenced({ mode: 'fenced', writer: 'B', value: 'B-current', token: 8 });
    db.writeFenced({ mode: 'fenced', writer: 'A', value: 'A-late', token: 7 });
    db.close();
    expect(sqlite(path, "SELECT value, token, hwm FROM resource WHERE mode = 'fenced'").trim()).toBe('B-current|8|8');
    expect(sqlite(path, 'SELECT writer, status FROM writes ORDER BY id').trim()).toBe('B|200\nA|409');
    expect(sqlite(path, "SELECT value FROM meta WHERE key = 'schemaVersion'").trim()).toBe('1');
    expect(sqlite(path, 'PRAGMA integrity_check').trim()).toBe('ok');
  });
});
