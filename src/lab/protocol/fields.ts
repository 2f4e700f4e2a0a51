/**
 * Reading one JSON message at a process boundary. Every field is checked
 * once, here, so code past the boundary works with typed values and a
 * malformed message fails with a sentence naming the message and the field
 * (never `Number(undefined)` turning into NaN three calls later).
 */
import type { LabToken } from '../types.js';

export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

/** A JSON object whose fields are read one by one, each with the rule it must meet. */
export class Fields {
  constructor(
    private readonly record: Record<string, unknown>,
    /** What the message is, for errors: `the worker's "acquire"`. */
    private readonly what: string,
  ) {}

  static of(value: unknown, what: string): Fields {
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ProtocolError(`${what} is not a JSON object`);
    return new Fields(value as Record<string, unknown>, what);
  }

  has(name: string): boolean {
    return this.record[name] !== undefined;
  }

  fail(name: string, rule: string): never {
    const got = this.record[name];
    const shown = got === undefined ? 'nothing' : JSON.stringify(got).slice(0, 60);
    throw new ProtocolError(`${this.what}: "${name}" must be ${rule} (got ${shown})`);
  }

  string(name: string): string {
    const v = this.record[name];
    return typeof v === 'string' ? v : this.fail(name, 'a string');
  }

  optionalString(name: string): string | undefined {
    return this.has(name) ? this.string(name) : undefined;
  }

  /** A finite number (times in milliseconds may carry fractions). */
  number(name: string): number {
    const v = this.record[name];
    return typeof v === 'number' && Number.isFinite(v) ? v : this.fail(name, 'a finite number');
  }

  integer(name: string, min = Number.MIN_SAFE_INTEGER): number {
    const v = this.record[name];
    return Number.isSafeInteger(v) && (v as number) >= min ? (v as number) : this.fail(name, `an integer ≥ ${min}`);
  }

  optionalInteger(name: string, min?: number): number | undefined {
    return this.has(name) ? this.integer(name, min) : undefined;
  }

  boolean(name: string): boolean {
    const v = this.record[name];
    return typeof v === 'boolean' ? v : this.fail(name, 'true or false');
  }

  oneOf<T extends string>(name: string, choices: readonly T[]): T {
    const v = this.record[name];
    return choices.find((c) => c === v) ?? this.fail(name, `one of ${choices.join(', ')}`);
  }

  strings(name: string): string[] {
    const v = this.record[name];
    return Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : this.fail(name, 'a list of strings');
  }

  object(name: string): Record<string, unknown> {
    const v = this.record[name];
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : this.fail(name, 'a JSON object');
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

/** Parses one line of JSON; a line that is not JSON is a ProtocolError naming the sender. */
export function parseJsonLine(line: string, from: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new ProtocolError(`${from} sent a line that is not JSON: ${JSON.stringify(line.slice(0, 80))}`);
  }
}

/**
 * A worker's name: a letter, then up to 15 letters, digits, `-` or `_`.
 * Not limited to A and B: an experiment may start as many workers as it needs.
 */
export const WORKER_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,15}$/;

/** Omit over each member of a union (TypeScript's Omit flattens the union first). */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * A protocol not typed here yet (the exercises' sink child, src/exercises/child):
 * any JSON object with a string `ev`, its other fields left to its reader.
 */
export type LooseMessage = { ev: string } & Record<string, unknown>;
export type LooseCommand = { op: string } & Record<string, unknown>;

export function parseLooseMessage(value: unknown, role: string): LooseMessage {
  const f = Fields.of(value, `a message from ${role}`);
  f.string('ev');
  return value as LooseMessage;
}
