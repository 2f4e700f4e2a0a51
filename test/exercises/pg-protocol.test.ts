/**
 * What postgres-sink adds to the sink child's protocol: `open` may name the
 * server (`url`), and the child says when a statement waits on a lock
 * (`blocked`). Both parse back to themselves; a malformed one is a
 * ProtocolError naming the field.
 */
import { describe, expect, it } from 'vitest';
import { parseSinkChildCommand, parseSinkChildMessage } from '../../src/exercises/child-protocol.js';
import { ProtocolError } from '../../src/platform/json-fields.js';

const wire = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('the sink child protocol, for PostgreSQL', () => {
  it('open with a server URL, and without one, parse back to themselves', () => {
    const withUrl = { op: 'open', id: 1, db: 'trial_3', url: 'postgres://postgres@127.0.0.1:5433/postgres' } as const;
    expect(parseSinkChildCommand(wire(withUrl))).toEqual(withUrl);
    expect(parseSinkChildCommand(wire({ op: 'open', id: 2, db: '/tmp/x.sqlite' }))).toEqual({ op: 'open', id: 2, db: '/tmp/x.sqlite' });
  });

  it('blocked names the request and the statement that waits', () => {
    const blocked = { ev: 'blocked', req: 'r1', step: { op: 'run', sql: 'UPDATE resource SET value = ? WHERE id = 1' } } as const;
    expect(parseSinkChildMessage(wire(blocked), 'your sink')).toEqual(blocked);
  });

  it('a malformed one is a ProtocolError naming the field', () => {
    expect(() => parseSinkChildCommand({ op: 'open', id: 1, db: 'trial_1', url: 5 })).toThrow(ProtocolError);
    expect(() => parseSinkChildCommand({ op: 'open', id: 1, db: 'trial_1', url: 5 })).toThrow(/url/);
    expect(() => parseSinkChildMessage({ ev: 'blocked', req: 'r1' }, 'your sink')).toThrow(/step/);
  });
});
