/**
 * The quiz as numbered text prompts read line by line (`--plain` on a
 * terminal): for screen readers and simple terminals. The session state
 * machine decides everything; this file only prints and reads.
 *
 * Streams, clock and timers are injected so tests drive it without a TTY.
 */
import { stepsBlock } from '../../core/quiz/predict-steps.js';
import { createInterface } from 'node:readline';
import { parseTypedResponse } from '../../core/quiz/answers.js';
import * as S from '../../core/quiz/session.js';
import type { DrawnQuestion } from '../../core/quiz/types.js';
import type { QuizMode } from '../../core/quiz/grading.js';
import { modeRules } from '../../core/quiz/mode-rules.js';
import { lessonPointer } from '../../content/shared/lesson-pointer.js';

export interface PlainIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  now: () => number;
  columns: number;
  /** For the time limit; defaults to setTimeout/clearTimeout. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface PlainOptions {
  questions: DrawnQuestion[];
  mode: QuizMode;
  timeLimitMs: number | null;
  passMark: number | null;
  heading: string;
  /** Told of every state change (so a SIGTERM can still save an incomplete report). */
  onState?: (state: S.SessionState) => void;
}

export interface PlainOutcome {
  state: S.SessionState;
  /** True when the learner left (Ctrl-C twice in an exam, once elsewhere, or q). */
  left: boolean;
}

