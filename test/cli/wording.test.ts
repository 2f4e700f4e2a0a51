/**
 * Wording a new learner tripped on, kept fixed: the plain quiz names missed
 * questions by number and prompt (not the bank's ids), `progress` wraps a
 * long title at a word instead of cutting it, a lesson's self-check points
 * at its own questions, and the non-terminal home lists only commands that
 * work without a terminal.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptTitle, summaryLines } from '../../src/cli/quiz/quiz-output.js';
import type { QuizReport } from '../../src/core/quiz/grading.js';
import type { DrawnQuestion } from '../../src/core/quiz/types.js';
import { runCliInProcess as runCli } from '../helpers/cli-in-process.js';

let home = '';
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'fence-tutor-wording-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('the plain quiz summary', () => {
  it('lists missed questions by number and prompt, never by internal id', async () => {
    const drawn = [
      { id: 'token-contract-parts', prompt: 'Which parts make up the fencing token contract?' },
      {
        id: 'equal-token-passes',
        prompt: 'A write carries a token equal to the mark. What does a sink that checks "not below the mark" do with it, and why does that matter?\nMore.',
      },
    ] as unknown as DrawnQuestion[];
    const report = {
      score: 50,
      passMark: null,
      passed: null,
      incomplete: false,
      expired: false,
      quiz: 'token-contract',
      seed: 1,
      mode: 'practice',
      contentHash: 'abcdef0123456789',
      questions: [
        { id: 'token-contract-parts', correct: true },
        { id: 'equal-token-passes', correct: false },
      ],
    } as unknown as QuizReport;
    const lines = summaryLines(report, drawn);
    expect(lines).toContain('Missed 1 of 2:');
    const missed = lines.find((l) => l.startsWith('  2. '))!;
    expect(missed).toMatch(/^ {2}2\. A write carries a token equal to the mark\. What does a sink that\S*…$/);
    expect(lines.join('\n')).not.toContain('equal-token-passes');
  });

  it('cuts a long prompt at a word, with an ellipsis', async () => {
    expect(promptTitle('short one', 20)).toBe('short one');
    const t = promptTitle('A lease holder pauses for longer than its lease lasts', 30);
    expect(t.endsWith('…')).toBe(true);
    expect([...t].length).toBeLessThanOrEqual(30);
    expect('A lease holder pauses for longer than its lease lasts').toContain(t.slice(0, -1));
    expect(t.slice(0, -1)).toMatch(/\S$/);
    expect(t).not.toMatch(/longe…|lon…/);
  });
});

describe('the plain quiz summary in ASCII (--ascii, LANG=C)', () => {
  it('separates with "-" and cuts with "...": no glyph a non-UTF-8 terminal cannot show', async () => {
    const drawn = [{ id: 'q1', prompt: 'A lease holder pauses for longer than its lease lasts and then writes again, unaware' }] as unknown as DrawnQuestion[];
    const report = {
      score: 0,
      passMark: 70,
      passed: false,
      incomplete: false,
      expired: false,
      quiz: 'all',
      seed: 7,
      mode: 'exam',
      contentHash: 'abcdef0123456789',
      questions: [{ id: 'q1', correct: false }],
    } as unknown as QuizReport;
    const lines = summaryLines(report, drawn, true);
    expect(lines[0]).toBe('Score 0.00% (0 of 1 right) - pass mark 70% - not passed');
    expect(lines).toContain('quiz all - seed 7 - exam - content abcdef012345');
    expect(lines.find((l) => l.startsWith('  1. '))).toMatch(/\S\.\.\.$/);
    expect(lines.join('\n')).toMatch(/^[\x20-\x7e\n]*$/);
    const cut = promptTitle(drawn[0]!.prompt, 30, true);
    expect(cut.length).toBeLessThanOrEqual(30);
  });

  it('quiz --answers under LANG=C prints its summary in ASCII', async () => {
    const answers = join(home, 'empty-answers.json');
    writeFileSync(answers, '{"answers": {}}');
    const r = await runCli(['quiz', '--mode', 'exam', '--seed', '7', '--count', '3', '--answers', answers], { FENCE_TUTOR_HOME: home, LANG: 'C', LC_ALL: 'C' });
    expect(r.stdout).toContain('pass mark 70% - not passed');
    expect(r.stdout).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('grade under LANG=C prints its summary in ASCII (the fast path and commander alike)', async () => {
    const answers = join(home, 'empty-answers-2.json');
    const report = join(home, 'graded.json');
    writeFileSync(answers, '{"answers": {}}');
    await runCli(['quiz', '--mode', 'exam', '--seed', '7', '--count', '3', '--answers', answers, '--report', report], { FENCE_TUTOR_HOME: home });
    for (const args of [
      ['grade', report],
      ['grade', report, '--ascii'],
    ]) {
      const r = await runCli(args, { FENCE_TUTOR_HOME: home, ...(args.length === 2 ? { LANG: 'C', LC_ALL: 'C' } : {}) });
      expect(r.stdout, args.join(' ')).toMatch(/^Quiz all - content \w{12} - 1 report/);
      expect(r.stdout, args.join(' ')).toMatch(/^[\x20-\x7e\n]*$/);
    }
  });
});

describe('text outside the app', () => {
  it('progress wraps a long lesson title at a word: every title whole', async () => {
    const titles = (JSON.parse((await runCli(['lessons', '--json'], { FENCE_TUTOR_HOME: home })).stdout) as { lessons: { title: string }[] }).lessons.map(
      (l) => l.title,
    );
    const r = await runCli(['progress'], { FENCE_TUTOR_HOME: home, COLUMNS: '80' });
    expect(r.status).toBe(0);
    // A row: number, title, two spaces, state; a continuation line (indented) carries on the title.
    const shown: string[] = [];
    for (const line of r.stdout.split('\n')) {
      if (/^\d+\.\s/.test(line)) shown.push(line.replace(/^\d+\.\s+/, '').split(/\s{2,}/)[0]!);
      else if (/^\s{2,}\S/.test(line) && shown.length > 0 && !line.includes('·')) shown[shown.length - 1] += ` ${line.trim()}`;
    }
    expect(shown).toEqual(titles);
  });

  it("a lesson's self-check points at the lesson's own questions", async () => {
    const r = await runCli(['lesson', '1', '--plain'], { FENCE_TUTOR_HOME: home });
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('Answer them with: fence-tutor quiz --quiz stale-holder');
    // And that command asks exactly the lesson's questions.
    const sheet = JSON.parse((await runCli(['quiz', '--quiz', 'stale-holder', '--export', 'sheet', '--seed', '1'], { FENCE_TUTOR_HOME: home })).stdout);
    expect(sheet.questions.map((q: { id: string }) => q.id).sort()).toEqual(
      [
        'book-timeline-final-value',
        'correct-lock-service-corrupt-data',
        'late-write-timeline-order',
        'pauses-that-outlive-a-lease',
        'permission-decays-belief-does-not',
      ].sort(),
    );
  });

  it('the non-terminal home lists no command that then refuses for want of a terminal, and its quiz commands work', async () => {
    const r = await runCli([], { FENCE_TUTOR_HOME: home });
    expect(r.stdout).toContain('This is not an interactive terminal');
    const commands = r.stdout
      .split('\n')
      .filter((l) => /^ {2}fence-tutor /.test(l))
      .map((l) => l.trim().split(/\s{2,}/)[0]!);
    expect(commands.some((c) => c.includes('--plain') && c.includes('quiz'))).toBe(false);
    const exportLine = commands.find((c) => c.includes('--export sheet'))!;
    const answerLine = commands.find((c) => c.includes('--answers'))!;
    const sheetFile = join(home, 'sheet.json');
    const exported = await runCli(
      exportLine
        .replace(/^fence-tutor /, '')
        .split(' > ')[0]!
        .split(' '),
      { FENCE_TUTOR_HOME: home },
    );
    expect(exported.status).toBe(0);
    writeFileSync(sheetFile, exported.stdout);
    const args = answerLine
      .replace(/^fence-tutor /, '')
      .split(' ')
      .map((a) => (a === 'sheet.json' ? sheetFile : a));
    const graded = await runCli(args, { FENCE_TUTOR_HOME: home });
    expect(graded.stderr).not.toMatch(/no terminal/);
    expect(graded.stdout).toMatch(/Score /);
  });
});
