/**
 * Feedback on one answer, in words, the same everywhere it is shown (the
 * lesson's self-check, practice, the plain quiz, the exam review): the
 * learner's choice, the right one, and for a multiple or ordering question
 * which parts were wrong. Pure text from the question as drawn.
 */
import type { DrawnQuestion, Response } from './types.js';

export interface AnswerReport {
  /** "Your answer: ..." */
  yours: string;
  /** "Right answer: ..." */
  right: string;
  /** Multiple and ordering, when wrong: which parts were wrong. */
  wrongParts: string | null;
}

const ORDINALS = ['1st', '2nd', '3rd'];
const ordinal = (i: number) => ORDINALS[i] ?? `${i + 1}th`;

function list(response: Response | null): number[] | null {
  if (response === null) return null;
  return typeof response === 'number' ? [response] : [...response];
}

function option(q: DrawnQuestion, i: number): string {
  return `${i + 1}. ${q.options[i] ?? '?'}`;
}

function describe(q: DrawnQuestion, response: Response | null): string {
  const picked = list(response);
  if (picked === null) return 'not answered';
  if (picked.length === 0) return 'nothing ticked';
  // An order is told by the texts: the numbers change as options move.
  if (q.type === 'ordering') return picked.map((i) => q.options[i] ?? '?').join(' → ');
  return picked.map((i) => option(q, i)).join('; ');
}

function wrongParts(q: DrawnQuestion, response: Response | null): string | null {
  const picked = list(response);
  const key = list(q.answer) ?? [];
  if (picked === null) return null;
  if (q.type === 'multiple') {
    const extra = picked.filter((i) => !key.includes(i));
    const missed = key.filter((i) => !picked.includes(i));
    const parts = [
      ...(extra.length > 0 ? [`ticked but wrong: ${extra.map((i) => option(q, i)).join('; ')}`] : []),
      ...(missed.length > 0 ? [`missed: ${missed.map((i) => option(q, i)).join('; ')}`] : []),
    ];
    return parts.length > 0 ? `${parts.join('. ')}.` : null;
  }
  if (q.type === 'ordering') {
    const misplaced = picked.flatMap((opt, place) => {
      const belongs = key.indexOf(opt);
      return belongs === place || belongs < 0 ? [] : [`"${q.options[opt] ?? '?'}" (${ordinal(belongs)}, not ${ordinal(place)})`];
    });
    return misplaced.length > 0 ? `Out of place: ${misplaced.join('; ')}.` : null;
  }
  return null;
}

export function answerReport(q: DrawnQuestion, response: Response | null): AnswerReport {
  const noun = q.type === 'ordering' ? 'order' : 'answer';
  return { yours: `Your ${noun}: ${describe(q, response)}`, right: `Right ${noun}: ${describe(q, q.answer)}`, wrongParts: wrongParts(q, response) };
}

/** The report as lines: your answer, the right one when it differs, what was wrong. */
export function answerReportLines(q: DrawnQuestion, response: Response | null, correct: boolean): string[] {
  const r = answerReport(q, response);
  if (correct) return [r.yours];
  return [r.yours, r.right, ...(r.wrongParts ? [r.wrongParts] : [])];
}
