/**
 * How many lines each part of a question takes at this size, so the screen
 * never asks Ink for more rows than it has (an overfull fixed-height box
 * draws lines over each other). When it does not all fit, the prompt (before
 * an answer) or the explanation (after one) is cut to the room left, ending
 * with an ellipsis; the source always shows. After an answer the prompt keeps
 * its first line, and its whole first paragraph only when the feedback leaves
 * room for it.
 */
import { wrapText } from './wrap.js';

export interface LayoutInput {
  rows: number;
  columns: number;
  prompt: string;
  /** Lines of everything but the prompt and the feedback (header, timeline, options, notes). */
  fixedLines: number;
  /** After an answer in practice: the explanation and source to show. */
  feedback: { explanation: string; source: string; answerLines?: string[] } | null;
}

export interface Layout {
  prompt: string[];
  /** Your answer, the right one, what was wrong (the same words as the self-check and the review). */
  answer: string[];
  explanation: string[];
  source: string[];
  /** A blank line above the feedback, when there is room for it. */
  feedbackMargin: boolean;
}

const cut = (lines: string[], room: number): string[] => {
  if (lines.length <= room) return lines;
  const kept = lines.slice(0, Math.max(1, room));
  kept[kept.length - 1] = `${kept[kept.length - 1]?.replace(/.$/u, '') ?? ''}…`;
  return kept;
};

/** Width of a paragraph line (one column of padding each side). */
export const paraWidth = (columns: number) => columns - 2;

export function layoutQuestion(input: LayoutInput): Layout {
  const width = paraWidth(input.columns);
  const { feedback } = input;
  // One line of slack: Ink's wrapping of option rows may break a word differently from ours.
  const room = input.rows - input.fixedLines - 1;
  if (!feedback) {
    const prompt = wrapText(input.prompt.replace(/\n\s*\n/g, '\n'), width, ' ');
    return { prompt: cut(prompt, room), answer: [], explanation: [], source: [], feedbackMargin: false };
  }
  // After an answer, room goes in this order: the prompt's first line, the verdict and the
  // source (always); the right answer; the explanation; your answer and the parts that were
  // wrong (the options already mark your answer); the rest of the prompt; a blank line.
  const firstLine = input.prompt.split('\n')[0] ?? '';
  const wholePrompt = wrapText(firstLine, width, ' ');
  const source = wrapText(`Source: ${feedback.source}`, width, ' ');
  const explanation = wrapText(feedback.explanation, width, ' ');
  const reports = (feedback.answerLines ?? []).map((l) => wrapText(l, width, ' '));
  // answerReportLines: [yours] when right; [yours, right, wrong parts?] when not.
  const rightIndex = reports.length >= 2 ? 1 : -1;
  let left = room - 1 - 1 - source.length;
  const take = (lines: string[]): string[] => {
    const kept = left > 0 ? cut(lines, left) : [];
    left -= kept.length;
    return kept;
  };
  const kept: string[][] = reports.map(() => []);
  if (rightIndex >= 0) kept[rightIndex] = take(reports[rightIndex] ?? []);
  const shownExplanation = take(explanation);
  reports.forEach((lines, i) => {
    if (i !== rightIndex) kept[i] = lines.length <= left ? take(lines) : [];
  });
  const prompt = wholePrompt.length - 1 <= left ? wholePrompt : cut(wholePrompt, 1 + Math.max(0, left));
  left -= prompt.length - 1;
  return { prompt, answer: kept.flat(), explanation: shownExplanation, source, feedbackMargin: left >= 1 };
}
