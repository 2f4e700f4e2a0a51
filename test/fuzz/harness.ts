/**
 * Fuzzing content loaders with fast-check. A loader takes a file's text and
 * either returns a value or throws ContentError whose problems each name the
 * file, a line and a fix. Anything else (a TypeError, a RangeError, a
 * non-ContentError throw, a problem without a fix) is a bug: the CLI would
 * print a stack trace instead of "file:line: message. Fix: ...".
 *
 * Inputs come from three sources: arbitrary text, valid seed files mutated
 * line by line and character by character, and valid seed documents whose
 * parsed values are replaced by random JSON values (which reaches the schema
 * checks, not only the YAML parser).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { parse, stringify } from 'yaml';
import { MAX_ENTRIES, MAX_NESTING_DEPTH, MAX_STRING_LENGTH } from '../../src/content/shared/input-limits.js';
import { ContentError, formatProblem } from '../../src/content/shared/problems.js';
import { isNeutral } from '../../src/core/neutralise.js';
import { MAX_ALIAS_COUNT, MAX_CONTENT_BYTES } from '../../src/content/shared/yaml.js';

export type Loader = (text: string, file: string) => unknown;

export const FILE = 'fuzz/input.yaml';

/** Runs the loader; returns 'ok' or 'refused'; fails the test on anything else. */
export function outcome(load: Loader, text: string): 'ok' | 'refused' {
  try {
    load(text, FILE);
    return 'ok';
  } catch (err) {
    if (!(err instanceof ContentError)) {
      throw new Error(
        `the loader crashed instead of refusing the input: ${(err as Error)?.stack ?? String(err)}\ninput: ${JSON.stringify(text).slice(0, 400)}`,
      );
    }
    expect(err.problems.length).toBeGreaterThan(0);
    for (const p of err.problems) {
      expect(typeof p.file).toBe('string');
      expect(Number.isInteger(p.line) && p.line >= 0).toBe(true);
      expect(p.message.length).toBeGreaterThan(0);
      expect(p.fix.length).toBeGreaterThan(0);
      // What the CLI prints for it: nothing a terminal would act on or hide.
      expect(isNeutral(formatProblem(p)), formatProblem(p)).toBe(true);
    }
    return 'refused';
  }
}

// Text that looks a little like YAML, so the parser gets past its first line.
const yamlish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ':',
        '- ',
        '  ',
        '\n',
        '{',
        '}',
        '[',
        ']',
        ',',
        '"',
        "'",
        '&a ',
        '*a',
        '!!',
        '#',
        '---',
        '|',
        '>',
        '? ',
        '~',
        'null',
        'true',
        '0x1F',
        '1e309',
        '\t',
        '\u001b[2J',
        '\u0000',
      ),
      fc.string({ maxLength: 8 }),
      fc.constantFrom('id', 'title', 'steps', 'config', 'kind', 'at', 'actor', 'do', 'value', 'answers', 'questions', 'options', 'answer'),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

export const arbitraryText = fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), yamlish);

/** Mutations of a valid file: lines dropped, duplicated, swapped; characters changed. */
export function mutated(seed: string): fc.Arbitrary<string> {
  const lines = seed.split('\n');
  const lineEdit = fc.record({
    kind: fc.constantFrom('drop', 'dup', 'swap', 'indent', 'dedent', 'replace', 'insert'),
    at: fc.nat({ max: Math.max(0, lines.length - 1) }),
    other: fc.nat({ max: Math.max(0, lines.length - 1) }),
    text: fc.oneof(fc.string({ maxLength: 20 }), yamlish),
  });
  const charEdit = fc.record({ at: fc.nat({ max: Math.max(0, seed.length - 1) }), text: fc.string({ maxLength: 4 }), len: fc.nat({ max: 3 }) });
  return fc.tuple(fc.array(lineEdit, { minLength: 1, maxLength: 4 }), fc.array(charEdit, { maxLength: 3 })).map(([edits, chars]) => {
    const ls = [...lines];
    for (const e of edits) {
      const at = Math.min(e.at, ls.length - 1);
      if (at < 0) break;
      switch (e.kind) {
        case 'drop':
          ls.splice(at, 1);
          break;
        case 'dup':
          ls.splice(at, 0, ls[at]!);
          break;
        case 'swap': {
          const o = Math.min(e.other, ls.length - 1);
          [ls[at], ls[o]] = [ls[o]!, ls[at]!];
          break;
        }
        case 'indent':
          ls[at] = `  ${ls[at]}`;
          break;
        case 'dedent':
          ls[at] = ls[at]!.replace(/^\s+/, '');
          break;
        case 'replace':
          ls[at] = e.text;
          break;
        case 'insert':
          ls.splice(at, 0, e.text);
          break;
      }
    }
    let text = ls.join('\n');
    for (const c of chars) {
      const at = Math.min(c.at, text.length);
      text = text.slice(0, at) + c.text + text.slice(at + c.len);
    }
    return text;
  });
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Paths to every node of a JSON value. */
function paths(v: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) out.push(...paths(x, [...prefix, i]));
  } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...prefix, k]));
  return out;
}

