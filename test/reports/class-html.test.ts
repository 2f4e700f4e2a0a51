import { describe, expect, it } from 'vitest';
import { gradeClass } from '../../src/core/quiz/class-grade.js';
import { drawQuestions } from '../../src/core/quiz/draw.js';
import { buildReport, gradeOne } from '../../src/core/quiz/grading.js';
import { analyseItems } from '../../src/core/quiz/item-analysis.js';
import type { Question } from '../../src/core/quiz/types.js';
import { bandCounts, classHtml, HIST_HEIGHT, scoreBand } from '../../src/reports/class-html.js';
import { itemsCsv, itemText } from '../../src/reports/item-output.js';
import { FIXTURE_BANK } from '../core/quiz/fixtures.js';

const hostile: Question = {
  ...(FIXTURE_BANK[0] as Extract<Question, { type: 'single' }>),
  id: 'q-hostile',
  prompt: 'Is <script>alert(1)</script> & "quoted" \u001b[31mred\u001b[0m safe?',
  options: ['<img src=x onerror=alert(1)>', 'B', 'C'],
  answer: 1,
};
const bank = [hostile, ...FIXTURE_BANK.filter((q) => q.id.startsWith('q-extra-')).slice(0, 3)];
const byId = new Map(bank.map((q) => [q.id, q]));

function input(student: string, rights: number, k: number) {
  const drawn = drawQuestions(bank, 9, 4);
  const report = buildReport({
    version: 't',
    quiz: 'fixture',
    contentHash: 'd'.repeat(64),
    seed: 9,
    mode: 'exam',
    student,
    startedAt: k * 1000,
    finishedAt: k * 1000 + 5000,
    results: drawn.map((q, i) => gradeOne(q, i < rights ? q.answer : null, 0, 1)),
    passMark: 70,
    incomplete: false,
    timeLimitMs: null,
  });
  return { file: `${k}.json`, student, report, bank: byId };
}

const inputs = [input('<b>Mallory</b>', 4, 0), input('Bob & co', 2, 1), input('Cy', 0, 2), input('Di', 3, 3)];
const groups = gradeClass(inputs).map((g) => ({ ...g, stats: analyseItems(inputs) }));
const html = classHtml(groups, '1.0');

describe('grade --html page', () => {
  it('forbids loading anything and carries no script', () => {
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
    expect(html).not.toMatch(/<script/i);
  });

  it('escapes every text from a report or a bank, and strips escape sequences', () => {
    expect(html).not.toContain('<b>Mallory</b>');
    expect(html).toContain('&lt;b&gt;Mallory&lt;/b&gt;');
    expect(html).toContain('Bob &amp; co');
    expect(html).not.toContain('\u001b');
    expect(html).not.toContain('<img src=x');
  });

  it('draws one bar per band of 10 points with heights in proportion, the pass mark in words', () => {
    // Scores 100, 50, 0, 75: one student each in bands 10 (90-100), 5, 0 and 7.
    expect(bandCounts(groups[0]!.stats.scores)).toEqual([1, 0, 0, 0, 0, 1, 0, 1, 0, 1]);
    const bars = [...html.matchAll(/<rect class="bar(?:-fail)?" data-band="(\d)" data-count="(\d+)" x="[\d.]+" y="[\d.]+" width="[\d.]+" height="(\d+)"/g)];
    expect(bars.map((b) => [Number(b[1]), Number(b[3])])).toEqual([1, 0, 0, 0, 0, 1, 0, 1, 0, 1].map((n, band) => [band, n * HIST_HEIGHT]));
    expect(html).toContain('pass mark 70%');
    expect(scoreBand(100)).toBe(9);
    expect(scoreBand(69.99)).toBe(6);
  });

  it('names each flagged question with its prompt and option counts, and a table caption for every table', () => {
    expect(html).toContain('<section class="flagged-question" data-question="q-hostile">');
    expect(html.match(/<table>/g)!.length).toBe(html.match(/<caption>/g)!.length);
  });
});

describe('grade --stats text and items.csv', () => {
  it('text in ASCII has no other glyph, and neutralises what the bank wrote', () => {
    const text = itemText(groups[0]!.stats, true).join('\n');
    expect(text).toMatch(/^[\x20-\x7e\n]*$/);
    expect(text).toContain('Questions to look at');
    expect(text).toMatch(/q-hostile - nobody chose option \d: "/);
  });

  it('items.csv defuses a formula in an option and has one row per question', () => {
    const rows = itemsCsv(groups).trim().split('\r\n');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toBe('group,question,type,students,right,facility,discrimination,reliable,options,unanswered,flags');
  });
});