function wrap(text: string, width: number, indent = ''): string {
  const w = Math.max(20, width - indent.length);
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      if (line !== '' && line.length + 1 + word.length > w) {
        out.push(indent + line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    out.push(indent + line);
  }
  return out.join('\n');
}

function clock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function instructions(q: DrawnQuestion, mode: QuizMode): string {
  const how =
    q.type === 'multiple'
      ? 'Type the numbers of every option that applies, e.g. 1,3.'
      : q.type === 'ordering'
        ? `Type the numbers in the correct order, first event first, e.g. ${q.options.map((_, i) => q.options.length - i).join(' ')}.`
        : 'Type the number of your answer.';
  return modeRules(mode).hints ? `${how} h for a hint, Enter skips, q quits.` : `${how} Enter skips; q leaves.`;
}

export async function runPlainQuiz(opts: PlainOptions, io: PlainIo): Promise<PlainOutcome> {
  const write = (s = '') => io.output.write(`${s}\n`);
  const rl = createInterface({ input: io.input, output: io.output, terminal: Boolean((io.input as { isTTY?: boolean }).isTTY) });
  const lines: string[] = [];
  let waiting: ((line: string | null) => void) | null = null;
  let ended = false;
  let left = false;
  let timeUp = false;
  let ctrlCArmed = false;
  const wake = (line: string | null) => {
    const w = waiting;
    waiting = null;
    w?.(line);
  };
  rl.on('line', (l) => (waiting ? wake(l) : lines.push(l)));
  rl.on('close', () => {
    ended = true;
    wake(null);
  });
  const leaveNow = () => {
    left = true;
    ended = true;
    wake(null);
  };
  const interrupt = () => {
    if (modeRules(opts.mode).confirmLeave && !ctrlCArmed) {
      ctrlCArmed = true;
      write('\nLeave the exam? Press Ctrl-C again to leave; your answers so far are saved as an incomplete report. Type an answer to carry on.');
      return;
    }
    leaveNow();
  };
  rl.on('SIGINT', interrupt);
  const ask = (prompt: string): Promise<string | null> => {
    opts.onState?.(state);
    if (ended) return Promise.resolve(null);
    io.output.write(prompt);
    const queued = lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve) => {
      waiting = resolve;
    });
  };

  let state = S.startSession({ questions: opts.questions, mode: opts.mode, timeLimitMs: opts.timeLimitMs, passMark: opts.passMark }, io.now());
  const setTimer = io.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = io.clearTimer ?? ((h) => clearTimeout(h as NodeJS.Timeout));
  let timer: unknown = null;
  if (opts.timeLimitMs !== null) {
    timer = setTimer(() => {
      write('\nTime is up.');
      timeUp = true;
      ended = true;
      wake(null);
    }, opts.timeLimitMs);
  }

  const n = opts.questions.length;
  write(opts.heading);
  if (opts.passMark !== null) write(`Pass mark: ${opts.passMark}%.`);
  if (opts.timeLimitMs !== null) write(`Time limit: ${clock(opts.timeLimitMs)}.`);

  const show = (i: number, eliminated: number[] = []) => {
    const q = opts.questions[i]!;
    const left = S.timeLeftMs(state, io.now());
    write('');
    write(`Question ${i + 1} of ${n} (${q.type}, ${q.difficulty})${left === null ? '' : `, time left ${clock(left)}`}`);
    // No timeline here: a predict question brings its steps.
    write(wrap(q.prompt + stepsBlock(q.steps), io.columns));
    q.options.forEach((o, k) => {
      if (!eliminated.includes(k)) write(wrap(`${k + 1}. ${o}`, io.columns, '  ').replace(/^ {2}/, '  '));
    });
    write(instructions(q, opts.mode));
  };

  const askOne = async (i: number): Promise<'next' | 'stop'> => {
    state = S.goTo(state, i, io.now());
    show(i, state.answers[i]!.eliminated);
    for (;;) {
      const line = await ask('Answer: ');
      state = S.tick(state, io.now());
      if (line === null || state.status === 'finished') return 'stop';
      const t = line.trim();
      if (t === '') return 'next';
      if (t.toLowerCase() === 'q') {
        if (modeRules(opts.mode).confirmLeave && !ctrlCArmed) {
          ctrlCArmed = true;
          write('Leave the exam? Type q again to leave (an incomplete report is saved), or an answer to carry on.');
          continue;
        }
        leaveNow();
        return 'stop';
      }
      if (t.toLowerCase() === 'h' && modeRules(opts.mode).hints) {
        const r = S.hint(state, io.now());
        state = r.state;
        if (r.hint) {
          if (r.hint.text) write(wrap(`Hint: ${r.hint.text}`, io.columns));
          const { name, command } = lessonPointer(r.hint.lesson);
          write(wrap(`See ${name} (${command}).`, io.columns));
          if (r.hint.eliminated.length > 0) show(i, r.hint.eliminated);
        }
        continue;
      }
      const q = opts.questions[i]!;
      const parsed = parseTypedResponse(q, t);
      if ('error' in parsed) {
        write(`${parsed.error}.`);
        continue;
      }
      ctrlCArmed = false;
      const r = S.answer(state, parsed.response, io.now());
      state = r.state;
      if (r.refused === 'finished') return 'stop';
      if (!r.feedback) return 'next';
      write(r.feedback.correct ? 'Right.' : 'Not quite.');
      for (const line of r.feedback.answerLines) write(wrap(line, io.columns));
      write(wrap(r.feedback.explanation, io.columns));
      write(wrap(`Source: ${r.feedback.source}`, io.columns));
      if (r.feedback.correct) return 'next';
      write('Try again (your first answer is the one that counts), or press Enter to go on.');
    }
  };

  let stopped = false;
  for (let i = 0; i < n && !stopped; i++) stopped = (await askOne(i)) === 'stop';
  if (!stopped && modeRules(opts.mode).confirmSubmit && n > 0) {
    for (;;) {
      const unanswered = state.answers.map((a, i) => (a.current === null ? i + 1 : 0)).filter(Boolean);
      write('');
      write(unanswered.length === 0 ? 'Every question has an answer.' : `Not answered: ${unanswered.join(', ')}.`);
      const line = await ask('Type a question number to change its answer, or press Enter to submit: ');
      state = S.tick(state, io.now());
      if (line === null || state.status === 'finished') break;
      const k = Number(line.trim());
      if (line.trim() === '') break;
      if (Number.isInteger(k) && k >= 1 && k <= n) {
        if ((await askOne(k - 1)) === 'stop') break;
      } else write(`There is no question ${line.trim()}; choose from 1 to ${n}.`);
    }
  }
  if (timer !== null) clearTimer(timer);
  rl.close();
  // The timer fires at the deadline; a coarse clock must not make it look early.
  const now = timeUp ? Math.max(io.now(), S.deadline(state) ?? 0) : io.now();
  state = left ? S.leave(state, now) : S.submit(S.tick(state, now), now);
  return { state, left };
}
