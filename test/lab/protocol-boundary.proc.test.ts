/**
 * The protocol at the real boundaries: a child that says something
 * malformed fails the runner's wait with the parser's sentence (not a
 * timeout, not a NaN); the sink answers a malformed write with 400 and packs
 * an `[epoch, revision]` token in the epoch mode; a shell command's whole
 * process group ends with it.
 */
// First: before SQLite's WebAssembly loads (the sink runs in this process; see the file).
import './wasm-baseline.js';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson, postJson } from '../../src/lab/http.js';
import { LabChild, type LabProcess, startShellChild } from '../../src/lab/processes/children.js';
import { RunPidfile } from '../../src/lab/processes/pidfile.js';
import { ProtocolError } from '../../src/lab/protocol/fields.js';
import { parseWorkerMessage, type WorkerCommand, type WorkerMessage } from '../../src/lab/protocol/worker-messages.js';
import { type RunningSink, startSink } from '../../src/lab/sink/sink-server.js';
import { packEpochToken } from '../../src/lab/tokens/epoch-token.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const ended: (LabProcess | RunningSink)[] = [];
afterEach(async () => {
  for (const p of ended.splice(0)) await ('close' in p ? p.close() : p.end({ graceMs: 100 }));
});

/** A stand-in worker: a shell printing `lines` on stdout, then answering nothing (sh starts faster than node). */
function fakeWorker(lines: string[]): LabChild<WorkerMessage, WorkerCommand> {
  const quoted = lines.map((l) => `'${l.replace(/'/g, `'\\''`)}'`).join(' ');
  const argv = ['/bin/sh', '-c', `printf '%s\\n' ${quoted}; exec sleep 30`];
  const child = new LabChild<WorkerMessage, WorkerCommand>('A', spawn(argv[0]!, argv.slice(1), { stdio: 'pipe' }), argv, parseWorkerMessage);
  ended.push(child);
  return child;
}

describe('a malformed message from a child', () => {
  it('fails the wait with the field that is wrong', async () => {
    const child = fakeWorker(['{"ev":"ready","name":"A"}']);
    const wait = child.waitFor(['ready'], 5000);
    await expect(wait).rejects.toBeInstanceOf(ProtocolError);
    await expect(wait).rejects.toThrow(/worker A's "ready": "pid" must be an integer ≥ 1 \(got nothing\)/);
  });
  it('fails a request after it too, and a line that is not JSON says so', async () => {
    const child = fakeWorker(['ok then']);
    await expect(child.waitFor(['ready'], 5000)).rejects.toThrow(/A sent a line that is not JSON: "ok then"/);
    await expect(child.request({ op: 'release' }, 5000)).rejects.toThrow(/not JSON/);
  });
  it('a well-formed ready is delivered typed', async () => {
    const child = fakeWorker([JSON.stringify({ ev: 'ready', pid: 7, name: 'W3' })]);
    const ready = await child.waitFor(['ready'], 5000);
    expect(ready).toEqual({ ev: 'ready', pid: 7, name: 'W3' });
  });
});

describe('the sink at its HTTP boundary', () => {
  async function sink(): Promise<string> {
    const running = await startSink(join(mkdtempSync(join(tmpdir(), 'fence-proto-')), 'sink.sqlite'));
    ended.push(running);
    return `http://127.0.0.1:${running.port}`;
  }
  it('answers a malformed write with 400 and the reason, and stores nothing', async () => {
    const url = await sink();
    const noToken = await postJson(`${url}/write/fenced`, { writer: 'A', value: 'v' });
    expect(noToken.status).toBe(400);
    expect(String(noToken.body.reason)).toMatch(/"token" must be a token/);
    const pairToFenced = await postJson(`${url}/write/fenced`, { writer: 'A', value: 'v', token: [1, 2] });
    expect(pairToFenced.status).toBe(400);
    expect((await getJson(`${url}/state/fenced`)).body).toMatchObject({ value: null, hwm: 0 });
  });
  it('packs an [epoch, revision] token in the epoch mode, so epoch 1 beats a higher revision of epoch 0', async () => {
    const url = await sink();
    expect((await postJson(`${url}/write/epoch`, { writer: 'D', value: 'D', token: [1, 4] })).status).toBe(200);
    const late = await postJson(`${url}/write/epoch`, { writer: 'C', value: 'C-late', token: [0, 6] });
    expect(late.status).toBe(409);
    expect((await getJson(`${url}/state/epoch`)).body).toMatchObject({ value: 'D', hwm: packEpochToken(1, 4) });
  });
});

describe('a shell child', () => {
  it('runs in its own process group, and ending it ends what it started', async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'fence-proto-run-'));
    const child = startShellChild('sink', 'sleep 30 & echo $! >&2; wait', new RunPidfile(runDir, 'proto'));
    ended.push(child);
    const grandchild = await new Promise<number>((resolve) => {
      const read = (): void => {
        const match = /said: (\d+)/.exec(child.diagnostics());
        if (match) resolve(Number(match[1]));
        else setTimeout(read, 10);
      };
      read();
    });
    expect(isAlive(grandchild)).toBe(true);
    await child.end({ graceMs: 200 });
    await expect.poll(() => isAlive(grandchild), { timeout: 3000 }).toBe(false);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
