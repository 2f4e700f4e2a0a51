/**
 * The route `fence-tutor quiz` opens on a terminal (src/cli/quiz/quiz-run.ts):
 * drawn questions and settled settings. The app sits exactly those, saves the
 * report where --report says, and ends with the quiz's exit status.
 */
import type { QuizRoute } from '../../src/store/routes.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { sittingFromRoute } from '../../src/ui/screens/quiz/sitting.js';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';
import { SINGLE, TRUEFALSE } from './quiz-fixtures.js';
import { withOwnDataDir } from './quiz-home.js';

withOwnDataDir();
let dir = '';
afterEach(() => {
  cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** What quiz-run.ts puts in the route (null where a flag was not given). */
function cliRoute(over: Partial<QuizRoute> = {}): QuizRoute {
  return {
    screen: 'quiz',
    mode: 'exam',
    quiz: 'token-contract',
    title: 'The token contract',
    contentHash: 'hash-1',
    seed: 9,
    count: null,
    timeLimitMs: null,
    passMark: 70,
    student: 'ada',
    report: null,
    format: null,
    assignment: null,
    questions: [SINGLE, TRUEFALSE],
    ...over,
  };
}

describe('the route from `fence-tutor quiz`', () => {
  it('keeps the drawn questions and the settings as given', () => {
    const opened = sittingFromRoute(cliRoute({ timeLimitMs: 600_000 }));
    if (!opened || 'empty' in opened) throw new Error('not opened');
    expect(opened.questions.map((q) => q.id)).toEqual(['q-single', 'q-tf']);
    expect(opened.meta).toMatchObject({
      quiz: 'token-contract',
      title: 'The token contract',
      contentHash: 'hash-1',
      seed: 9,
      mode: 'exam',
      student: 'ada',
      passMark: 70,
      timeLimitMs: 600_000,
    });
    const practice = sittingFromRoute(cliRoute({ mode: 'practice', passMark: null }));
    if (!practice || 'empty' in practice) throw new Error('not opened');
    expect(practice.meta.passMark).toBeNull();
    expect(sittingFromRoute(cliRoute({ mode: 'review', questions: [] }))).toEqual({ empty: expect.stringMatching(/Nothing is due/) });
    expect(sittingFromRoute({ screen: 'quiz' })).toBeNull();
  });

  it('review with nothing due says so, and its hint line offers q alone (it offered the menu: move, start)', async () => {
    const { lastFrame } = await renderApp(cliRoute({ mode: 'review', questions: [] }));
    const frame = await waitForFrame(lastFrame, 'Nothing is due for review');
    expect(frame).toMatch(/^ \? help {2}q back\s*$/m);
    expect(frame).not.toContain('enter start');
  });

  it('writes --report and ends the app with 1 when the exam is not passed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-cli-route-'));
    const report = join(dir, 'me.json');
    const { stdin, lastFrame, router } = await renderApp(cliRoute({ report }), { size: { columns: 80, rows: 24 } });
    await waitForFrame(lastFrame, 'Press enter to start');
    await press(stdin, 'enter', '1', '2', 's', 'enter');
    await waitForFrame(lastFrame, 'NOT PASSED');
    expect(lastFrame()).toContain(`Report saved: ${report}`.slice(0, 40));
    const written = JSON.parse(readFileSync(report, 'utf8'));
    expect(written).toMatchObject({ quiz: 'token-contract', seed: 9, student: 'ada', mode: 'exam', score: 50, passed: false, title: 'The token contract' });
    expect(router.getState().exitCode).toBeNull();
    await press(stdin, 'enter');
    expect(router.getState().exitCode).toBe(1);
  });

  it('a practice opened from the command line ends with 0 from its summary', async () => {
    const { stdin, lastFrame, router } = await renderApp(cliRoute({ mode: 'practice', passMark: null, questions: [TRUEFALSE] }), {
      size: { columns: 80, rows: 24 },
    });
    await waitForFrame(lastFrame, 'question 1 of 1');
    await press(stdin, '2', 'enter');
    await waitForFrame(lastFrame, 'summary');
    await press(stdin, 'q');
    expect(router.getState().exitCode).toBe(0);
  });

  it('strips escape sequences and control characters from what it shows', async () => {
    const hostile = { ...SINGLE, prompt: 'Who checks\u001b[2J\u001b]0;pwned\u0007 the token?', options: ['a\u001b[31m', 'b\u0007', 'c', 'd'] };
    const { lastFrame } = await renderApp(cliRoute({ mode: 'practice', passMark: null, questions: [hostile], title: 'T\u001b[1m' }), {
      size: { columns: 80, rows: 24 },
    });
    await waitForFrame(lastFrame, 'question 1 of 1');
    expect(lastFrame()).toContain('Who checks the token?');
    expect(lastFrame()).not.toContain('\u001b');
    expect(lastFrame()).not.toContain('\u0007');
  });
});
