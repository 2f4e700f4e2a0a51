/**
 * A path the instructor gives for output (`assign --out`, `grade --csv`,
 * `quiz --report`, `exercise check --report`) that cannot be written is bad input: one line naming the
 * path, why and the flag to change (a UsageError: exit 2), never a stack
 * trace, and no temp file left beside it. In process (no dist/ needed).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeExerciseReportFile } from '../../src/cli/exercise/exercise-check.js';
import { runAssign } from '../../src/cli/quiz/quiz-assign.js';
import type { ExerciseReport } from '../../src/exercises/types.js';
import { runGrade } from '../../src/cli/quiz/quiz-grade.js';
import { runQuiz } from '../../src/cli/quiz/quiz-run.js';
import type { Display } from '../../src/platform/display.js';
import { UsageError } from '../../src/platform/errors.js';
import { writeReason } from '../../src/platform/atomic-file.js';

const dir = mkdtempSync(join(tmpdir(), 'ft-output-paths-'));
const aFile = join(dir, 'a-file.txt');
writeFileSync(aFile, 'not a folder\n');
const aFolder = join(dir, 'a-folder');
mkdirSync(aFolder);
const quiet = { stdout: () => {}, stderr: () => {} };
const display: Display = { interactive: false, ascii: false, color: false, reducedMotion: false, narrate: false, columns: 80, rows: 24 };
const flags = { plain: true, ascii: false, color: false, reducedMotion: false, narrate: false };

function refused(run: () => unknown, message: RegExp): void {
  let caught: unknown;
  try {
    run();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(UsageError);
  expect((caught as Error).message).toMatch(message);
}

describe('output paths that cannot be written', () => {
  it('assign --out on a folder: named, and no temp file left in the parent', () => {
    refused(
      () => runAssign({ mode: 'exam', quiz: 'who-checks', out: aFolder }, quiet),
      /^cannot write the assignment to .*a-folder: it is a folder; give a file name\. Fix: give --out a path/,
    );
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    refused(() => runAssign({ mode: 'exam', quiz: 'who-checks', out: join(aFile, 'w.json') }, quiet), /a part of that path is a file, not a folder/);
  });

  it('quiz --report under a file, and grade --csv on a file', async () => {
    const answers = join(dir, 'answers.json');
    writeFileSync(answers, '{"answers": {}}');
    const report = join(dir, 'r.json');
    await expect(runQuiz({ quiz: 'who-checks', seed: '1', answers, report: join(aFile, 'r.json') }, { display, flags, out: quiet })).rejects.toThrow(
      /^cannot write the report to .*a-file\.txt\/r\.json: a part of that path is a file, not a folder\. Fix: give --report/,
    );
    expect(await runQuiz({ quiz: 'who-checks', seed: '1', answers, report }, { display, flags, out: quiet })).toBe(0);
    await expect(runGrade([report], { csv: aFile }, quiet)).rejects.toThrow(/^cannot write the CSV file to .*students\.csv: .*Fix: give --csv/);
  });
});

describe('exercise check --report', () => {
  const report: ExerciseReport = {
    schemaVersion: 1,
    kind: 'exercise',
    version: '0.0.0',
    exercise: 'fence-the-sink',
    title: 'Fence the sink',
    passed: true,
    checks: [],
    fileSha256: '0'.repeat(64),
    file: 'sink.mjs',
    startedAt: '2026-12-02T00:00:00.000Z',
    durationMs: 1,
    output: [],
  };

  it('on a folder, under a file: named with the flag, no temp file left', () => {
    refused(
      () => writeExerciseReportFile(aFolder, report),
      /^cannot write the report to .*a-folder: it is a folder; give a file name\. Fix: give --report a path/,
    );
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    refused(
      () => writeExerciseReportFile(join(aFile, 'r.xml'), report),
      /a-file\.txt\/r\.xml: a part of that path is a file, not a folder\. Fix: give --report/,
    );
  });

  // A folder's permissions do not stop root, which CI runs as: the words for each error a person can fix are checked on the errors themselves.
  it('names each write error a person can fix, and leaves the others to the crash report', () => {
    const reason = (code: string) => writeReason(Object.assign(new Error(code), { code }));
    expect(reason('EACCES')).toBe('permission denied');
    expect(reason('EPERM')).toBe('permission denied');
    expect(reason('EROFS')).toBe('the file system is read-only');
    expect(reason('ENOSPC')).toBe('the disk is full');
    expect(reason('ENOTDIR')).toBe('a part of that path is a file, not a folder');
    expect(reason('EISDIR')).toBe('it is a folder; give a file name');
    expect(reason('EIO')).toBeUndefined();
  });

  it('JUnit for .xml, JSON otherwise', () => {
    writeExerciseReportFile(join(dir, 'ex.xml'), report);
    writeExerciseReportFile(join(dir, 'ex.json'), report);
    expect(readFileSync(join(dir, 'ex.xml'), 'utf8')).toMatch(/^<\?xml/);
    expect(JSON.parse(readFileSync(join(dir, 'ex.json'), 'utf8'))).toMatchObject({ exercise: 'fence-the-sink', passed: true });
  });
});

describe('grade without the bank a report names', () => {
  it("says the score is the file's own and how to give the bank", async () => {
    const bankDir = join(dir, 'course', 'quizzes');
    mkdirSync(bankDir, { recursive: true });
    const bank = join(bankDir, 'week9.yaml');
    writeFileSync(
      bank,
      'kind: quiz\ntitle: W9\nquestions:\n  - id: w9-one\n    type: truefalse\n    lesson: token-contract\n    tags: [tokens]\n    difficulty: easy\n    prompt: Equal tokens pass.\n    answer: true\n    explanation: Retries.\n    source: derived\n',
    );
    const answers = join(dir, 'w9-answers.json');
    writeFileSync(answers, '{"answers": {"w9-one": 0}}');
    const report = join(dir, 'w9.json');
    expect(await runQuiz({ quiz: bank, seed: '1', answers, report }, { display, flags, out: quiet })).toBe(0);
    let stderr = '';
    const capture = {
      stdout: () => {},
      stderr: (s: string) => {
        stderr += s;
      },
    };
    await runGrade([report], { json: true }, capture);
    expect(stderr).toMatch(/Note: 1 report not checked against a bank \(week9@[0-9a-f]{12}\): those scores are summed as the files say.*add --content DIR/);
    stderr = '';
    await runGrade([report], { json: true, content: join(dir, 'course') }, capture);
    expect(stderr).toBe('');
  });
});
