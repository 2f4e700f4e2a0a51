import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gradeClass } from '../../src/core/quiz/class-grade.js';
import { buildReport, gradeOne } from '../../src/core/quiz/grading.js';
import { drawQuestions } from '../../src/core/quiz/draw.js';
import { csvCell, gradeCsv, gradeText, writeGradeCsv } from '../../src/reports/grade-output.js';
import { FIXTURE_BANK } from '../core/quiz/fixtures.js';

const qs = drawQuestions(FIXTURE_BANK, 2, 4);
const mk = (quiz: string, hash: string, student: string, rights: number) =>
  buildReport({
    version: 't',
    quiz,
    contentHash: hash,
    seed: 2,
    mode: 'exam',
    student,
    startedAt: 0,
    finishedAt: 125_000,
    results: qs.map((q, i) => gradeOne(q, i < rights ? q.answer : null, 0, 1)),
    passMark: 70,
    incomplete: student === 'cy',
    timeLimitMs: null,
  });

const groups = gradeClass([
  { file: 'ada.json', student: 'ada', report: mk('all', 'a'.repeat(64), 'ada', 4) },
  { file: 'bob.json', student: '=HYPERLINK("x")', report: mk('all', 'a'.repeat(64), '=HYPERLINK("x")', 1) },
  { file: 'cy.json', student: 'cy', report: mk('who-checks', 'b'.repeat(64), 'cy', 2) },
]);

describe('grade output', () => {
  it('text shows each group on its own with students, hardest questions and topics', () => {
    const text = gradeText(groups);
    expect(text).toMatch(/Quiz all · content aaaaaaaaaaaa · 2 reports/);
    expect(text).toMatch(/Quiz who-checks · content bbbbbbbbbbbb · 1 report\b/);
    expect(text).toMatch(/ada\s+100\.00%\s+yes\s+2m05s\s+no/);
    expect(text).toMatch(/cy\s+50\.00%\s+no\s+2m05s\s+yes/);
    expect(text.indexOf('Questions, hardest first')).toBeGreaterThan(0);
  });

  it('in ASCII (grade --ascii, LANG=C) the text has no middle dot or other non-ASCII glyph', () => {
    const text = gradeText(groups, true);
    expect(text).toMatch(/Quiz all - content aaaaaaaaaaaa - 2 reports/);
    expect(text).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('CSV has a group column, escapes quotes and defuses formulas', () => {
    const csv = gradeCsv(groups);
    const rows = csv.students.trim().split('\r\n');
    expect(rows[0]).toBe('group,quiz,contentHash,student,file,score,passed,timeTakenMs,incomplete,seed,mode,verified,flags');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/^all@aaaaaaaaaaaa,all,a{64},/);
    expect(csv.students).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.questions.split('\r\n')[0]).toBe('group,question,right,total,percentRight');
    expect(csv.topics.split('\r\n')[0]).toBe('group,tag,average,answers');
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
  });

  it('CSV cells (issue 38, D10): every text neutralised as on the terminal; a formula start is text inside quotes', () => {
    const hostile = 'evil\u001b]0;pwned\u0007\u001b[31m\u202Egnp.json';
    const cell = csvCell(hostile);
    expect(cell).not.toMatch(/[\u001b\u0007\u202E]/);
    expect(cell).toContain('evil');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const c = csvCell(`${start}cmd|' /C calc'!A0`);
      expect(c.startsWith(`"'`), JSON.stringify(c)).toBe(true);
      expect(c.endsWith('"')).toBe(true);
    }
    expect(csvCell('Ada')).toBe('Ada');
  });

  it('writes the three files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ft-csv-'));
    const written = writeGradeCsv(dir, groups);
    expect(written.map((f) => f.slice(dir.length + 1)).sort()).toEqual(['questions.csv', 'students.csv', 'topics.csv']);
    expect(readFileSync(join(dir, 'topics.csv'), 'utf8')).toMatch(/who-checks@bbbbbbbbbbbb/);
  });
});

describe('grade --csv with exercise reports', () => {
  it('writes exercises.csv beside the quiz files, one row per student and exercise; none without exercise reports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ft-grade-ex-csv-'));
    const row = {
      student: '=Ada',
      file: 'ada-fence.json',
      exercise: 'fence-the-sink',
      passed: false,
      checksPassed: 3,
      checksTotal: 5,
      failed: ['stale-write-rejected', 'equal-token-accepted'],
      fileSha256: 'ab'.repeat(32),
      version: '0.1.0',
      startedAt: '2026-12-02T03:00:00.000Z',
    };
    const written = writeGradeCsv(dir, [], [row]);
    expect(written.map((f) => f.slice(dir.length + 1))).toEqual(['students.csv', 'questions.csv', 'topics.csv', 'exercises.csv']);
    expect(readFileSync(join(dir, 'exercises.csv'), 'utf8').split('\r\n')).toEqual([
      'student,file,exercise,passed,checksPassed,checksTotal,failed,fileSha256,version,startedAt',
      `"'=Ada",ada-fence.json,fence-the-sink,false,3,5,stale-write-rejected; equal-token-accepted,${'ab'.repeat(32)},0.1.0,2026-12-02T03:00:00.000Z`,
      '',
    ]);
    const quizOnly = mkdtempSync(join(tmpdir(), 'ft-grade-csv-'));
    expect(writeGradeCsv(quizOnly, [])).toHaveLength(3);
  });
});

describe('grade text: file names in flags', () => {
  it('an escape sequence or bidi control in a report file name is neutralised in the Flags lines', () => {
    const evil = 'ev\u001b[31mil\u202e.json';
    const same = mk('all', 'a'.repeat(64), 'ada', 2);
    const text = gradeText(
      gradeClass([
        { file: 'ada.json', student: 'ada', report: same },
        { file: evil, student: 'ada', report: same },
      ]),
    );
    expect(text).toMatch(/duplicate student: also in ev/);
    expect(text).not.toMatch(/[\u001b\u202e]/);
  });
});
