/**
 * The lab's process protocol, parsed once at each boundary: every command
 * and message round-trips through JSON and its parser unchanged, and a
 * malformed one is a ProtocolError naming the message and the field (never
 * a NaN or an `undefined` passed on).
 */
import { describe, expect, it } from 'vitest';
import { ProtocolError, parseToken } from '../../src/lab/protocol/fields.js';
import { parseServiceCommand, parseServiceMessage, type ServiceMessage, shellSinkCommand } from '../../src/lab/protocol/service-messages.js';
import { parseBarrierCount, parseSinkState, parseSinkWrite } from '../../src/lab/protocol/sink-write.js';
import { parseWorkerCommand, parseWorkerMessage, type WorkerCommand, type WorkerMessage } from '../../src/lab/protocol/worker-messages.js';

const wire = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe('runner → worker commands', () => {
  const commands: WorkerCommand[] = [
    { op: 'acquire', id: 1, key: '/k/lock', ttlMs: 2000, coordinator: 'etcd', endpoints: ['http://127.0.0.1:2379'] },
    { op: 'acquire', id: 2, key: '/k/lock', ttlMs: 900, coordinator: 'embedded', endpoints: [], epochFile: '/tmp/epoch' },
    { op: 'write', id: 3, url: 'http://127.0.0.1:5', mode: 'split', value: 'A-late', hold: 'h', release: 'r' },
    { op: 'write', id: 4, url: 'http://127.0.0.1:5', mode: 'epoch', value: 'C-late', tokenMode: 'epoch' },
    { op: 'release', id: 5 },
    { op: 'exit', id: 6 },
  ];
  it.each(commands)('$op (id $id) round-trips', (command) => {
    expect(parseWorkerCommand(wire(command))).toEqual(command);
  });

  it("reads an exit without an id (the runner's last word, no answer awaited) as id 0", () => {
    expect(parseWorkerCommand({ op: 'exit' })).toEqual({ op: 'exit', id: 0 });
  });

  it.each([
    [{ op: 'acquire', id: 1, key: '/k', ttlMs: '2000', coordinator: 'etcd', endpoints: [] }, /"acquire" command: "ttlMs" must be an integer/],
    [{ op: 'acquire', id: 1, key: '/k', ttlMs: 2000, coordinator: 'consul', endpoints: [] }, /"coordinator" must be one of embedded, etcd, redis, zookeeper/],
    [{ op: 'acquire', id: 1, key: '/k', ttlMs: 2000, coordinator: 'etcd' }, /"endpoints" must be a list of strings \(got nothing\)/],
    [{ op: 'write', id: 1, url: 'u', mode: 'sloppy', value: 'v' }, /"mode" must be one of plain, fenced/],
    [{ op: 'write', id: 1, url: 'u', mode: 'plain', value: 7 }, /"value" must be a string/],
    [{ op: 'write', id: 1, url: 'u', mode: 'plain', value: 'v', tokenMode: 'pair' }, /"tokenMode" must be one of epoch/],
    [{ op: 'release' }, /"release" command: "id" must be an integer/],
    [{ op: 'dance', id: 1 }, /a command to the worker: "op" must be one of acquire, write, release, exit/],
    [[1, 2], /a command to the worker is not a JSON object/],
  ])('refuses %j', (command, problem) => {
    expect(() => parseWorkerCommand(command)).toThrow(ProtocolError);
    expect(() => parseWorkerCommand(command)).toThrow(problem);
  });
});

describe('worker → runner messages', () => {
  const messages: WorkerMessage[] = [
    { ev: 'ready', pid: 42, name: 'W7' },
    { ev: 'lease-lost', leaseId: '694d7a' },
    { ev: 'acquired', id: 1, token: 9, leaseId: 'l', ttlMs: 2000, grantRequestedAt: 1.5e12 + 0.25, sentAt: 1.5e12 + 1 },
    { ev: 'acquired', id: 2, token: 9, leaseId: 'l', ttlMs: 2000, grantRequestedAt: 1, sentAt: 2, epoch: 1 },
    { ev: 'busy', id: 3, reason: 'the lock is held' },
    { ev: 'wrote', id: 4, mode: 'fenced', token: 7, status: 409, body: { accepted: false, reason: 'stale' } },
    { ev: 'wrote', id: 5, mode: 'epoch', token: [1, 4], status: 200, body: { accepted: true } },
    { ev: 'released', id: 6 },
    { ev: 'bye', id: 7 },
    { ev: 'error', id: 8, message: 'write without a token' },
    { ev: 'error', message: 'not JSON' },
  ];
  it.each(messages)('$ev round-trips', (message) => {
    expect(parseWorkerMessage(wire(message), 'A')).toEqual(message);
  });

  it.each([
    [
      { ev: 'acquired', id: 1, leaseId: 'l', ttlMs: 2000, grantRequestedAt: 1, sentAt: 2 },
      /worker A's "acquired": "token" must be an integer ≥ 0 \(got nothing\)/,
    ],
    [{ ev: 'acquired', id: 1, token: 1.5, leaseId: 'l', ttlMs: 2000, grantRequestedAt: 1, sentAt: 2 }, /"token" must be an integer/],
    [{ ev: 'acquired', id: 1, token: 3, leaseId: 'l', ttlMs: 2000, grantRequestedAt: null, sentAt: 2 }, /"grantRequestedAt" must be a finite number/],
    [{ ev: 'wrote', id: 1, mode: 'epoch', token: [1], status: 200, body: {} }, /"token" must be a token: an integer ≥ 0 or \[epoch, revision\]/],
    [{ ev: 'wrote', id: 1, mode: 'epoch', token: [1, -4], status: 200, body: {} }, /"token" must be a token/],
    [{ ev: 'wrote', id: 1, mode: 'fenced', token: 3, status: 200, body: 'ok' }, /"body" must be a JSON object/],
    [{ ev: 'ready', pid: 42, name: '../A' }, /"name" must be a worker name/],
    [{ ev: 'ready', name: 'A' }, /"pid" must be an integer ≥ 1/],
    [{ ev: 'hello' }, /a message from worker A: "ev" must be one of/],
    ['ready', /a message from worker A is not a JSON object/],
  ])('refuses %j', (message, problem) => {
    expect(() => parseWorkerMessage(message, 'A')).toThrow(ProtocolError);
    expect(() => parseWorkerMessage(message, 'A')).toThrow(problem);
  });
});

