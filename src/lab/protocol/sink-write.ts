/**
 * The body of `POST /write/<mode>` to the lab's sink, read once at the HTTP
 * boundary. Field names follow the exercises' black-box sink contract
 * (writer, value, token, requestId), so one reader serves both.
 */
import type { LabToken, SinkMode } from '../types.js';
import { Fields } from './fields.js';

export interface SinkWriteBody {
  writer: string;
  value: string;
  /** An integer, or `[epoch, revision]` (the epoch mode only); null from a lock that gives no token (Redis's random value). */
  token: LabToken | null;
  requestId?: string;
  /** Barrier names: wait at the mode's await point / let waiters go once committed. */
  hold?: string;
  release?: string;
}

export function parseSinkWrite(value: unknown, mode: SinkMode): SinkWriteBody {
  const f = Fields.of(value, `a write to the ${mode} sink`);
  const token = f.has('token') && (value as Record<string, unknown>).token === null ? null : f.token('token');
  if (Array.isArray(token) && mode !== 'epoch') f.fail('token', 'an integer (an [epoch, revision] pair goes to the epoch mode)');
  const requestId = f.optionalString('requestId');
  const hold = f.optionalString('hold');
  const release = f.optionalString('release');
  return {
    writer: f.string('writer'),
    value: f.string('value'),
    token,
    ...(requestId !== undefined ? { requestId } : {}),
    ...(hold !== undefined ? { hold } : {}),
    ...(release !== undefined ? { release } : {}),
  };
}

/** The sink's answer to `GET /state/<mode>`: tokens as stored (an epoch-mode token packed). */
export interface SinkStateBody {
  value: string | null;
  token: number | null;
  hwm: number;
}

export function parseSinkState(value: unknown, mode: SinkMode): SinkStateBody {
  const f = Fields.of(value, `the ${mode} sink's state`);
  const nullable = <T>(name: string, read: () => T): T | null => (f.has(name) && (value as Record<string, unknown>)[name] !== null ? read() : null);
  return {
    value: nullable('value', () => f.string('value')),
    token: nullable('token', () => f.integer('token', 0)),
    hwm: f.has('hwm') ? f.integer('hwm', 0) : 0,
  };
}

/** The sink's answer to `GET /barrier/<name>`: how many writes wait there. */
export function parseBarrierCount(value: unknown, barrier: string): number {
  return Fields.of(value, `the sink's barrier ${barrier}`).integer('parked', 0);
}
