/**
 * The process and pty tiers wait for events, never race a clock (issue 31):
 * this scan over every `*.proc.test.ts(x)` and `*.pty.test.ts(x)` fails when
 * a file has no overall time bound, or asserts that something took less than
 * some wall time. A busy machine makes everything slower: such a test fails
 * because of the load, not the code, and teaches everyone to rerun until
 * green. A lower bound the subject needs (an observed expiry no shorter than
 * the TTL) is fine; speed is measured in `npm run bench` only.
 *
 * The overall bound is stated once per file: `vi.setConfig({ testTimeout })`,
 * or a `timeout` in the options of every top-level describe.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const SLOW_TIER = /\.(proc|pty)\.test\.tsx?$/;

/** Something that reads a clock or holds an elapsed time. */
const CLOCKISH = /\b(Date\.now|performance\.now|process\.hrtime)\b|\b(elapsed\w*|duration\w*|took\w*|wall\w*|\w+Ms)\b/;

function codeLines(text: string): { line: string; n: number }[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line));
}

/** Each line that asserts an upper bound on wall time: `expect(<a time>).toBeLessThan(...)`, or a clock difference compared with `<`. */
function wallTimeUpperBounds(path: string, text: string): string[] {
  const found: string[] = [];
  for (const { line, n } of codeLines(text)) {
    const expectation = /expect\((.*)\)\s*\.(?:not\.)?toBeLessThan(?:OrEqual)?\(/.exec(line);
    const lessThanAClock = /\b(Date\.now|performance\.now)\(\)\s*-\s*[\w.]+\)?\s*<=?[^=]/.test(line);
    if ((expectation && CLOCKISH.test(expectation[1]!)) || lessThanAClock) {
      found.push(`${path}:${n}: an upper bound on elapsed wall time; wait for the event instead (one overall bound per file), or measure it in npm run bench`);
    }
  }
  return found;
}

/** The file's overall bound: vi.setConfig({ testTimeout }) at the top, or a timeout on every top-level describe. */
function lacksOverallBound(path: string, text: string): string[] {
  const lines = codeLines(text);
  if (lines.some(({ line }) => /^vi\.setConfig\(\{[^}]*\btestTimeout:/.test(line))) return [];
  const topLevel = lines.filter(({ line }) => /^(describe|it|test)\b/.test(line));
  const unbounded = topLevel.filter(({ line }) => !/^describe\b.*\{[^}]*\btimeout:\s*[\d_]+/.test(line));
  if (topLevel.length > 0 && unbounded.length === 0) return [];
  const where = unbounded[0]?.n ?? 1;
  return [`${path}:${where}: no overall time bound; add vi.setConfig({ testTimeout: ... }) at the top, or { timeout } on each top-level describe`];
}

function slowTierFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return slowTierFiles(path);
    return SLOW_TIER.test(d.name) ? [path] : [];
  });
}

describe('the process and pty tiers wait for events under one overall bound', () => {
  const files = slowTierFiles(join(root, 'test')).map((p) => relative(root, p));

  it('every such file has an overall bound', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.flatMap((p) => lacksOverallBound(p, readFileSync(join(root, p), 'utf8')))).toEqual([]);
  });

  it('no such file asserts an upper bound on elapsed wall time', () => {
    expect(files.flatMap((p) => wallTimeUpperBounds(p, readFileSync(join(root, p), 'utf8')))).toEqual([]);
  });

  it('the bound scan accepts setConfig or a timeout on every top-level describe, and nothing less', () => {
    expect(lacksOverallBound('a.proc.test.ts', "import x;\nvi.setConfig({ testTimeout: 120_000 });\ndescribe('d', () => {});")).toEqual([]);
    expect(
      lacksOverallBound(
        'b.proc.test.ts',
        "describe('d', { timeout: 60_000 }, () => {});\ndescribe.runIf(ok)('e', { concurrent: true, timeout: 90_000 }, () => {});",
      ),
    ).toEqual([]);
    expect(lacksOverallBound('c.proc.test.ts', "describe('d', { timeout: 60_000 }, () => {});\ndescribe('e', () => {\n  it('x', f, 60_000);\n});")).toEqual([
      'c.proc.test.ts:2: no overall time bound; add vi.setConfig({ testTimeout: ... }) at the top, or { timeout } on each top-level describe',
    ]);
    expect(lacksOverallBound('d.proc.test.ts', "it('x', async () => {});")).toHaveLength(1);
    expect(lacksOverallBound('e.proc.test.ts', "// vi.setConfig({ testTimeout: 1 })\ndescribe('d', () => {});")).toHaveLength(1);
  });

  it('the wall-time scan sees each way of asserting one, and lets lower bounds, sizes and comments be', () => {
    const upper = [
      'expect(elapsed).toBeLessThan(1000);',
      'expect(Date.now() - started).toBeLessThan(5000);',
      'expect(exited.durationMs).toBeLessThan(5000);',
      'expect(performance.now() - t0).toBeLessThanOrEqual(200);',
      'if (performance.now() - t0 < 50) throw new Error("too slow");',
      'while (running() && Date.now() - sent < 10_000) await sleep(10);',
    ];
    for (const line of upper) expect(wallTimeUpperBounds('f.pty.test.ts', line), line).toHaveLength(1);
    const fine = [
      'expect(elapsed).toBeGreaterThanOrEqual(ttlMs);',
      'expect(statSync(tarball).size).toBeLessThan(1_000_000);',
      'for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);',
      'expect(f.leaseTtlBeforeS).toBeLessThanOrEqual(f.grantedTtlS);',
      '// expect(elapsed).toBeLessThan(1000);',
      ' * Date.now() - start < 5 s was the old check',
    ];
    for (const line of fine) expect(wallTimeUpperBounds('g.pty.test.ts', line), line).toEqual([]);
  });
});
