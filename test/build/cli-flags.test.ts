/**
 * Flags are read in one place (issue 15, "Types that catch mistakes"):
 * src/cli/global-flags.ts turns commander's loosely typed values into typed
 * objects; every command asks it (`globalFlags`, `commandFlags<ItsFlags>`),
 * so no command reads `optsWithGlobals()` or re-checks
 * `typeof flags.x === 'string'` at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const cliDir = join(root, 'src', 'cli');
const THE_PARSER = 'src/cli/global-flags.ts';

/** Reading commander's option values directly, or re-checking a flag's type at run time. */
const LOOSE_READS: readonly { rule: string; pattern: RegExp }[] = [
  { rule: 'optsWithGlobals()', pattern: /\boptsWithGlobals\s*\(/ },
  { rule: "commander's .opts()", pattern: /\.opts\s*(<[^>]*>)?\s*\(/ },
  { rule: 'typeof on a flag', pattern: /\btypeof\s+\w*(flags|opts|options|globals)\b\s*(\.|\[)/i },
];

/** `file:line: rule` for each loose read in `text`. */
function looseFlagReads(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { rule, pattern } of LOOSE_READS) if (pattern.test(line)) found.push(`${file}:${i + 1}: ${rule}`);
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

describe('CLI flags are parsed once', () => {
  it('no file of src/cli but the parser reads commander values or re-checks a flag with typeof', () => {
    const files = sourceFiles(cliDir).map((f) => relative(root, f).split('\\').join('/'));
    expect(files).toContain(THE_PARSER);
    expect(files.length).toBeGreaterThan(20);
    const found = files.filter((f) => f !== THE_PARSER).flatMap((f) => looseFlagReads(f, readFileSync(join(root, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('below the CLI (the app, its screens) the typed flags are read as they are, never re-checked with typeof', () => {
    const uiFiles = sourceFiles(join(root, 'src', 'ui')).map((f) => relative(root, f).split('\\').join('/'));
    expect(uiFiles.length).toBeGreaterThan(20);
    const found = uiFiles.flatMap((f) => looseFlagReads(f, readFileSync(join(root, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the check catches each loose read it forbids, and leaves typed reads alone', () => {
    const bad = [
      'const flags = cmd.optsWithGlobals();',
      'const o = command.opts<{ json?: boolean }>();',
      'if (action.opts().reset === true) wipe();',
      "if (typeof flags.content === 'string') use(flags.content);",
      "const answer = typeof opts['answer'] === 'string' ? opts['answer'] : undefined;",
    ];
    for (const line of bad) expect(looseFlagReads('x.ts', line), line).toHaveLength(1);
    const fine = [
      'const flags = commandFlags<ScenarioFlags>(command);',
      "return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;",
      'if (flags.answer !== undefined) use(flags.answer);',
    ];
    for (const line of fine) expect(looseFlagReads('x.ts', line), line).toEqual([]);
  });
});
