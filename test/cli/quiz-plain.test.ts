import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runPlainQuiz } from '../../src/cli/quiz/quiz-plain.js';
import { lessonPointer } from '../../src/content/shared/lesson-pointer.js';
import { drawQuestions } from '../../src/core/quiz/draw.js';
import * as S from '../../src/core/quiz/session.js';
import type { DrawnQuestion } from '../../src/core/quiz/types.js';
import { FIXTURE_BANK } from '../core/quiz/fixtures.js';

const typed = (q: DrawnQuestion, right: boolean): string => {
  if (q.type === 'ordering') {
    const key = q.answer as number[];
    return (right ? key : [...key].reverse()).map((i) => i + 1).join(' ');
  }
  if (q.type === 'multiple') return right ? (q.answer as number[]).map((i) => i + 1).join(',') : String(q.options.length);
  const k = q.answer as number;
  return String((right ? k : (k + 1) % q.options.length) + 1);
};

function harness(lines: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (d) => {
    text += String(d);
  });
  let t = 0;
  const io = { input, output, now: () => t, columns: 80 };
  // Feed one line each time a prompt appears, so the runner reads them in turn.
  let i = 0;
  output.on('data', (d) => {
    if (/(Answer: |submit: )$/.test(String(d)) && i < lines.length) {
      const line = lines[i++]!;
      t += 1000;
      setImmediate(() => input.write(`${line}\n`));
    }
  });
  return { io, out: () => text };
}

describe('plain quiz prompts', () => {
  const qs = drawQuestions(FIXTURE_BANK, 21, 3);

  it('practice: numbered options, feedback, a retry that keeps the first try, a hint', async () => {
    const [a, b, c] = qs as [DrawnQuestion, DrawnQuestion, DrawnQuestion];
    const h = harness([typed(a, false), typed(a, true), 'x', typed(b, true), 'h', typed(c, true)]);
    const { state, left } = await runPlainQuiz({ questions: qs, mode: 'practice', timeLimitMs: null, passMark: null, heading: 'Quiz fixture' }, h.io);
    expect(left).toBe(false);
    const out = h.out();
    expect(out).toContain('Question 1 of 3');
    expect(out).toMatch(/\n {2}1\. /);
    expect(out).toContain('Not quite.');
    // The same words as the self-check and the exam review: your answer, the right one.
    expect(out).toMatch(/Not quite\.\nYour answer: \d\. .*\nRight answer: \d\. /);
    expect(out).toContain('Try again');
    expect(out).toContain('Right.');
    expect(out).toMatch(/type option numbers only/);
    const pointer = lessonPointer(c.lesson);
    expect(out.replace(/\s+/g, ' ')).toContain(`See ${pointer.name} (${pointer.command}).`);
    const res = S.results(state);
    expect(res.map((r) => r.correct)).toEqual([false, true, true]);
    expect(res[0]!.attempts).toBe(2);
  });

  it('exam: no feedback, change an answer before submitting, the last one counts', async () => {
    const [a, b, c] = qs as [DrawnQuestion, DrawnQuestion, DrawnQuestion];
    const h = harness([typed(a, false), typed(b, true), '', '1', typed(a, true), '']);
    const { state } = await runPlainQuiz({ questions: qs, mode: 'exam', timeLimitMs: null, passMark: 70, heading: 'Quiz fixture' }, h.io);
    const out = h.out();
    expect(out).not.toContain('Right.');
    expect(out).toContain('Not answered: 3.');
    expect(out).toContain('Pass mark: 70%.');
    expect(S.results(state).map((r) => r.correct)).toEqual([true, true, false]);
    expect(state.endReason).toBe('submitted');
    void c;
  });

  it('exam: q asks first, then leaves with the answers so far', async () => {
    const h = harness([typed(qs[0]!, true), 'q', 'q']);
    const { state, left } = await runPlainQuiz({ questions: qs, mode: 'exam', timeLimitMs: null, passMark: 70, heading: 'Quiz fixture' }, h.io);
    expect(left).toBe(true);
    expect(h.out()).toContain('Leave the exam?');
    expect(state.endReason).toBe('left');
    expect(S.results(state)[0]!.correct).toBe(true);
  });

  it('exam: the time limit ends it through the injected timer', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (d) => {
      text += String(d);
    });
    let fire: (() => void) | null = null;
    let t = 0;
    const run = runPlainQuiz(
      { questions: qs, mode: 'exam', timeLimitMs: 60_000, passMark: 70, heading: 'Quiz fixture' },
      {
        input,
        output,
        now: () => t,
        columns: 80,
        setTimer: (fn) => {
          fire = fn;
          return 1;
        },
        clearTimer: () => {},
      },
    );
    await new Promise((r) => setImmediate(r));
    expect(text).toContain('Time limit: 1:00.');
    expect(text).toContain('time left 1:00');
    t = 60_000;
    fire!();
    const { state } = await run;
    expect(text).toContain('Time is up.');
    expect(state.endReason).toBe('expired');
    expect(S.results(state).every((r) => !r.correct)).toBe(true);
  });
});

describe('plain quiz and predict questions', () => {
  it('prints the scenario’s steps under the prompt, since no timeline is drawn', async () => {
    const { loadShippedBank } = await import('../../src/content/quiz/quiz-loader.js');
    const { presentQuestion } = await import('../../src/core/quiz/draw.js');
    const q = loadShippedBank('token-contract').questions.find((x) => x.type === 'predict')!;
    const drawn = presentQuestion(q, 5);
    const h = harness([typed(drawn, true)]);
    await runPlainQuiz({ questions: [drawn], mode: 'practice', timeLimitMs: null, passMark: null, heading: 'Predict' }, h.io);
    const out = h.out();
    expect(out).toContain('Steps of the scenario:');
    expect(out).toContain('t=31 A resumes');
    expect(out).toContain('t=31 A writes "1"');
  });
});
