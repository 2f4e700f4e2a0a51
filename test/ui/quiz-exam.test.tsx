/**
 * An exam in the app, with keys: the intro with the pass mark, "question k
 * of n", the countdown on a fake clock (always visible, and the end at zero),
 * answers changed until submitted, the summary with each missed question's
 * explanation; Ctrl-C asks first, and the second leaves and saves an
 * incomplete report in the data directory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { dataSubdir } from '../../src/platform/data-dir.js';
import { createQuizStore } from '../../src/store/quiz-store.js';
import { filePersistence } from '../../src/ui/screens/quiz/sitting.js';
import { advance, press, renderApp, waitForFrame } from '../helpers/ink.js';
import { withOwnDataDir } from './quiz-home.js';
import { fakeClock, memoryPersistence, meta, MULTIPLE, SINGLE, TRUEFALSE } from './quiz-fixtures.js';

afterEach(() => {
  cleanup();
});
withOwnDataDir();

async function examApp(options: { timeLimitMs?: number | null; files?: boolean; quiz?: string } = {}) {
  const clock = fakeClock();
  const memory = memoryPersistence();
  const store = createQuizStore({
    questions: [SINGLE, TRUEFALSE, MULTIPLE],
    meta: meta({ mode: 'exam', passMark: 70, timeLimitMs: options.timeLimitMs ?? null, quiz: options.quiz ?? 'fixture' }),
    clock: clock.now,
    persist: options.files ? filePersistence({}) : memory,
  });
  const app = await renderApp({ screen: 'quiz' }, { services: { quizSitting: { store } }, size: { columns: 80, rows: 24 } });
  await waitForFrame(app.lastFrame, 'Press enter to start');
  return { ...app, store, clock, memory, frame: () => app.lastFrame() ?? '' };
}

describe('an exam in the app', () => {
  it('shows the pass mark first, gives no feedback, lets answers change, and sums up the missed ones', async () => {
    const { stdin, frame, memory, store } = await examApp();
    expect(frame()).toContain('Pass mark: 70%');
    expect(frame()).toContain('No time limit.');
    await press(stdin, 'enter');
    expect(frame()).toContain('question 1 of 3');
    expect(frame()).toContain('answered 0 of 3');
    expect(frame()).toMatch(/←\/→ questions\s+s submit/);

    await press(stdin, '1'); // wrong, no feedback, on to question 2
    expect(frame()).not.toContain('Not right');
    expect(frame()).not.toContain('Right.');
    expect(frame()).toContain('question 2 of 3');
    expect(frame()).toContain('answered 1 of 3');

    await press(stdin, 'left'); // back to change it
    expect(frame()).toContain('question 1 of 3');
    expect(frame()).toMatch(/\(•\) The client\s+your answer/);
    await press(stdin, 'down', 'down', 'enter'); // now "The lock service": still wrong
    await press(stdin, '1'); // True: wrong
    expect(frame()).toContain('question 3 of 3');
    await press(stdin, '1', '2', '4', 'enter'); // right
    expect(frame()).toContain('answered 3 of 3');

    await press(stdin, 's');
    expect(frame()).toContain('Submit the exam? Every question is answered.');
    await press(stdin, 'esc'); // keep going
    expect(frame()).not.toContain('Submit the exam?');
    expect(store.getState().phase).toBe('question');
    await press(stdin, 's', 'enter');

    await waitForFrame(frame, 'summary');
    expect(frame()).toContain('Exam finished.');
    expect(frame()).toContain('Score 33.33%: 1 of 3 right.');
    expect(frame()).toContain('✗ NOT PASSED (pass mark 70%)');
    expect(frame()).toContain('Missed (2):');
    expect(frame()).toContain('Your answer: 3. The lock service'); // the last answer counts
    expect(frame()).toContain('The resource itself must reject lower tokens.');
    expect(memory.reports[0]!.questions[0]).toMatchObject({ response: 2, correct: false, attempts: 2 });
    expect(memory.reports[0]!.passed).toBe(false);
  });

  it('keeps a countdown on screen and ends the exam at zero, unanswered counting as wrong', async () => {
    const { stdin, frame, clock, memory } = await examApp({ timeLimitMs: 90_000 });
    expect(frame()).toContain('Time limit: 1:30');
    await press(stdin, 'enter');
    expect(frame()).toContain('time left 1:30');
    await press(stdin, '2'); // right
    clock.advance(31_000);
    await waitForFrame(frame, 'time left 0:59');
    expect(frame()).toContain('(under a minute)');
    clock.advance(59_000);
    await waitForFrame(frame, 'summary');
    expect(frame()).toContain('Exam over: the time ran out, and unanswered questions count as wrong');
    expect(frame()).toContain('Score 33.33%: 1 of 3 right.');
    const report = memory.reports[0]!;
    expect(report.expired).toBe(true);
    expect(report.questions.map((q) => q.response)).toEqual([1, null, null]);
    await press(stdin, '1'); // keys after the end change nothing
    expect(memory.reports).toHaveLength(1);
  });

  it('Ctrl-C asks "leave the exam?"; a second Ctrl-C leaves with 130 and saves an incomplete report', async () => {
    const { stdin, frame, router } = await examApp({ files: true, quiz: 'ctrl-c-fixture' });
    await press(stdin, 'enter', '2');
    await press(stdin, 'ctrl-c');
    expect(frame()).toContain('Leave the exam? Your answers so far are saved as an incomplete report.');
    expect(router.getState().exitCode).toBeNull();
    await press(stdin, 'esc'); // no: carry on
    expect(frame()).not.toContain('Leave the exam?');
    expect(router.getState().exitCode).toBeNull();
    await press(stdin, 'ctrl-c');
    expect(frame()).toContain('Leave the exam?');
    await press(stdin, 'ctrl-c');
    expect(router.getState().exitCode).toBe(130);
    // The frame left on the terminal offers no keys: it kept the question's "enter yes  esc keep going".
    expect(frame()).not.toContain('keep going');
    expect(frame()).not.toMatch(/\? help/);
    const dir = dataSubdir('reports');
    const file = readdirSync(dir).find((f) => f.includes('ctrl-c-fixture-exam'));
    expect(file).toBeDefined();
    const report = JSON.parse(readFileSync(join(dir, file!), 'utf8'));
    expect(report).toMatchObject({ incomplete: true, mode: 'exam', quiz: 'ctrl-c-fixture' });
    expect(report.questions[0]).toMatchObject({ id: 'q-single', response: 1, correct: true });
    expect(report.questions[1].response).toBeNull();
  });

  it('q during an exam asks too, and enter then leaves to the summary', async () => {
    const { stdin, frame, memory, router } = await examApp();
    await press(stdin, 'enter', 'q');
    expect(frame()).toContain('Leave the exam?');
    await press(stdin, 'enter');
    await waitForFrame(frame, 'summary');
    expect(frame()).toContain('left early: the report is marked incomplete');
    expect(memory.reports).toHaveLength(0); // nothing was answered: nothing to save
    await advance(10);
    expect(router.getState().exitCode).toBeNull();
  });

  it('the summary scrolls when the missed questions do not fit', async () => {
    const { stdin, frame } = await examApp();
    await press(stdin, 'enter', '1', '1', '3', 'enter', 's', 'enter');
    await waitForFrame(frame, 'summary');
    expect(frame()).toMatch(/↓ \d+ more lines/);
    const top = frame().split('\n')[2];
    await press(stdin, 'down', 'down', 'down');
    expect(frame().split('\n')[2]).not.toBe(top);
    await press(stdin, 'pagedown', 'pagedown', 'pagedown');
    expect(frame()).not.toMatch(/more lines/);
    expect(frame()).toContain('Source: Kleppmann 2016');
  });

  it('in ASCII mode everything on screen is ASCII', async () => {
    const clock = fakeClock();
    const store = createQuizStore({
      questions: [SINGLE, MULTIPLE],
      meta: meta({ mode: 'exam', passMark: 70, timeLimitMs: 60_000 }),
      clock: clock.now,
      persist: memoryPersistence(),
    });
    const { stdin, lastFrame } = await renderApp(
      { screen: 'quiz' },
      { services: { quizSitting: { store } }, size: { columns: 80, rows: 24 }, display: { ascii: true } },
    );
    await waitForFrame(lastFrame, 'Press enter');
    await press(stdin, 'enter', '2', 'left');
    const frames = [lastFrame() ?? ''];
    expect(frames[0]).toContain('(*) The storage (sink)');
    await press(stdin, 's', 'enter');
    await waitForFrame(lastFrame, 'summary');
    frames.push(lastFrame() ?? '');
    for (const f of frames) expect(f).toMatch(/^[\x20-\x7e\n]*$/);
    expect(frames[1]).toContain('x NOT PASSED');
  });
});
