/**
 * One way into a pseudo-terminal (issue 15, "the e2e tmux set-up"): a test
 * starts tmux only through tutorTerminal (test/helpers/tutor-terminal.ts),
 * which checks for tmux and the build, gives the file its own data
 * directory and kills every session after each test. This scan over test/
 * fails when a file outside test/helpers runs tmux itself or starts a
 * session with startTmux, skipping that set-up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const self = 'test/build/tmux-helper.test.ts';

/** Runs the tmux binary (a child_process call or a shell line starting with it), or starts a session around the helper. */
const DIRECT = [
  { what: 'runs tmux', pattern: /(['"`])tmux(?:\1|\s)/ },
  { what: 'calls startTmux', pattern: /\bstartTmux\s*\(/ },
];

function directTmuxUses(path: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(\*|\/\/|\/\*)/.test(line)) return; // a comment may name tmux
    for (const { what, pattern } of DIRECT)
      if (pattern.test(line)) found.push(`${path}:${i + 1}: ${what}; start it through tutorTerminal (test/helpers/tutor-terminal.ts)`);
  });
  return found;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'helpers' && dir === join(root, 'test') ? [] : testFiles(path);
    return /\.(ts|tsx|mjs|js)$/.test(d.name) ? [path] : [];
  });
}

describe('tmux through the shared helper only', () => {
  it('no test file outside test/helpers runs tmux or calls startTmux', () => {
    const files = testFiles(join(root, 'test'))
      .map((p) => relative(root, p))
      .filter((p) => p !== self);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((p) => directTmuxUses(p, readFileSync(join(root, p), 'utf8')))).toEqual([]);
  });

  it('the scan sees each way of doing it, and lets comments and the helper be', () => {
    expect(directTmuxUses('a.test.ts', "const s = execFileSync('tmux', ['capture-pane', '-p']);")).toEqual([
      'a.test.ts:1: runs tmux; start it through tutorTerminal (test/helpers/tutor-terminal.ts)',
    ]);
    expect(directTmuxUses('b.test.ts', 'x\nspawnSync("sh", ["-c", "tmux kill-server"]);')).toHaveLength(1);
    expect(directTmuxUses('c.test.ts', 'const t = await startTmux({ cols: 80, rows: 24, command: "x" });')[0]).toContain('c.test.ts:1: calls startTmux');
    expect(directTmuxUses('d.test.ts', " * in a real terminal (tmux)\n// tmux sessions\nconst tt = tutorTerminal('x');\nit('in tmux, a pane', f);")).toEqual(
      [],
    );
  });
});
