/**
 * Names and ids read back from a crafted report are bounded: one student
 * name of 900,000 characters padded every row of `grade`'s tables to its
 * width (3.6 MB of text for two reports). Now each is one neutral line of at
 * most MAX_NAME_LENGTH characters, cut with an ellipsis, never inside a
 * surrogate pair.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from '../../src/content/shared/input-limits.js';
import { isNeutral } from '../../src/core/neutralise.js';
import { safeText } from '../../src/core/display-text.js';
import { readExerciseReport } from '../../src/reports/exercise-report.js';
import { readReportFile } from '../../src/reports/report-io.js';

const dir = mkdtempSync(join(tmpdir(), 'fence-report-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

const LONG = `${'x'.repeat(100_000)}\u001b]0;title\u0007`;

describe('names read back from a report', () => {
  it('a quiz report: student, quiz, question id, tag and version at most MAX_NAME_LENGTH, neutral', () => {
    const { report } = readReportFile(
      write('quiz.json', {
        schemaVersion: 1,
        version: LONG,
        quiz: LONG,
        contentHash: LONG,
        score: 0,
        student: ` ${LONG} `,
        startedAt: '2026-12-01T10:00:00.000Z',
        finishedAt: '2026-12-01T10:01:00.000Z',
        questions: [{ id: LONG, correct: false, tags: [LONG] }],
      }),
    );
    const names = [report.student!, report.quiz, report.contentHash, report.version, report.questions[0]!.id, report.questions[0]!.tags[0]!];
    for (const n of names) {
      expect(n.length).toBe(MAX_NAME_LENGTH);
      expect(n.endsWith('…')).toBe(true);
      expect(isNeutral(n)).toBe(true);
    }
  });

  it('an exercise report: student, exercise, check id and status at most MAX_NAME_LENGTH', () => {
    const report = readExerciseReport(
      write('exercise.json', {
        schemaVersion: 1,
        kind: 'exercise',
        version: LONG,
        exercise: LONG,
        passed: false,
        fileSha256: LONG,
        student: LONG,
        checks: [{ id: LONG, status: LONG }],
      }),
    )!;
    for (const n of [report.student!, report.exercise, report.version, report.fileSha256, report.checks[0]!.id, report.checks[0]!.status]) {
      expect(n.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    }
  });

  it('a short name is kept whole', () => {
    expect(safeText('Ada Lovelace', MAX_NAME_LENGTH)).toBe('Ada Lovelace');
  });

  it('a cut never leaves half of a surrogate pair', () => {
    const cut = safeText(`${'a'.repeat(9)}😀😀😀`, 11);
    expect(cut).toBe(`${'a'.repeat(9)}…`);
    expect(/[\uD800-\uDFFF]/.test(cut.replace(/😀/g, ''))).toBe(false);
  });
});
