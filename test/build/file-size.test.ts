/**
 * Small files with one reason to change: no source file over 400 lines.
 * The engine alone may stay whole (its header says why).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_SOURCE_LINES = 400;
const ALLOWED = new Set(['src/core/engine.ts']);
const root = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|cts)$/.test(e.name) ? [path] : [];
  });
}

function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

/** Every file of `dir` over the limit, as `path: N lines`. */
function oversized(dir: string, limit = MAX_SOURCE_LINES): string[] {
  return sourceFiles(dir)
    .map((file) => ({ file: relative(root, file).split('\\').join('/'), lines: lineCount(readFileSync(file, 'utf8')) }))
    .filter((f) => f.lines > limit && !ALLOWED.has(f.file))
    .map((f) => `${f.file}: ${f.lines} lines (split it: at most ${limit})`);
}

describe('source file size', () => {
  it(`no file in src/ is over ${MAX_SOURCE_LINES} lines, except the engine`, () => {
    expect(oversized(join(root, 'src'))).toEqual([]);
  });

  it('names a file over the limit', () => {
    // The same check with a lower limit catches today's biggest files, so the check itself can fail.
    const found = oversized(join(root, 'src'), 300);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatch(/^src\/.+\.tsx?: \d+ lines \(split it: at most 300\)$/);
  });
});
