/** A long option wraps beside its digit; the digits stay in one column. */
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { DrawnQuestion } from '../../src/core/quiz/types.js';
import { createQuizStore } from '../../src/store/quiz-store.js';
import { renderApp, waitForFrame } from '../helpers/ink.js';
import { withOwnDataDir } from './quiz-home.js';
import { fakeClock, memoryPersistence, meta, SINGLE } from './quiz-fixtures.js';

afterEach(() => {
  cleanup();
});
withOwnDataDir();

const LONG: DrawnQuestion = {
  ...SINGLE,
  id: 'q-long-option',
  options: [
    'Both are rejected because their tokens are equal',
    'The first is rejected because a retry follows',
    // From the shipped bank: at 80 columns this one wraps, and the row's
    // pointer column used to shrink by one cell to make room.
    'Both are accepted, so the balance goes up by 20, unless the operation carries an idempotency key',
    'The second is rejected because 7 was already used',
  ],
  answer: 2,
};

describe('quiz options at 80 columns', () => {
  it('keeps every digit in the same column when an option wraps', async () => {
    const clock = fakeClock();
    const store = createQuizStore({ questions: [LONG], meta: meta(), clock: clock.now, persist: memoryPersistence() });
    const app = await renderApp({ screen: 'quiz' }, { services: { quizSitting: { store } }, size: { columns: 80, rows: 24 } });
    await waitForFrame(app.lastFrame, 'question 1 of');
    const lines = (app.lastFrame() ?? '').split('\n');
    const columnOf = (digit: string) => {
      const line = lines.find((l) => new RegExp(`^\\s*(❯\\s+)?${digit} \\S`).test(l));
      expect(line, `a line for option ${digit}`).toBeDefined();
      return line!.indexOf(`${digit} `);
    };
    expect(columnOf('2')).toBe(columnOf('1'));
    expect(columnOf('3')).toBe(columnOf('1'));
    expect(columnOf('4')).toBe(columnOf('1'));
  });

  it("an option's wrapped lines start in the column of its text, wherever the line breaks", async () => {
    // Ink's own wrap began the next line with the space it broke at when a word ended at the edge (one column right).
    const atEdge = "Plain ends at B-current because B wrote last; fenced ends at A-late because A's token was accepted first";
    const question: DrawnQuestion = { ...LONG, id: 'q-edge', options: ['short', 'also short', atEdge, 'the last'] };
    for (const columns of [80, 81, 82, 83, 84]) {
      const store = createQuizStore({ questions: [question], meta: meta(), clock: fakeClock().now, persist: memoryPersistence() });
      const app = await renderApp({ screen: 'quiz' }, { services: { quizSitting: { store } }, size: { columns, rows: 24 } });
      await waitForFrame(app.lastFrame, 'question 1 of');
      const lines = (app.lastFrame() ?? '').split('\n');
      const first = lines.findIndex((l) => /^\s*3 Plain/.test(l));
      const textColumn = lines[first]!.indexOf('Plain');
      const next = lines[first + 1]!;
      expect(next.length - next.trimStart().length, `${columns} columns: ${next}`).toBe(textColumn);
      cleanup();
    }
  });
});
