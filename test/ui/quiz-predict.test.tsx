/**
 * Predict questions: the scenario's timeline (from the engine) up to the
 * moment in question, and, once answered, played on to the end.
 */
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadShippedBank } from '../../src/content/quiz/quiz-loader.js';
import { presentQuestion } from '../../src/core/quiz/draw.js';
import { createQuizStore } from '../../src/store/quiz-store.js';
import { inferFocus } from '../../src/ui/screens/quiz/predict-moment.js';
import { fakePlaybackTimers, playFor, press, renderApp, waitForFrame } from '../helpers/ink.js';
import { memoryPersistence, meta } from './quiz-fixtures.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const bank = loadShippedBank('stale-holder');
const question = bank.questions.find((q) => q.id === 'book-timeline-final-value')!;

async function predictApp(reducedMotion: boolean, narrate = false) {
  // The variant with the 10-tick lease: A's lease runs out while it is paused.
  const seed = [1, 2, 3, 4, 5, 6, 7, 8].find((s) => presentQuestion(question, s).variant?.overrides.ttl === 10) ?? 1;
  const drawn = presentQuestion(question, seed);
  const store = createQuizStore({ questions: [drawn], meta: meta(), persist: memoryPersistence() });
  const app = await renderApp(
    { screen: 'quiz' },
    { services: { quizSitting: { store } }, size: { columns: 80, rows: 24 }, display: { reducedMotion, narrate } },
  );
  await waitForFrame(app.lastFrame, 'question 1 of 1');
  return { ...app, drawn, frame: () => app.lastFrame() ?? '' };
}

describe('predict questions', () => {
  it('draw the run up to the moment in question, without the verdict asked about', async () => {
    const { frame } = await predictApp(true);
    expect(frame()).toContain('the run so far, up to t=30');
    const lanes = frame().split('\n');
    for (const lane of ['coordinator', 'A ', 'B ', 'sink']) expect(lanes.some((l) => l.trimStart().startsWith(lane))).toBe(true);
    const sink = lanes.find((l) => l.trimStart().startsWith('sink')) ?? '';
    expect(sink).toContain('"100"'); // B's write is in
    expect(sink).not.toContain('"1"'); // A's late write, the one that decides, is not drawn yet
  });

  it('after answering, play on to the end (at once with reduced motion)', async () => {
    const { stdin, frame, drawn } = await predictApp(true);
    await press(stdin, String((drawn.answer as number) + 1));
    expect(frame()).toContain('✓ Right.');
    await waitForFrame(frame, 'the whole run, to t=');
    const sink =
      frame()
        .split('\n')
        .find((l) => l.trimStart().startsWith('sink')) ?? '';
    expect(sink).toContain('"1"');
    expect(frame()).toContain('Source: Kleppmann'); // the feedback still fits 80x24 under the timeline
  });

  it('under --narrate says each moment so far in a sentence, and the rest at once after answering (no drawing, no ticking)', async () => {
    const { stdin, frame, drawn } = await predictApp(false, true);
    expect(frame()).toContain('the run so far, up to t=30');
    expect(frame()).toContain("t=10: A's lease ends while A is paused");
    expect(frame()).not.toContain('t=31:');
    expect(frame()).not.toMatch(/[─═│├┼▼●╳░◌]/);
    await press(stdin, String((drawn.answer as number) + 1));
    const after = await waitForFrame(frame, 'the whole run, to t=');
    expect(after).toContain('t=31: A resumes');
  });

  it('plays on tick by tick without reduced motion', async () => {
    fakePlaybackTimers();
    const { stdin, frame, drawn } = await predictApp(false);
    await press(stdin, String((drawn.answer as number) + 1));
    await waitForFrame(frame, /playing on: t=\d+|the whole run, to t=/);
    await playFor(10_000); // past the end of any shipped run, at 12 ticks a second
    await waitForFrame(frame, 'the whole run, to t=');
  });

  it('a question opened by the command line (no bank at hand) infers the write asked about', () => {
    const wr = loadShippedBank('token-contract').questions.find((q) => q.type === 'predict')!;
    if (wr.type !== 'predict') throw new Error('no predict question');
    const drawn = presentQuestion(wr, 2);
    expect(inferFocus(drawn)).toEqual({ ask: wr.ask, ...(wr.write ? { write: wr.write } : {}) });
  });
});
