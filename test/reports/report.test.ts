import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawQuestions } from '../../src/core/quiz/draw.js';
import { buildReport, gradeOne } from '../../src/core/quiz/grading.js';
import { readReportFile, reportFormatFor, studentName, writeReport } from '../../src/reports/report-io.js';
import { loadReview, recordReviewResults, reviewPath } from '../../src/reports/review-store.js';
import { FIXTURE_BANK } from '../core/quiz/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'ft-report-'));
const drawn = drawQuestions(FIXTURE_BANK, 4, 5);
const results = drawn.map((q, i) => gradeOne(q, i < 3 ? q.answer : null, 1500 * (i + 1), i < 3 ? 1 : 0));
const report = buildReport({
  version: '0.1.0',
  quiz: 'fixture',
  contentHash: 'abc123',
  seed: 4,
  mode: 'exam',
  student: 'Ada <&> "L"',
  startedAt: Date.UTC(2026, 0, 1, 10),
  finishedAt: Date.UTC(2026, 0, 1, 10, 7),
  results,
  passMark: 70,
  incomplete: false,
  timeLimitMs: 900_000,
});
const explanations = new Map(drawn.map((q) => [q.id, `${q.explanation} <why & how>`]));

describe('quiz reports', () => {
  it('have every field the issue names', () => {
    expect(Object.keys(report)).toEqual(
      expect.arrayContaining([
        'schemaVersion',
        'version',
        'quiz',
        'contentHash',
        'seed',
        'mode',
        'student',
        'startedAt',
        'finishedAt',
        'questions',
        'score',
        'passMark',
        'passed',
        'incomplete',
        'timeLimitMs',
      ]),
    );
    expect(report.questions[0]).toEqual(expect.objectContaining({ id: drawn[0]!.id, response: drawn[0]!.answer, correct: true, points: 1, durationMs: 1500 }));
    expect(report).toMatchObject({ score: 60, passed: false, passMark: 70, startedAt: '2026-01-01T10:00:00.000Z' });
  });

  it('JSON: written atomically and read back', () => {
    const file = join(dir, 'ada.json');
    writeReport(file, report, reportFormatFor(file, undefined), explanations);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
    const back = readReportFile(file);
    expect(back.report).toEqual(report);
    expect(studentName(back)).toBe('Ada <&> "L"');
  });

  it('JUnit: one testsuite, a testcase per question in order, failures carry the explanation', () => {
    const file = join(dir, 'ada.xml');
    expect(reportFormatFor(file, undefined)).toBe('junit');
    expect(reportFormatFor(file, 'json')).toBe('json');
    writeReport(file, report, 'junit', explanations);
    const xml = readFileSync(file, 'utf8');
    expect(xml.match(/<testsuite /g)).toHaveLength(1);
    expect(xml).toMatch(/<testsuite name="fence-tutor quiz fixture" tests="5" failures="2"/);
    const cases = [...xml.matchAll(/<testcase [^>]*name="([^"]+)"[^>]*?(\/>|>\s*<failure message="([^"]*)"[^>]*>([^<]*)<\/failure>\s*<\/testcase>)/g)];
    expect(cases.map((c) => c[1])).toEqual(drawn.map((q) => q.id));
    const failures = cases.filter((c) => c[4] !== undefined);
    expect(failures.map((c) => c[1])).toEqual(drawn.slice(3).map((q) => q.id));
    for (const f of failures) expect(f[4]).toContain('&lt;why &amp; how&gt;');
    expect(xml).toContain('<property name="student" value="Ada &lt;&amp;&gt; &quot;L&quot;"/>');
    expect(xml).toContain('<property name="seed" value="4"/>');
  });

  it('refuses a file that is not a JSON report, naming it', () => {
    const junk = join(dir, 'junk.json');
    writeFileSync(junk, '{"hello": 1}');
    expect(() => readReportFile(junk)).toThrow(/junk\.json: not a quiz report/);
    expect(() => readReportFile(join(dir, 'ada.xml'))).toThrow(/JUnit XML report/);
    writeFileSync(junk, 'not json');
    expect(() => readReportFile(junk)).toThrow(/not valid JSON/);
  });

  it('the review store keeps boxes in review.json, and sets a corrupt file aside', () => {
    const home = mkdtempSync(join(tmpdir(), 'ft-review-'));
    recordReviewResults(
      [
        { id: 'a', correct: false },
        { id: 'b', correct: true },
      ],
      new Date(Date.UTC(2026, 0, 1)),
      home,
    );
    expect(Object.keys(loadReview(home).questions)).toEqual(['a']);
    writeFileSync(reviewPath(home), '{broken');
    const warnings: string[] = [];
    expect(loadReview(home, (m) => warnings.push(m)).questions).toEqual({});
    expect(warnings[0]).toMatch(/moved to .*corrupt/);
  });
});
