/**
 * Quiz history reads the reports saved in the data directory back as data.
 * A crafted `finishedAt` the date parser still takes ("Dec 1 2026 (text)")
 * reached `progress` as its first 16 characters, an escape sequence cut
 * short included: the terminal then swallowed the rest of the output.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from '../../src/content/shared/input-limits.js';
import { isNeutral } from '../../src/core/neutralise.js';
import { loadQuizHistory } from '../../src/progress/quiz-history.js';

const home = mkdtempSync(join(tmpdir(), 'fence-quiz-history-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('quiz history read back', () => {
  it('keeps a finish time in its canonical form and bounds the names', () => {
    mkdirSync(join(home, 'reports'));
    writeFileSync(
      join(home, 'reports', 'x.json'),
      JSON.stringify({ quiz: 'q'.repeat(5000), mode: 'exam\u001b[2J', score: 50, finishedAt: 'Dec 1 2026 (\u001b]0;PWNED\u0007)', questions: [] }),
    );
    const [sitting] = loadQuizHistory(home);
    expect(sitting!.finishedAt).toBe(new Date(2026, 11, 1).toISOString());
    expect(sitting!.quiz.length).toBe(MAX_NAME_LENGTH);
    expect(sitting!.mode).toBe('exam');
    for (const text of [sitting!.finishedAt, sitting!.quiz, sitting!.mode]) expect(isNeutral(text)).toBe(true);
  });
});
