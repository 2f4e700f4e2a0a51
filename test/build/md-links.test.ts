/**
 * Every relative link in the project's own Markdown (README, CONTRIBUTING,
 * docs/, the FORMAT.md pages, lessons, exercises' READMEs, test/README)
 * points to a file that exists, and a `#heading` to a heading that file has
 * (GitHub's anchors). A moved or renamed page otherwise breaks silently.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git', '.tmp', 'fixtures']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : markdownFiles(join(dir, e.name));
    return e.name.endsWith('.md') ? [join(dir, e.name)] : [];
  });
}

/** Per line: inside a fenced block (its fence lines included)? A fence closes only with its own kind, at least as long (```` holds ```). */
function fencedLines(text: string): boolean[] {
  let open: string | undefined;
  return text.split('\n').map((line) => {
    const mark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (mark === undefined) return open !== undefined;
    if (open === undefined) open = mark;
    else if (mark[0] === open[0] && mark.length >= open.length && line.trim() === mark) open = undefined;
    return true;
  });
}

/** The text outside fenced code blocks and inline code, line by line (numbers kept). */
function proseLines(text: string): string[] {
  const fenced = fencedLines(text);
  return text.split('\n').map((line, i) => (fenced[i] ? '' : line.replace(/`[^`]*`/g, '')));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const fenced = fencedLines(text);
  for (const [i, line] of text.split('\n').entries()) {
    const m = fenced[i] ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = (m[1] ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Each broken relative link of one file, as `file:line: target (why)`. */
function brokenLinks(file: string, text: string): string[] {
  const problems: string[] = [];
  const name = relative(root, file).split('\\').join('/');
  proseLines(text).forEach((line, i) => {
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [path = '', anchor] = target.split('#');
      const resolved = path === '' ? file : join(dirname(file), decodeURIComponent(path));
      const where = `${name}:${i + 1}: ${target}`;
      if (!existsSync(resolved)) {
        problems.push(`${where} (no such file)`);
        continue;
      }
      if (anchor === undefined || anchor === '' || statSync(resolved).isDirectory() || !resolved.endsWith('.md')) continue;
      const headings = headingAnchors(path === '' ? text : readFileSync(resolved, 'utf8'));
      if (!headings.has(anchor.toLowerCase())) problems.push(`${where} (no such heading)`);
    }
  });
  return problems;
}

describe('relative links in Markdown', () => {
  it('every relative link names a file, and a heading, that exist', () => {
    const files = markdownFiles(root);
    expect(files.map((f) => relative(root, f).split('\\').join('/'))).toContain('docs/limits.md');
    expect(files.flatMap((f) => brokenLinks(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('names a missing file, a missing heading and its line; skips code and web links', () => {
    const file = join(root, 'README.md');
    const text = [
      '# Top',
      '[ok](docs/limits.md) [web](https://example.com/x.md) `[code](nowhere.md)`',
      '[gone](docs/nowhere.md)',
      '[here](#top) [not here](#bottom) [there](CONTRIBUTING.md#no-such-heading)',
      '````markdown',
      '```scenario',
      '[fenced](nowhere.md)',
      '```',
      '[still fenced](nowhere.md)',
      '````',
      '[after](docs/gone.md)',
    ].join('\n');
    expect(brokenLinks(file, text)).toEqual([
      'README.md:3: docs/nowhere.md (no such file)',
      'README.md:4: #bottom (no such heading)',
      'README.md:4: CONTRIBUTING.md#no-such-heading (no such heading)',
      'README.md:11: docs/gone.md (no such file)',
    ]);
  });

  it("makes GitHub's anchors", () => {
    expect([...headingAnchors('## Writing your own lessons, quizzes and scenarios\n## A `b` c\n## A `b` c\n')]).toEqual([
      'writing-your-own-lessons-quizzes-and-scenarios',
      'a-b-c',
      'a-b-c-1',
    ]);
  });
});
