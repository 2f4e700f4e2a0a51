/** Exercise reports for instructors: read back (validated, neutralised), graded beside quiz reports, JUnit with one test case per check. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGrade } from '../../src/cli/quiz/quiz-grade.js';
import { exerciseToJunit, readExerciseReport } from '../../src/reports/exercise-report.js';

const REPORT = {
  schemaVersion: 1,
  kind: 'exercise',
  version: '0.1.0',
  exercise: 'fence-the-sink',
  title: 'Fence the sink',
  passed: false,
  fileSha256: 'ab'.repeat(32),
  file: '/home/ada/sink.mjs',
  startedAt: '2026-12-01T10:00:00.000Z',
  durationMs: 3100,
  output: [],
  checks: [
    { id: 'stale-rejected', title: "A's late write is refused", status: 'passed', summary: 'ok', runs: 1, wrong: 0, durationMs: 40 },
    {
      id: 'one-transaction',
      title: 'in flight together',
      status: 'failed',
      summary: 'ended at "A-late"\u001b[31m',
      hint: 'think <hard>',
      runs: 6,
      wrong: 2,
      durationMs: 300,
    },
  ],
};

function write(name: string, value: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'fence-ex-report-'));
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('exercise reports', () => {
  it('reads an exercise report, neutralised; a quiz report is not one; a broken one names the file', () => {
    const read = readExerciseReport(write('ada.json', REPORT))!;
    expect(read.checks[1]!.summary).not.toContain('\u001b');
    expect(read.passed).toBe(false);
    expect(readExerciseReport(write('quiz.json', { schemaVersion: 1, quiz: 'all' }))).toBeUndefined();
    expect(() => readExerciseReport(write('bad.json', { kind: 'exercise', exercise: 'x' }))).toThrow(/bad\.json.*not an exercise report/);
  });

  it('a hand-edited "passed": true with a failed check does not count as passed', () => {
    expect(readExerciseReport(write('edited.json', { ...REPORT, passed: true }))!.passed).toBe(false);
  });

  it('JUnit: one test case per check, a failure for each that did not pass, XML escaped', () => {
    const xml = exerciseToJunit(readExerciseReport(write('ada.json', REPORT))!);
    expect(xml.match(/<testcase /g)).toHaveLength(2);
    expect(xml).toContain('tests="2" failures="1"');
    expect(xml).toContain('name="one-transaction"');
    expect(xml).toContain('think &lt;hard&gt;');
  });

  it('grade lists exercise reports beside quiz reports (text and JSON)', async () => {
    const files = [
      write('ada.json', REPORT),
      write('bob.json', { ...REPORT, student: 'Bob', passed: true, checks: REPORT.checks.map((c) => ({ ...c, status: 'passed' })) }),
    ];
    let text = '';
    const out = { stdout: (s: string) => (text += s), stderr: () => undefined };
    expect(await runGrade(files, {}, out)).toBe(0);
    expect(text).toContain('Exercises');
    expect(text).toMatch(/ada\s+fence-the-sink\s+no\s+1\/2\s+one-transaction/);
    expect(text).toMatch(/Bob\s+fence-the-sink\s+yes\s+2\/2/);
    let json = '';
    await runGrade(files, { json: true }, { stdout: (s: string) => (json += s), stderr: () => undefined });
    const parsed = JSON.parse(json) as { groups: unknown[]; exercises: { student: string; passed: boolean }[] };
    expect(parsed.groups).toEqual([]);
    expect(parsed.exercises.map((e) => [e.student, e.passed])).toEqual([
      ['ada', false],
      ['Bob', true],
    ]);
  });
});