function setAt(v: Json, path: (string | number)[], value: Json | undefined): Json {
  if (path.length === 0) return value ?? null;
  const copy = structuredClone(v) as Record<string | number, Json>;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, Json>;
  const last = path.at(-1)!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
  return copy as Json;
}

/** Hostile fragments: deep nesting, many entries, long strings, hidden characters. */
const hostile = fc.oneof(
  fc.integer({ min: MAX_NESTING_DEPTH, max: 20000 }).map((n) => '['.repeat(n)),
  fc.integer({ min: MAX_NESTING_DEPTH, max: 5000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.integer({ min: MAX_NESTING_DEPTH, max: 300 }).map((n) => `\n${Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k:`).join('\n')}`),
  fc.integer({ min: 10, max: 3000 }).map((n) => `${'- '.repeat(n)}x`),
  fc.integer({ min: 10, max: 20000 }).map((n) => `${'> '.repeat(n)}q`),
  fc.constant(
    `[${Array(MAX_ENTRIES + 2)
      .fill('1')
      .join(',')}]`,
  ),
  fc.constant(`"${'x'.repeat(MAX_STRING_LENGTH + 1)}"`),
  fc.constantFrom('\u202e', '\u2066', '\u200b', '\u0085', '\u0007', '\u001b]0;x\u0007', '\ufeff', '\u{e0041}', '\u0000'),
);

/** A valid file with hostile fragments inserted at random places. */
export function withHostile(seed: string): fc.Arbitrary<string> {
  return fc.array(fc.tuple(fc.nat({ max: seed.length }), hostile), { minLength: 1, maxLength: 2 }).map((edits) => {
    let text = seed;
    for (const [at, frag] of edits) {
      const i = Math.min(at, text.length);
      text = text.slice(0, i) + frag + text.slice(i);
    }
    return text;
  });
}

const oddValues: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
  fc.constantFrom<Json>(null, '', 'null', -1, 0, 1.5, 2 ** 53 + 2, 1e308, [], {}, '\u001b]0;owned\u0007', 'x'.repeat(300)),
);

/** A valid document with some of its values replaced, deleted or renamed, written as YAML or JSON. */
export function structurallyMutated(doc: unknown): fc.Arbitrary<string> {
  const json = doc as Json;
  const all = paths(json);
  return fc
    .tuple(
      fc.array(fc.record({ path: fc.constantFrom(...all), value: fc.option(oddValues, { nil: undefined }) }), { minLength: 1, maxLength: 3 }),
      fc.boolean(),
    )
    .map(([edits, asJson]) => {
      let v = json;
      for (const e of edits) {
        try {
          v = setAt(v, e.path, e.value);
        } catch {
          // The path vanished under an earlier edit: skip this one.
        }
      }
      return asJson ? JSON.stringify(v) : stringify(v);
    });
}

/** A billion-laughs document: each level doubles (or more) the one before. */
export function aliasBomb(levels = 12, fanout = 9): string {
  const lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i <= levels; i++) {
    lines.push(`a${i}: &a${i} [${Array.from({ length: fanout }, () => `*a${i - 1}`).join(', ')}]`);
  }
  return `${lines.join('\n')}\n`;
}

/** A document over the size cap that is otherwise harmless. */
export function hugeDocument(valid: string): string {
  const pad = `# ${'x'.repeat(1000)}\n`;
  return valid + pad.repeat(Math.ceil((MAX_CONTENT_BYTES + 1) / pad.length));
}

export { MAX_ALIAS_COUNT, MAX_CONTENT_BYTES };

export const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

export interface LoaderFuzz {
  /** What is fuzzed, for test names. */
  name: string;
  load: Loader;
  /** Valid files of this kind (shipped ones, or fixtures). */
  seeds: string[];
  /** Parses a seed to a plain document for structural mutation (YAML by default). */
  toDocument?: (text: string) => unknown;
  /** The loader refuses a document over the size cap (false for loaders that do not read YAML). */
  sizeCapped?: boolean;
  /** Extra checks on a value the loader accepted. */
  check?: (value: unknown) => void;
  /** Runs per property (default RUNS); fewer for large seed documents. */
  runs?: number;
}

/** The standard battery for one loader. Call inside a describe(). */
export function fuzzLoader(spec: LoaderFuzz, it: (name: string, fn: () => void, timeout?: number) => void): void {
  const { load, seeds } = spec;
  const numRuns = spec.runs ?? RUNS;
  const run = (text: string): 'ok' | 'refused' => {
    const result = outcome(load, text);
    if (result === 'ok' && spec.check) spec.check(load(text, FILE));
    return result;
  };

  it(`accepts every valid seed ${spec.name}`, () => {
    expect(seeds.length).toBeGreaterThan(0);
    for (const seed of seeds) {
      try {
        load(seed, FILE);
      } catch (err) {
        expect.fail(`a valid seed was refused: ${(err as Error).message}\n${seed.slice(0, 200)}`);
      }
    }
  });

  it(`gives a value or a ContentError for arbitrary text (${spec.name})`, () => {
    fc.assert(
      fc.property(arbitraryText, (text) => void run(text)),
      { numRuns },
    );
  }, 60_000);

  it(`gives a value or a ContentError for mutated valid files (${spec.name})`, () => {
    const arb = fc.oneof(...seeds.map((s) => mutated(s)));
    fc.assert(
      fc.property(arb, (text) => void run(text)),
      { numRuns },
    );
  }, 60_000);

  it(`gives a value or a ContentError when values change type or vanish (${spec.name})`, () => {
    const toDoc = spec.toDocument ?? ((t: string) => parseDocumentPlain(t));
    const arb = fc.oneof(...seeds.map((s) => structurallyMutated(toDoc(s))));
    fc.assert(
      fc.property(arb, (text) => void run(text)),
      { numRuns },
    );
  }, 60_000);

  it(`gives a value or a ContentError for valid files with deep, long or hidden parts (${spec.name})`, () => {
    const arb = fc.oneof(...seeds.map((s) => withHostile(s)));
    fc.assert(
      fc.property(arb, (text) => void run(text)),
      { numRuns: Math.ceil(numRuns / 3) },
    );
  }, 60_000);

  if (spec.sizeCapped !== false) {
    it(`refuses nesting deeper than ${MAX_NESTING_DEPTH} and more than ${MAX_ENTRIES} entries (${spec.name})`, () => {
      expect(outcome(load, `a: ${'['.repeat(100000)}`)).toBe('refused');
      expect(outcome(load, `${'{"a":'.repeat(100000)}1${'}'.repeat(100000)}`)).toBe('refused');
      expect(
        outcome(
          load,
          `[${Array(MAX_ENTRIES + 2)
            .fill('1')
            .join(',')}]`,
        ),
      ).toBe('refused');
    });

    it(`refuses a YAML alias bomb (${spec.name})`, () => {
      expect(outcome(load, aliasBomb())).toBe('refused');
    });

    it(`refuses a file over ${MAX_CONTENT_BYTES / 1024} KiB (${spec.name})`, () => {
      expect(outcome(load, hugeDocument(seeds[0]!))).toBe('refused');
    });
  }
}

function parseDocumentPlain(text: string): unknown {
  return parse(text);
}
