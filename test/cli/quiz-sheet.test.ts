/**
 * The answers sheet (`quiz --export sheet`) carries what a sitting needs to
 * ask the same questions: its seed (drawn when none is given, so students of
 * an open assignment do not all share seed 0's answers), its count, and the
 * bank it came from. `quiz --answers` uses them and refuses a sheet of
 * another quiz or bank version, or a contradicting --count (exit 2).
 * In process: runQuiz with its output captured (no dist/ needed).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runQuiz } from '../../src/cli/quiz/quiz-run.js';
import type { QuizFlags } from '../../src/cli/quiz/quiz-settings.js';
import type { Display } from '../../src/platform/display.js';
import { UsageError } from '../../src/platform/errors.js';

const display: Display = { interactive: false, ascii: false, color: false, reducedMotion: false, narrate: false, columns: 80, rows: 24 };
const dir = mkdtempSync(join(tmpdir(), 'ft-quiz-sheet-'));

async function quiz(flags: QuizFlags): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = {
    stdout: (s: string) => {
      stdout += s;
    },
    stderr: (s: string) => {
      stderr += s;
    },
  };
  const status = await runQuiz(flags, { display, flags: { plain: true, ascii: false, color: false, reducedMotion: false, narrate: false }, out });
  return { status, stdout, stderr };
}

interface Sheet {
  quiz: string;
  contentHash: string;
  seed: number;
  count?: number;
  questions: { id: string; expects: string }[];
  answers: Record<string, unknown>;
}

/** A sheet filled in with option 0 (or [0]) everywhere, written to a file. */
function filled(sheet: Sheet, name: string, edit: { [K in keyof Sheet]?: Sheet[K] | undefined } = {}): string {
  const answers = Object.fromEntries(sheet.questions.map((q) => [q.id, q.expects.startsWith('one') ? 0 : q.expects.includes('every') ? null : [0]]));
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify({ ...sheet, answers, ...edit }));
  return file;
}

describe('quiz --export sheet, then --answers', () => {
  it('without --seed a sheet draws a seed, records it and says so; two sheets differ', async () => {
    const a = await quiz({ export: 'sheet', count: '3' });
    const b = await quiz({ export: 'sheet', count: '3' });
    const seeds = [JSON.parse(a.stdout).seed, JSON.parse(b.stdout).seed];
    expect(seeds[0]).not.toBe(seeds[1]);
    expect(a.stderr).toBe(`No --seed: this sheet is for seed ${seeds[0]}, recorded in it ("seed"); quiz --answers reads it from there.\n`);
    // The answer key keeps seed 0 by default (an instructor's reference).
    expect(JSON.parse((await quiz({ export: 'json' })).stdout).seed).toBe(0);
  });

  it('the sheet records its count, and a sitting without --count asks exactly its questions', async () => {
    const sheet = JSON.parse((await quiz({ export: 'sheet', seed: '7', count: '4' })).stdout) as Sheet;
    expect(sheet.count).toBe(4);
    const r = await quiz({ mode: 'exam', answers: filled(sheet, 'four.json'), format: 'json' });
    expect(JSON.parse(r.stdout).questions.map((q: { id: string }) => q.id)).toEqual(sheet.questions.map((q) => q.id));
  });

  it('refuses a --count that contradicts the sheet, a sheet of another quiz and one of another bank version', async () => {
    const sheet = JSON.parse((await quiz({ export: 'sheet', seed: '7', count: '4' })).stdout) as Sheet;
    await expect(quiz({ mode: 'exam', count: '2', answers: filled(sheet, 'c.json') })).rejects.toThrow(
      /c\.json was exported with --count 4, but this sitting has --count 2.*Use --count 4/,
    );
    await expect(quiz({ mode: 'exam', count: '2', answers: filled(sheet, 'c.json') })).rejects.toBeInstanceOf(UsageError);
    expect((await quiz({ mode: 'exam', count: '4', answers: filled(sheet, 'same.json') })).status).toBe(1);
    await expect(quiz({ mode: 'exam', quiz: 'token-contract', answers: filled(sheet, 'q.json') })).rejects.toThrow(
      /q\.json was exported for the quiz "all", but this sitting is of "token-contract".*--quiz all/,
    );
    await expect(quiz({ mode: 'exam', answers: filled(sheet, 'h.json', { contentHash: 'f'.repeat(64) }) })).rejects.toThrow(
      /h\.json was exported from another version of the quiz "all" \(content ffffffffffff, now [0-9a-f]{12}\).*Export a new sheet/,
    );
  });

  it('answers to questions the sitting did not ask are named in a note, not silently dropped', async () => {
    const sheet = JSON.parse((await quiz({ export: 'sheet', seed: '7', count: '4' })).stdout) as Sheet;
    const file = filled(sheet, 'nocount.json', { count: undefined });
    const r = await quiz({ mode: 'exam', count: '2', answers: file });
    // Which of the four the two-question sitting asks depends on the bank: count them from its own sheet.
    const asked = new Set((JSON.parse((await quiz({ export: 'sheet', seed: '7', count: '2' })).stdout) as Sheet).questions.map((q) => q.id));
    // filled() leaves an ordering question unanswered (null): only answers given can be ignored.
    const answered = (q: Sheet['questions'][number]) => !q.expects.includes('every') || q.expects.startsWith('one');
    const notAsked = sheet.questions.filter((q) => !asked.has(q.id) && answered(q)).length;
    expect(notAsked).toBeGreaterThanOrEqual(1);
    const words = notAsked === 1 ? '1 question' : `${notAsked} questions`;
    expect(r.stderr).toContain(`nocount.json answers ${words} this sitting did not ask (seed 7, 2 questions): ignored.`);
  });
});
