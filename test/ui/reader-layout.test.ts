import { describe, expect, it } from 'vitest';
import { loadShippedCurriculum } from '../../src/content/lesson/lesson-loader.js';
import { isUrlWord } from '../../src/render/lesson-wrap.js';
import { parseLessonOrThrow } from '../../src/content/lesson/lesson-parse.js';
import { layoutLesson } from '../../src/ui/reader/lesson-layout.js';
import { lexLesson } from '../../src/render/lesson-lex.js';
import { highlight, lineText, type StyledLine, wrapSpans } from '../../src/ui/reader/styled-text.js';

const LESSON = `---
id: sample
title: A sample
goals:
  - Read *styled* text
prerequisites: []
minutes: 3
---

# Big heading

Some **strong**, *emphasis*, \`code\` and a [lease](glossary:lease) link, then [next](lesson:token-contract).

1. first
2. second

| System | Token | Checked by |
|---|---|---|
| etcd | create revision of the lock key, a long description that must wrap | the storage |
| ZooKeeper | zxid | the server |

\`\`\`
const x = 1;
\`\`\`

> quoted words

Danger \u001b[31mred\u001b[0m and \u0007bell.
`;

const glossary = loadShippedCurriculum().glossary;

function layout(width: number) {
  const lesson = parseLessonOrThrow(LESSON, 'sample.md', 1);
  return layoutLesson(lesson, { width, ascii: false, glossary, lessonNumber: (id) => (id === 'token-contract' ? 2 : undefined) }, lexLesson(lesson));
}

function allLines(width: number): StyledLine[] {
  return layout(width).flatMap((p) => (p.kind === 'text' ? p.lines : p.head));
}

describe('reader layout', () => {
  it('styles headings, emphasis, code and glossary links with Ink Text styles', () => {
    const lines = allLines(80);
    const spans = lines.flat();
    expect(spans).toContainEqual(expect.objectContaining({ text: 'Big heading', bold: true, role: 'accent' }));
    expect(spans).toContainEqual(expect.objectContaining({ text: 'strong', bold: true }));
    expect(spans).toContainEqual(expect.objectContaining({ text: 'emphasis', italic: true }));
    expect(spans).toContainEqual(expect.objectContaining({ text: 'code', role: 'accent' }));
    expect(spans).toContainEqual(expect.objectContaining({ text: 'lease', underline: true }));
    const text = lines.map(lineText);
    expect(text).toContain('1. first');
    expect(text.some((l) => l.includes('next (lesson 2)'))).toBe(true);
    expect(text.some((l) => l.startsWith('│ quoted words'))).toBe(true);
    expect(text).toContain('  const x = 1;');
    // The glossary term is defined at the end of the lesson.
    expect(text).toContain('Terms used in this lesson');
  });

  it('fits every line, tables included, to the width', () => {
    for (const width of [100, 60, 40, 24]) {
      const lines = allLines(width).map(lineText);
      for (const l of lines) expect([...l].length, `${width}: ${l}`).toBeLessThanOrEqual(width);
      expect(lines.some((l) => /etcd/.test(l))).toBe(true);
    }
    // At 60 columns the table keeps its frame, with wrapped cells.
    const table = allLines(60)
      .map(lineText)
      .filter((l) => /^[┌│├└]/.test(l));
    expect(table[0]?.startsWith('┌')).toBe(true);
    expect(table.length).toBeGreaterThan(6);
  });

  it('strips control characters and escape sequences from content', () => {
    const text = allLines(80).map(lineText).join('\n');
    expect(text).toContain('Danger');
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });

  it('wraps styled text at spaces and marks search hits', () => {
    const lines = wrapSpans([{ text: 'one two ' }, { text: 'three four', bold: true }], 9);
    expect(lines.map(lineText)).toEqual(['one two', 'three', 'four']);
    expect(lines[1]).toEqual([{ text: 'three', bold: true }]);
    const marked = highlight([{ text: 'Fencing tokens' }], 'TOKEN');
    expect(marked).toEqual([{ text: 'Fencing ' }, { text: 'token', inverse: true }, { text: 's' }]);
  });

  it('every shipped lesson lays out at 80 columns within the width (a URL row aside: it is never cut, test/ui/reader-urls.test.ts)', () => {
    const c = loadShippedCurriculum();
    for (const lesson of c.lessons) {
      const parts = layoutLesson(lesson, { width: 80, ascii: true, glossary: c.glossary, lessonNumber: () => 1 }, lexLesson(lesson));
      for (const p of parts) {
        for (const l of p.kind === 'text' ? p.lines : p.head) {
          const text = lineText(l);
          if (!isUrlWord(text.trim().split(/\s+/).pop() ?? '')) expect([...text].length).toBeLessThanOrEqual(80);
        }
      }
      expect(parts.some((p) => p.kind === 'quiz')).toBe(true);
    }
  });
});

describe('reader layout under --narrate', () => {
  it('blank rules, a table row in words, no bar before a quote: nothing a screen reader reads glyph by glyph', () => {
    const lesson = parseLessonOrThrow(LESSON, 'sample.md', 1);
    const parts = layoutLesson(lesson, { width: 80, ascii: false, narrate: true, glossary, lessonNumber: () => undefined }, lexLesson(lesson));
    const text = parts.flatMap((p) => (p.kind === 'text' ? p.lines : p.head)).map(lineText);
    expect(text).toContain('System: etcd; Token: create revision of the lock key, a long description that');
    expect(text).toContain('System: ZooKeeper; Token: zxid; Checked by: the server');
    expect(text.some((l) => l.startsWith('  quoted words'))).toBe(true);
    expect(text.join('\n')).not.toMatch(/[─═│┌┐└┘├┤┬┴┼]/);
  });
});
