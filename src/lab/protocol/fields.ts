/**
 * The lab's side of reading a message: the generic field reader
 * (src/platform/json-fields.ts) plus the lab's token, worker names and the
 * helper types its protocol modules share.
 */
import { JsonFields } from '../../platform/json-fields.js';
import type { LabToken } from '../types.js';

export { ProtocolError, parseJsonLine } from '../../platform/json-fields.js';

/** The lab's messages: the generic fields plus its token (an integer or `[epoch, revision]`). */
export class Fields extends JsonFields {
  static override of(value: unknown, what: string): Fields {
    return new Fields(JsonFields.record(value, what), what);
  }

  token(name: string): LabToken {
    return parseToken(this.record[name]) ?? this.fail(name, 'a token: an integer ≥ 0 or [epoch, revision]');
  }
}

/** A lab token on the wire: a whole number, or an `[epoch, revision]` pair of whole numbers; else undefined. */
export function parseToken(value: unknown): LabToken | undefined {
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (whole(value)) return value;
  if (Array.isArray(value) && value.length === 2 && whole(value[0]) && whole(value[1])) return [value[0], value[1]];
  return undefined;
}

/**
 * A worker's name: a letter, then up to 15 letters, digits, `-` or `_`.
 * Not limited to A and B: an experiment may start as many workers as it needs.
 */
export const WORKER_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,15}$/;

export type { DistributiveOmit } from '../../platform/json-fields.js';
