/**
 * Reading one JSON message at a process boundary. Every field is checked
 * once, here, so code past the boundary works with typed values and a
 * malformed message fails with a sentence naming the message and the field
 * (never `Number(undefined)` turning into NaN three calls later). Shared by
 * the lab's protocol (src/lab/protocol/) and the exercises' children
 * (src/exercises/child-protocol.ts), which may not import the lab.
 */

export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

/** A JSON object whose fields are read one by one, each with the rule it must meet. */
export class JsonFields {
  constructor(
    protected readonly record: Record<string, unknown>,
    /** What the message is, for errors: `the worker's "acquire"`. */
    private readonly what: string,
  ) {}

  /** The object's fields, or a ProtocolError when `value` is not a JSON object. */
  static record(value: unknown, what: string): Record<string, unknown> {
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ProtocolError(`${what} is not a JSON object`);
    return value as Record<string, unknown>;
  }

  static of(value: unknown, what: string): JsonFields {
    return new JsonFields(JsonFields.record(value, what), what);
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

  /** Any JSON value, present or not (a learner's return value): passed on as it came. */
  value(name: string): unknown {
    return this.record[name];
  }

  array(name: string): unknown[] {
    const v = this.record[name];
    return Array.isArray(v) ? v : this.fail(name, 'a list');
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
}

/** Parses one line of JSON; a line that is not JSON is a ProtocolError naming the sender. */
export function parseJsonLine(line: string, from: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new ProtocolError(`${from} sent a line that is not JSON: ${JSON.stringify(line.slice(0, 80))}`);
  }
}

/** Omit over each member of a union (TypeScript's Omit flattens the union first): a command without the `id` the channel adds. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
