/**
 * `quiz --plain` in a real pseudo-terminal (tmux): numbered prompts read
 * line by line, a practice retry, and the exam's Ctrl-C that asks first,
 * then leaves with an incomplete report and exit 130.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tutorTerminal } from '../helpers/tutor-terminal.js';
import { runCli } from './cli-run.js';

const tt = tutorTerminal('quiz');
// Each test spawns several whole processes; on a loaded 2-core machine that takes a while.
vi.setConfig({ testTimeout: 120_000 });

function firstQuestion(seed: number) {
  const sheet = JSON.parse(runCli(['quiz', '--quiz', 'token-contract', '--export', 'sheet', '--seed', String(seed), '--count', '2']).stdout);
  const key = JSON.parse(runCli(['quiz', '--quiz', 'token-contract', '--export', 'json', '--seed', String(seed)]).stdout).questions;
  return sheet.questions.map((q: { id: string }) => key.find((k: { id: string }) => k.id === q.id));
}

function typed(q: { type: string; answer: number | number[]; options: string[] }, right: boolean): string {
  if (Array.isArray(q.answer)) {
    const a = right ? q.answer : [...q.answer].reverse();
    return q.type === 'multiple' && !right ? String(q.options.length) : a.map((i) => i + 1).join(' ');
  }
  return String(((right ? q.answer : q.answer + 1) % q.options.length) + 1);
}

describe.skipIf(!tt.enabled)('quiz --plain on a terminal', () => {
  it('asks numbered questions, gives feedback, and writes the report', async () => {
    const qs = firstQuestion(3);
    const report = join(tt.home, 'practice.json');
    const term = await tt.start(`quiz --plain --quiz token-contract --seed 3 --count 2 --report ${report}`, { cols: 90, rows: 40 });
    await term.waitFor('Question 1 of 2');
    await term.waitFor('Answer:');
    await term.type(typed(qs[0], false));
    await term.send('Enter');
    await term.waitFor('Not quite.');
    await term.type(typed(qs[0], true));
    await term.send('Enter');
    await term.waitFor('Question 2 of 2');
    await term.type(typed(qs[1], true));
    await term.send('Enter');
    expect(await term.waitForExit()).toBe(0);
    const j = JSON.parse(readFileSync(report, 'utf8'));
    expect(j).toMatchObject({ mode: 'practice', seed: 3, score: 50, incomplete: false });
    expect(j.questions[0]).toMatchObject({ correct: false, attempts: 2 });
    expect(JSON.parse(readFileSync(join(tt.home, 'review.json'), 'utf8')).questions[qs[0].id].box).toBe(1);
  });

  it('exam: the first Ctrl-C asks, the second leaves with an incomplete report (exit 130)', async () => {
    const report = join(tt.home, 'left.json');
    const term = await tt.start(`quiz --plain --mode exam --quiz token-contract --seed 4 --count 3 --report ${report}`, { cols: 90, rows: 40 });
    await term.waitFor('Answer:');
    await term.send('C-c');
    await term.waitFor('Leave the exam?');
    await term.send('C-c');
    expect(await term.waitForExit()).toBe(130);
    const j = JSON.parse(readFileSync(report, 'utf8'));
    expect(j).toMatchObject({ mode: 'exam', incomplete: true, passed: false });
    expect(j.questions).toHaveLength(3);
  });
});
