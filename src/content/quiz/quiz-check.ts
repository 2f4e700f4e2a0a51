/**
 * A small problem collector for quiz, assignment and answers files: every
 * problem gets the line of the node it concerns (or of its key, for unknown
 * keys) and a fix in words. By hand rather than zod, for rule-specific fixes.
 */
import type { Problem } from '../shared/problems.js';
import type { ParsedYaml, PathSegment } from '../shared/yaml.js';

export type Mapping = Record<string, unknown>;

export const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isMapping(v: unknown): v is Mapping {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function describeValue(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (isMapping(v)) return 'a mapping';
  if (typeof v === 'string') return `"${v.length > 30 ? `${v.slice(0, 30)}…` : v}"`;
  return String(v);
}

export class ProblemList {
  readonly problems: Problem[] = [];
  constructor(
    readonly file: string,
    private readonly parsed: ParsedYaml | null,
  ) {}

  at(path: PathSegment[], message: string, fix: string): void {
    this.problems.push({ file: this.file, line: this.parsed ? this.parsed.lineAt(path) : 0, message, fix });
  }

  atKey(path: PathSegment[], message: string, fix: string): void {
    this.problems.push({ file: this.file, line: this.parsed ? this.parsed.keyLineAt(path) : 0, message, fix });
  }

  unknownKeys(obj: Mapping, allowed: readonly string[], path: PathSegment[], where: string): void {
    for (const key of Object.keys(obj)) {
      if (!allowed.includes(key)) {
        this.atKey([...path, key], `unknown key \`${key}\` in ${where}`, `remove it; the keys allowed here are ${allowed.join(', ')}`);
      }
    }
  }

  text(obj: Mapping, key: string, path: PathSegment[], required: boolean): string | undefined {
    const v = obj[key];
    if (v === undefined) {
      if (required) this.at(path, `\`${key}\` is missing`, `add \`${key}:\` with some text`);
      return undefined;
    }
    if (typeof v !== 'string' || v.trim() === '') {
      this.at(
        [...path, key],
        `\`${key}\` must be non-empty text, not ${describeValue(v)}`,
        `write \`${key}:\` followed by text (quote it if it contains ": " or "#")`,
      );
      return undefined;
    }
    return v;
  }

  kebab(obj: Mapping, key: string, path: PathSegment[], example: string): string | undefined {
    const v = obj[key];
    if (v === undefined) {
      this.at(path, `\`${key}\` is missing`, `add \`${key}: ${example}\``);
      return undefined;
    }
    if (typeof v !== 'string' || !KEBAB.test(v)) {
      this.at(
        [...path, key],
        `\`${key}\` must be kebab-case (lower-case words joined by -), not ${describeValue(v)}`,
        `write for example \`${key}: ${example}\``,
      );
      return undefined;
    }
    return v;
  }

  oneOf<T extends string>(obj: Mapping, key: string, path: PathSegment[], options: readonly T[]): T | undefined {
    const v = obj[key];
    if (typeof v === 'string' && (options as readonly string[]).includes(v)) return v as T;
    if (v === undefined) this.at(path, `\`${key}\` is missing`, `add \`${key}:\` with one of ${options.join(', ')}`);
    else
      this.at(
        [...path, key],
        `\`${key}\` must be one of ${options.join(', ')}, not ${describeValue(v)}`,
        `write one of: ${options.map((o) => `\`${key}: ${o}\``).join(', ')}`,
      );
    return undefined;
  }

  integer(v: unknown, path: PathSegment[], name: string, min: number, max: number): number | undefined {
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v;
    this.at(path, `\`${name}\` must be an integer from ${min} to ${max}, not ${describeValue(v)}`, `write an integer from ${min} to ${max}`);
    return undefined;
  }
}
