/**
 * Every shipped question at 80x24, before and after a wrong answer in
 * practice: nothing taller than the terminal, no line wider than it, the keys
 * on screen, the source always shown under the feedback, and nothing cut with
 * an ellipsis while blank lines are left (question-layout.ts says what gives
 * way first).
 */
import { cleanup } from 'ink-testing-library';
import { afterEach, expect, it } from 'vitest';
import { loadShippedBank } from '../../src/content/quiz/quiz-loader.js';
import { drawQuestions } from '../../src/core/quiz/draw.js';
import { createQuizStore } from '../../src/store/quiz-store.js';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';
import { memoryPersistence, meta } from './quiz-fixtures.js';

afterEach(() => {
  cleanup();
});

function fits(frame: string, id: string): void {
  const lines = frame.split('\n');
  expect(lines.length, id).toBeLessThan(24);
  for (const line of lines) expect([...line].length, `${id}: ${line}`).toBeLessThanOrEqual(80);
}

it('every shipped question fits 80x24, with its feedback and source', { timeout: 120_000 }, async () => {
  const questions = drawQuestions(loadShippedBank().questions, 1);
  const store = createQuizStore({ questions, meta: meta(), persist: memoryPersistence() });
  const { stdin, lastFrame } = await renderApp(
    { screen: 'quiz' },
    { services: { quizSitting: { store } }, size: { columns: 80, rows: 24 }, display: { reducedMotion: true } },
  );
  await waitForFrame(lastFrame, 'question 1 of');
  for (const q of questions) {
    const asked = lastFrame() ?? '';
    fits(asked, q.id);
    expect(asked, q.id).toContain('enter answer');
    if (typeof q.answer === 'number') await press(stdin, String(((q.answer + 1) % q.options.length) + 1));
    else await press(stdin, 'enter'); // nothing ticked / the order as shown: wrong
    await press(stdin, 'a'); // the answer, asked for (practice keeps it back for the retry)
    const answered = lastFrame() ?? '';
    fits(answered, q.id);
    expect(answered, q.id).toContain('✗ Not right.');
    expect(answered, q.id).toContain(`Source: ${q.source.slice(0, 30)}`);
    // Nothing is cut while the screen has room to spare: at most the option list's
    // margin and the one line of slack stay blank above a cut (it was up to nine).
    if (answered.includes('…')) expect(answered.split('\n').filter((l) => l.trim() === '').length, q.id).toBeLessThanOrEqual(2);
    await press(stdin, 'enter');
  }
  await waitForFrame(lastFrame, 'summary');
});
