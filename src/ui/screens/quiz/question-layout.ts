/**
 * How many lines each part of a question takes at this size, so the screen
 * never asks Ink for more rows than it has (an overfull fixed-height box
 * draws lines over each other). When it does not all fit, the prompt (before
 * an answer) or the explanation (after one) is cut to the room left, ending
 * with an ellipsis; everything else, and the source, always shows.
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
  const firstLine = input.prompt.split('\n')[0] ?? '';
  const prompt = cut(wrapText(firstLine, width, ' '), 1);
  const source = wrapText(`Source: ${feedback.source}`, width, ' ');
  const explanation = wrapText(feedback.explanation, width, ' ');
  // Prompt, verdict and source are kept; the answer report, then the explanation, get what is left.
  const left = room - prompt.length - 1 - source.length;
  const answerLines = (feedback.answerLines ?? []).flatMap((l) => wrapText(l, width, ' '));
  const answer = answerLines.length > 0 && left > 0 ? cut(answerLines, left) : [];
  let rest = left - answer.length;
  const feedbackMargin = rest - 1 >= explanation.length;
  if (feedbackMargin) rest -= 1;
  return { prompt, answer, explanation: rest > 0 ? cut(explanation, rest) : [], source, feedbackMargin };
}
