import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAssignmentFile, loadAssignmentText } from '../../src/content/assignment/assignment-loader.js';
import { loadShippedBank } from '../../src/content/quiz/quiz-loader.js';
import { buildAssignment } from '../../src/cli/quiz/quiz-assign.js';
import { drawQuestions } from '../../src/core/quiz/draw.js';
import { writeJsonAtomic } from '../../src/platform/atomic-file.js';

const dir = mkdtempSync(join(tmpdir(), 'ft-assign-'));

describe('assignment files', () => {
  it('round trip: written, read back identical, same hash as the bank, same draws', () => {
    const a = buildAssignment({ quiz: 'token-contract', mode: 'exam', count: '3', timeLimit: '10m', pass: '80', title: 'Week 2' });
    const file = join(dir, 'week2.json');
    writeJsonAtomic(file, a);
    const back = loadAssignmentFile(file);
    expect(back).toEqual(a);
    const bank = loadShippedBank('token-contract');
    expect(back.contentHash).toBe(bank.contentHash);
    expect(back).toMatchObject({ mode: 'exam', count: 3, timeLimitMs: 600_000, passMark: 80, seed: null, title: 'Week 2' });
    for (const seed of [1, 2, 3]) expect(drawQuestions(back.questions, seed, 3)).toEqual(drawQuestions(bank.questions, seed, 3));
  });

  it('embeds predict keys, so it does not need the engine or the scenario files later', () => {
    const a = buildAssignment({ mode: 'practice' });
    const predict = a.questions.find((q) => q.type === 'predict')!;
    const text = JSON.stringify(a);
    const back = loadAssignmentText(text, 'x.json');
    expect(back.questions.find((q) => q.id === predict.id)).toEqual(predict);
    expect(back.passMark).toBeNull();
  });

  it('refuses edited questions (hash mismatch), a wrong kind, and a newer schema', () => {
    const a = buildAssignment({ quiz: 'who-checks', mode: 'exam' });
    const edited = JSON.parse(JSON.stringify(a));
    edited.questions[0].explanation = 'changed';
    expect(() => loadAssignmentText(JSON.stringify(edited), 'e.json')).toThrow(/changed after the assignment was made/);
    expect(() => loadAssignmentText(JSON.stringify({ ...a, kind: 'quiz' }), 'k.json')).toThrow(/not an assignment/);
    expect(() => loadAssignmentText(JSON.stringify({ ...a, schemaVersion: 9 }), 's.json')).toThrow(/schemaVersion 9/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...a, questions: [{ ...a.questions[0], type: 'essay' }] }, null, 2));
    try {
      loadAssignmentFile(bad);
      throw new Error('expected a refusal');
    } catch (err) {
      expect(String(err)).toMatch(/bad\.json:\d+: `type` must be one of/);
    }
    expect(readFileSync(bad, 'utf8')).toContain('essay');
  });

  it('refuses bad settings when it is made', () => {
    expect(() => buildAssignment({ mode: 'review' })).toThrow(/practice or exam/);
    expect(() => buildAssignment({ mode: 'practice', pass: '50' })).toThrow(/exams only/);
    expect(() => buildAssignment({ mode: 'exam', seed: 'x' })).toThrow(/--seed/);
    expect(() => buildAssignment({ mode: 'exam', timeLimit: 'soon' })).toThrow(/--time-limit/);
  });

  it('checks the embedded (resolved) predict questions and the settings', () => {
    const a = buildAssignment({ quiz: 'token-contract', mode: 'exam' });
    const i = a.questions.findIndex((q) => q.type === 'predict');
    const broken = JSON.parse(JSON.stringify(a));
    broken.questions[i].variants[0].answer = 7;
    broken.questions[i].variants[1].settings = { fencing: 'yes' };
    broken.questions[i].variants.push('x');
    const text = JSON.stringify(broken, null, 2);
    let message = '';
    try {
      loadAssignmentText(text, 'p.json');
    } catch (err) {
      message = String(err);
    }
    expect(message).toMatch(/p\.json:\d+: `answer` must be an option index from 0 to 2/);
    expect(message).toMatch(/needs `settings`/);
    expect(message).toMatch(/a resolved variant must be a mapping/);
    const bad = { ...a, mode: 'practice', passMark: 50, seed: -1, count: 0, timeLimitMs: 'x', title: 5 };
    const m2 = (() => {
      try {
        loadAssignmentText(JSON.stringify(bad, null, 2), 'b.json');
        return '';
      } catch (err) {
        return String(err);
      }
    })();
    expect(m2).toMatch(/`seed` must be an integer/);
    expect(m2).toMatch(/`count` must be an integer/);
    expect(m2).toMatch(/`timeLimitMs` must be an integer/);
    expect(m2).toMatch(/a practice assignment has no pass mark/);
    expect(m2).toMatch(/`title` must be non-empty text/);
  });
});

describe('the settings hash', () => {
  it('refuses an assignment whose settings were edited after it was made, or that has no settings hash', () => {
    const a = buildAssignment({ quiz: 'token-contract', mode: 'exam', pass: '80', count: '3', timeLimit: '10m', title: 'Week 2' });
    expect(loadAssignmentText(JSON.stringify(a, null, 2), 'ok.json').passMark).toBe(80);
    for (const edit of [
      { passMark: 10 },
      { timeLimitMs: 99_999_999 },
      { count: 1 },
      { seed: 1 },
      { title: 'Easy week' },
      { mode: 'practice', passMark: null },
    ]) {
      const text = JSON.stringify({ ...a, ...edit }, null, 2);
      expect(() => loadAssignmentText(text, 'edited.json'), JSON.stringify(edit)).toThrow(
        /do not match `settingsHash`: they were changed after the assignment was made/,
      );
    }
    const { settingsHash: _dropped, ...old } = a;
    expect(() => loadAssignmentText(JSON.stringify(old, null, 2), 'old.json')).toThrow(/no `settingsHash`/);
  });
});