describe('service messages (sink, embedded coordinator)', () => {
  const messages: ServiceMessage[] = [
    { ev: 'ready', pid: 10, port: 43210, recoveredLock: true, previousOwner: 99 },
    { ev: 'ready', pid: 10, port: 43210, revision: 12 },
    { ev: 'failed', message: 'db busy', name: 'SinkDbBusyError' },
  ];
  it.each(messages)('$ev round-trips', (message) => {
    expect(parseServiceMessage(wire(message), 'sink')).toEqual(message);
  });
  it('refuses a ready without a port, and commands other than exit', () => {
    expect(() => parseServiceMessage({ ev: 'ready', pid: 10 }, 'sink')).toThrow(/the sink's "ready": "port" must be an integer ≥ 1/);
    expect(() => parseServiceMessage({ ev: 'ready', pid: 10, port: 1, recoveredLock: 'yes' }, 'sink')).toThrow(/"recoveredLock" must be true or false/);
    expect(parseServiceCommand({ op: 'exit' })).toEqual({ op: 'exit' });
    expect(() => parseServiceCommand({ op: 'write' })).toThrow(ProtocolError);
  });
  it("fills a shell sink's placeholders, quoting the database path for sh", () => {
    const line = shellSinkCommand({ kind: 'shell', command: 'python3 sink.py --port {port} --db {db}', port: 4100, database: "/tmp/it's.db" });
    expect(line).toBe(`python3 sink.py --port 4100 --db '/tmp/it'\\''s.db'`);
  });
});

describe('the sink write body', () => {
  it('reads an integer token, or a pair in the epoch mode, with the optional fields', () => {
    expect(parseSinkWrite({ writer: 'A', value: 'A-late', token: 7, requestId: 'A-3' }, 'fenced')).toEqual({
      writer: 'A',
      value: 'A-late',
      token: 7,
      requestId: 'A-3',
    });
    expect(parseSinkWrite(wire({ writer: 'C', value: 'v', token: [1, 4], hold: 'h' }), 'epoch')).toEqual({
      writer: 'C',
      value: 'v',
      token: [1, 4],
      hold: 'h',
    });
  });
  it.each([
    [{ writer: 'A', value: 'v', token: [1, 4] }, 'fenced', /an \[epoch, revision\] pair goes to the epoch mode/],
    [{ writer: 'A', value: 'v', token: '7' }, 'fenced', /"token" must be a token/],
    [{ writer: 'A', value: 'v' }, 'plain', /"token" must be a token.*got nothing/],
    [{ writer: 'A', value: null, token: 1 }, 'plain', /"value" must be a string/],
  ] as const)('refuses %j to %s', (body, mode, problem) => {
    expect(() => parseSinkWrite(body, mode)).toThrow(problem);
  });
  it("reads the sink's state and barrier answers", () => {
    expect(parseSinkState({ value: null, token: null, hwm: 0 }, 'plain')).toEqual({ value: null, token: null, hwm: 0 });
    expect(parseSinkState({ value: 'B', token: 9, hwm: 9 }, 'fenced')).toEqual({ value: 'B', token: 9, hwm: 9 });
    expect(() => parseSinkState({ value: 'B', token: 'nine', hwm: 9 }, 'fenced')).toThrow(/fenced sink's state: "token"/);
    expect(parseBarrierCount({ parked: 2 }, 'a-late')).toBe(2);
    expect(() => parseBarrierCount({}, 'a-late')).toThrow(/barrier a-late: "parked"/);
  });
  it('parseToken takes whole numbers and pairs only', () => {
    expect(parseToken(0)).toBe(0);
    expect(parseToken([0, 3])).toEqual([0, 3]);
    for (const bad of [-1, 1.5, Number.NaN, '3', [1, 2, 3], [1, '2'], null]) expect(parseToken(bad)).toBeUndefined();
  });
});
