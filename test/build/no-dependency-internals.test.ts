/**
 * No file in src/ reaches into a dependency's internals at run time (issue
 * 32): Ink's internal event emitter was replaced once to replay keys, and
 * broke tests twice under load. Public APIs only: `internal_` fields, a
 * stream's or emitter's `_events`, and deep imports into a package's build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : /\.(ts|tsx|mjs|cjs|js)$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

const INTERNALS: { what: string; pattern: RegExp }[] = [
  { what: "a field a library marks internal (Ink's internal_eventEmitter, internal_exitOnCtrlC)", pattern: /\binternal_\w+/ },
  { what: "an emitter's private listener table", pattern: /\b_events\b|\b_eventsCount\b/ },
  { what: "a deep import into a package's build", pattern: /from '(ink|react|zustand|commander|yaml|marked|zod)\/(build|dist|lib)\//u },
];

/** Each line of src/ that matches a pattern, outside comments, as `file:line: text`. */
function internalsIn(files: { name: string; text: string }[], pattern: RegExp): string[] {
  return files.flatMap(({ name, text }) =>
    text
      .split('\n')
      .map((line, i) => ({ line, at: `${name}:${i + 1}` }))
      .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line) && pattern.test(line))
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );
}

describe('no dependency internals in src/', () => {
  const files = sources(join(root, 'src')).map((f) => ({ name: relative(root, f), text: readFileSync(f, 'utf8') }));
  it.each(INTERNALS)('$what', ({ pattern }) => {
    expect(internalsIn(files, pattern)).toEqual([]);
  });

  it("finds Ink's internal emitter as the replaced key replay used it", () => {
    const old = { name: 'src/ui/x.ts', text: 'const { internal_eventEmitter: emitter } = useStdin();' };
    expect(internalsIn([old], INTERNALS[0]!.pattern)).toEqual(['src/ui/x.ts:1: const { internal_eventEmitter: emitter } = useStdin();']);
  });
});
