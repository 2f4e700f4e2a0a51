/**
 * The lesson's self-check as styled lines: one question at a time, its
 * options numbered 1-9, the feedback and explanation after an answer, and
 * a tally once every question has been answered. Pure.
 */
import { isCorrect } from '../../core/quiz/answers.js';
import { ORDERING_HELP, ORDERING_SELECTED_NOTE } from '../../core/quiz/ordering-draft.js';
import { sanitizeLine } from '../../content/shared/sanitize.js';
import { answeredInSitting, type SelfCheck } from '../../store/reader-store.js';
import { type Span, type StyledLine, wrapSpans } from './styled-text.js';

export interface SelfCheckLinesOptions {
  width: number;
  focused: boolean;
  symbols: { pointer: string; accepted: string; rejected: string; dot: string };
  /** Answers kept from earlier visits: question id -> first-try correctness. */
  earlier: Readonly<Record<string, { correct: boolean }>>;
}

function hanging(text: string, width: number, first: string, rest: string, style: Omit<Span, 'text'> = {}, note = ''): StyledLine[] {
  // The note (an ordering's "(selected: ...)", in brackets) stands apart from the option's words.
  const spans: Span[] = [{ ...style, text }, ...(note === '' ? [] : [{ text: ` ${note}`, role: 'muted' as const }])];
  return wrapSpans(spans, width - first.length).map((l, i) => [{ text: i === 0 ? first : rest }, ...l]);
}

export function selfCheckLines(sc: SelfCheck | null, o: SelfCheckLinesOptions): StyledLine[] {
  const width = Math.max(20, o.width);
  if (!sc || sc.session.config.questions.length === 0) {
    return wrapSpans([{ text: 'No self-check questions could be found for this lesson.', role: 'muted' }], width);
  }
  const qs = sc.session.config.questions;
  const index = sc.session.current;
  const q = qs[index];
  if (!q) return [];
  const rec = sc.session.answers[index];
  const out: StyledLine[] = [];
  const answered = answeredInSitting(sc);
  const firstRight = sc.session.answers.filter((a, i) => a.attempts > 0 && a.first !== null && isFirstRight(sc, i)).length;
  const before = o.earlier[q.id];
  out.push([
    { text: `Question ${index + 1} of ${qs.length}`, bold: true },
    { text: `  ${answered} answered`, role: 'muted' },
    ...(before && rec?.attempts === 0
      ? [{ text: ` ${o.symbols.dot} answered on an earlier visit (${before.correct ? 'right' : 'wrong'} first time)`, role: 'muted' as const }]
      : []),
  ]);
  for (const para of sanitizeLine(q.prompt).split(/\n\s*\n/)) out.push(...wrapSpans([{ text: para }], width));
  const hint =
    q.type === 'multiple'
      ? 'Choose every right option (digits or space toggle), then enter.'
      : q.type === 'ordering'
        ? ORDERING_HELP
        : 'Answer with a digit, or the arrows and enter.';
  out.push(...wrapSpans([{ text: hint, role: 'muted', italic: true }], width));
  // An ordering shows its events in the learner's order, numbered by place, as the quiz does.
  const rows = q.type === 'ordering' ? sc.picked : q.options.map((_, i) => i);
  rows.forEach((option, row) => {
    const selected = o.focused && sc.highlighted === row;
    const pointer = selected ? o.symbols.pointer : ' ';
    const mark = q.type === 'multiple' ? (sc.picked.includes(option) ? '[x] ' : '[ ] ') : '';
    const prefix = `${pointer} ${row + 1}. ${mark}`;
    const style: Omit<Span, 'text'> = selected ? { bold: true, role: 'selected' } : {};
    const note = q.type === 'ordering' && selected && !sc.feedback ? ORDERING_SELECTED_NOTE : '';
    out.push(...hanging(sanitizeLine(q.options[option] ?? ''), width, prefix, ' '.repeat(prefix.length), style, note));
  });
  if (sc.feedback) {
    const f = sc.feedback;
    out.push([]);
    out.push([
      { text: f.correct ? `${o.symbols.accepted} Right.` : `${o.symbols.rejected} Not quite.`, bold: true, role: f.correct ? 'good' : 'bad' },
      { text: f.correct ? '' : ' Try again, or read why:', role: 'muted' },
    ]);
    for (const line of f.answerLines) out.push(...wrapSpans([{ text: sanitizeLine(line) }], width));
    out.push(...wrapSpans([{ text: sanitizeLine(f.explanation) }], width));
    if (f.source) out.push(...wrapSpans([{ text: `Source: ${sanitizeLine(f.source)}`, role: 'muted' }], width));
    out.push(
      ...wrapSpans([{ text: index + 1 < qs.length ? 'Press enter for the next question.' : 'Press enter to finish.', role: 'muted', italic: true }], width),
    );
  }
  if (answered === qs.length) {
    out.push([]);
    out.push([{ text: `Self-check done: ${firstRight} of ${qs.length} right the first time.`, bold: true, role: 'good' }]);
  }
  return out;
}

function isFirstRight(sc: SelfCheck, i: number): boolean {
  const q = sc.session.config.questions[i];
  const a = sc.session.answers[i];
  return Boolean(q && a && isCorrect(q, a.first));
}
