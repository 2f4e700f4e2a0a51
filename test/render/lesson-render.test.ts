/**
 * The plain-text renderer: real Markdown (via marked's lexer) laid out at a
 * width, never wider, with blocks drawn by callbacks and nothing from the
 * content able to smuggle an escape sequence out.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCurriculum } from '../../src/content/lesson/lesson-loader.js';
import { parseLessonOrThrow } from '../../src/content/lesson/lesson-parse.js';
import { renderLessonPlain, scenarioCommand } from '../../src/render/lesson-render.js';
import { renderTable } from '../../src/render/lesson-table.js';
import { hardWrap, textWidth, wrapText } from '../../src/render/lesson-wrap.js';

const FIXTURE = resolve(import.meta.dirname, '../fixtures/curriculum/good/lessons');
const curriculum = loadCurriculum(FIXTURE);
const first = curriculum.lessons[0]!;

function widest(text: string): number {
  return Math.max(...text.split('\n').map(textWidth));
}

function lesson(body: string) {
  return parseLessonOrThrow(`---\nid: t\ntitle: T\ngoals: [g]\nminutes: 1\n---\n\n${body}\n`, 't.md', 1);
}

describe('wrapping', () => {
  it('wraps at spaces and never exceeds the width', () => {
    expect(wrapText('the quick brown fox jumps', 10)).toEqual(['the quick', 'brown fox', 'jumps']);
  });
  it('breaks a word longer than the width', () => {
    expect(wrapText('abcdefghij xy', 4)).toEqual(['abcd', 'efgh', 'ij', 'xy']);
    expect(hardWrap('  code line', 5)).toEqual(['  cod', 'e lin', 'e']);
  });
  it('counts box-drawing characters as one column', () => {
    expect(textWidth('│─┼')).toBe(3);
  });
});

describe('tables', () => {
  const table = { header: ['System', 'Token'], rows: [['etcd', 'create revision of the lock key']] };
  it('keep natural widths when they fit', () => {
    const lines = renderTable(table, 80, true);
    expect(lines[1]).toBe('| System | Token                           |');
    expect(lines).toHaveLength(5);
  });
  it('wrap cells when the table is too wide, staying within the width', () => {
    const lines = renderTable(table, 28, false);
    for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(28);
    expect(lines.join('\n')).toContain('revision');
    expect(lines.length).toBeGreaterThan(5);
  });
  it('fall back to "header: value" records when columns cannot fit', () => {
    const many = { header: ['a', 'b', 'c', 'd', 'e', 'f'], rows: [['1', '2', '3', '4', '5', '6']] };
    const lines = renderTable(many, 20, false);
    expect(lines).toContain('a: 1');
    for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(20);
  });
});

describe('renderLessonPlain', () => {
  const render = (width: number, extra = {}) =>
    renderLessonPlain(first, {
      width,
      glossary: curriculum.glossary,
      lessonNumber: (id) => curriculum.lessons.find((l) => l.id === id)?.number,
      ...extra,
    });

  it('prints the title with its number, minutes and goals', () => {
    const out = render(80);
    expect(out.startsWith('Lesson 1. First steps\n')).toBe(true);
    expect(out).toContain('5 min');
    expect(out).toContain('• Say what a token is for');
  });

  it('renders emphasis, code and links as text; lesson links get their number', () => {
    const out = render(200);
    expect(out).toContain('links to a token and to the next lesson (lesson 2), with emphasis, strong text and code.');
    expect(out).not.toMatch(/\*\*|glossary:|lesson:/);
  });

  it('defines the glossary terms it links to at the end', () => {
    expect(render(80)).toMatch(/Terms used in this lesson[\s\S]*fencing token: A number the lock service/);
  });

  it('draws a scenario block with the callback and a sim command', () => {
    const out = render(80, { renderScenario: (_b: unknown, w: number) => [`TIMELINE at ${w}`] });
    expect(out).toContain('▶ Try it: fixture-late (fencing off)');
    expect(out).toContain('TIMELINE at 80');
    expect(out).toContain('fence-tutor sim --scenario fixture-late --fencing off');
  });

  it('lists the quiz questions by prompt when it knows them, else by id', () => {
    expect(render(80, { questionPrompt: (id: string) => (id === 'q-one' ? 'First prompt?' : undefined) })).toMatch(/1\. First prompt\?\n {2}2\. q-two/);
  });

  it('never prints a line wider than the width, from 20 to 120 columns', () => {
    for (let w = 20; w <= 120; w += 7) {
      const out = render(w, { renderScenario: () => ['x'.repeat(500)], questionPrompt: () => 'word '.repeat(40) });
      expect(widest(out), `width ${w}`).toBeLessThanOrEqual(w);
    }
  });

  it('lays out at 20 columns when asked for less', () => {
    expect(widest(render(5))).toBeLessThanOrEqual(20);
  });

  it('uses ASCII only when asked', () => {
    const out = render(60, { ascii: true });
    expect(out).toMatch(/^[\x20-\x7e\n]*$/);
    expect(out).toContain('- Say what a token is for');
  });

  it('renders lists, nested lists, numbered lists, quotes and code', () => {
    const out = renderLessonPlain(lesson('1. one\n2. two\n   - nested\n\n> quoted *text*\n\n```sql\nSELECT 1;\n```\n\n---\n\nA&amp;B <b>bold</b>'), {
      width: 40,
    });
    expect(out).toContain('1. one\n2. two\n   • nested');
    expect(out).toContain('│ quoted text');
    expect(out).toContain('  SELECT 1;');
    expect(out).toContain('A&B bold');
    expect(out).toContain('─'.repeat(40));
  });

  it('shows external links with their address', () => {
    expect(renderLessonPlain(lesson('See [the post](https://example.org/x).'), { width: 80 })).toContain('See the post <https://example.org/x>.');
  });

  it('lets no escape sequence from the lesson through', () => {
    const laced = lesson('# Head \u001b[31mred\u001b[0m\n\nText \u001b]0;owned\u0007 and \u009b31m C1.\n\n| a\u001b[1m | b |\n|---|---|\n| c | d |');
    const out = renderLessonPlain(laced, { width: 60, renderScenario: () => ['\u001b[2Jboom'] });
    expect(out).not.toMatch(/[\u001b\u009b\u0007]/);
    expect(out).toContain('Head red');
  });
});

describe('scenarioCommand', () => {
  it('spells every toggle the way sim takes it', () => {
    expect(scenarioCommand({ kind: 'scenario', line: 1, scenarioId: 's', overrides: { fencing: true, minting: 'volatile', check: 'split' } })).toBe(
      'fence-tutor sim --scenario s --fencing on --minting volatile --check split',
    );
  });
});
