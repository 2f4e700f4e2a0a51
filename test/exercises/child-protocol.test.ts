/**
 * The exercise children's protocol (src/exercises/child-protocol.ts), typed
 * and checked on arrival as the lab's is: every message the two children
 * send and every command the tutor sends parses back to itself, and a
 * malformed one is a ProtocolError naming the message and the field.
 */
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/platform/json-fields.js';
import {
  type ClientChildCommand,
  type ClientChildMessage,
  parseClientChildCommand,
  parseClientChildMessage,
  parseSinkChildCommand,
  parseSinkChildMessage,
  type SinkChildCommand,
  type SinkChildMessage,
} from '../../src/exercises/child-protocol.js';

const wire = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('the sink child protocol', () => {
  const messages: SinkChildMessage[] = [
    { ev: 'ready', pid: 42 },
    { ev: 'failed', kind: 'load', message: 'sink.mjs exports no function write' },
    { ev: 'output', text: 'hello' },
    { ev: 'error', id: 3, message: 'no database is open' },
    { ev: 'park', req: 'r0', step: { op: 'get', sql: 'SELECT 1' } },
    { ev: 'done', req: 'r1', result: { accepted: true }, steps: [{ op: 'transaction' }] },
    { ev: 'threw', req: 'setup', id: 2, error: 'TypeError: x' },
    { ev: 'opened', id: 1 },
    { ev: 'state', id: 4, value: null, mark: 7 },
  ];
  it.each(messages)('$ev parses back to itself', (m) => {
    expect(parseSinkChildMessage(wire(m), 'your sink')).toEqual(m);
  });

  const commands: SinkChildCommand[] = [
    { op: 'open', id: 1, db: '/tmp/t.sqlite' },
    { op: 'call', req: 'r0', fn: 'write', args: [{ writer: 'A', value: '1', token: 2, requestId: null }], gated: true },
    { op: 'go', req: 'r0' },
    { op: 'state', id: 2 },
    { op: 'exit' },
  ];
  it.each(commands)('the command $op parses back to itself', (c) => {
    expect(parseSinkChildCommand(wire(c))).toEqual(c);
  });

  it('names the message and the field of a malformed one', () => {
    expect(() => parseSinkChildMessage({ ev: 'park', req: 'r0', step: { op: 'drop' } }, 'your sink')).toThrow(ProtocolError);
    expect(() => parseSinkChildMessage({ ev: 'state', id: 1, value: 5, mark: null }, 'your sink')).toThrow(/your sink's "state": "value" must be a string/);
    expect(() => parseSinkChildMessage({ ev: 'teleport' }, 'your sink')).toThrow(/unknown event "teleport"/);
    expect(() => parseSinkChildCommand({ op: 'call', req: 'r0', fn: 'write', args: 'x', gated: true })).toThrow(/"args" must be a list/);
    expect(() => parseSinkChildCommand([1, 2])).toThrow(/not a JSON object/);
  });
});

describe('the client child protocol', () => {
  const messages: ClientChildMessage[] = [
    { ev: 'ready', pid: 7 },
    { ev: 'done', id: 1, result: 12 },
    { ev: 'threw', id: 2, error: 'Error: lock held' },
    { ev: 'paused' },
    { ev: 'sent', op: 'acquire', token: 3 },
    { ev: 'sent', op: 'read', value: 41 },
    { ev: 'sent', op: 'write', token: 3, value: 42, status: 409 },
    { ev: 'zk-watch', session: '0x0100000000000002', kind: 'exists', path: '/lock/lock-0000000001' },
  ];
  it.each(messages)('$ev parses back to itself', (m) => {
    expect(parseClientChildMessage(wire(m), 'your code')).toEqual(m);
  });

  const commands: ClientChildCommand[] = [
    { op: 'call', id: 1, fn: 'acquire', args: ['http://127.0.0.1:1', 'key'] },
    {
      op: 'work',
      id: 2,
      fn: 'addOne',
      config: { coordinator: 'http://127.0.0.1:1', sink: 'http://127.0.0.1:2', key: 'k', ttlMs: 500, writer: 'A', pauseAfterFirstRead: true },
    },
    { op: 'zk-open', id: 3, connect: '127.0.0.1:2181', sessionTimeoutMs: 4000 },
    { op: 'zk-call', id: 4, fn: 'acquire', session: '0x0100000000000002', args: ['/lock'] },
    { op: 'zk-close', id: 5, session: '0x0100000000000002' },
    {
      op: 'work',
      id: 6,
      fn: 'addOne',
      config: {
        coordinator: 'http://127.0.0.1:1',
        sink: 'http://127.0.0.1:2',
        key: 'k',
        ttlMs: 500,
        writer: 'A',
        pauseAfterFirstRead: true,
        redoPauseBefore: 2,
      },
    },
    { op: 'go' },
    { op: 'exit' },
  ];
  it.each(commands)('the command $op parses back to itself', (c) => {
    expect(parseClientChildCommand(wire(c))).toEqual(c);
  });

  it('names the field of a malformed one', () => {
    expect(() => parseClientChildMessage({ ev: 'done', result: 1 }, 'your code')).toThrow(/your code's "done": "id" must be an integer/);
    expect(() => parseClientChildCommand({ op: 'work', id: 1, fn: 'addOne', config: { sink: 'x' } })).toThrow(/"coordinator" must be a string/);
    expect(() => parseClientChildCommand({ op: 'zk-call', id: 1, fn: 'acquire', args: [] })).toThrow(/"zk-call": "session" must be a string/);
    expect(() => parseClientChildMessage({ ev: 'zk-watch', session: '0x1', kind: 'getAcl', path: '/' }, 'your code')).toThrow(
      /"kind" must be one of exists, getData, getChildren/,
    );
  });
});
