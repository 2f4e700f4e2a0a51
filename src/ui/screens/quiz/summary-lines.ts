/**
 * The end of a sitting as lines: the score and, in an exam, the pass mark and
 * the verdict; where the report went; then each missed question with the
 * answer given, the right one, the explanation and the source. Pure, so it
 * is tested without a terminal and scrolled by line.
 */
import { sanitizeLine } from '../../../content/shared/sanitize.js';
import { answerReport } from '../../../core/quiz/answer-report.js';
import { modeRules } from '../../../core/quiz/mode-rules.js';
import type { DrawnQuestion } from '../../../core/quiz/types.js';
import type { QuizFields } from '../../../store/quiz-store.js';
import type { ColorRole, Symbols } from '../../theme.js';
import { wrapText } from './wrap.js';

export interface SummaryLine {
  text: string;
  role?: ColorRole;
  bold?: boolean;
}

export function summaryLines(state: QuizFields, symbols: Symbols, width: number): SummaryLine[] {
  const report = state.report;
  if (!report) return [];
  const out: SummaryLine[] = [];
  const w = Math.max(30, width - 2);
  const right = report.questions.filter((r) => r.correct).length;
  const n = report.questions.length;
  const how = report.incomplete
    ? 'left early: the report is marked incomplete'
    : report.expired
      ? 'over: the time ran out, and unanswered questions count as wrong'
      : 'finished';
  out.push({ text: `${modeRules(state.meta.mode).label} ${how}.`, bold: true });
  out.push({ text: `Score ${report.score}%: ${right} of ${n} right${modeRules(state.meta.mode).counts === 'first' ? ' on the first try' : ''}.` });
  if (report.passMark !== null) {
    out.push(
      report.passed
        ? { text: `${symbols.accepted} PASSED (pass mark ${report.passMark}%)`, role: 'good', bold: true }
        : { text: `${symbols.rejected} NOT PASSED (pass mark ${report.passMark}%)`, role: 'bad', bold: true },
    );
  }
  if (state.saveError) {
    const what = state.savedTo.length > 0 ? 'Not every copy of the report was saved' : 'The report could not be saved';
    out.push(...wrapText(`${what}: ${sanitizeLine(state.saveError)}.`, w).map((text) => ({ text, role: 'bad' as const })));
  }
  for (const path of state.savedTo) out.push(...wrapText(`Report saved: ${sanitizeLine(path)}`, w).map((text) => ({ text, role: 'muted' as const })));
  const missed = report.questions
    .map((r, i) => ({ r, q: state.questions[i] }))
    .filter((x): x is { r: (typeof report.questions)[number]; q: DrawnQuestion } => !x.r.correct && x.q !== undefined);
  out.push({ text: '' });
  if (missed.length === 0) {
    out.push({ text: `${symbols.accepted} Nothing missed.`, role: 'good' });
    return out;
  }
  out.push({ text: `Missed (${missed.length}):`, bold: true });
  for (const { r, q } of missed) {
    const number = state.questions.indexOf(q) + 1;
    out.push({ text: '' });
    out.push(...wrapText(`${symbols.rejected} ${number}. ${q.prompt.split('\n')[0] ?? ''}`, w).map((text) => ({ text, role: 'bad' as const })));
    // The same words as the feedback in practice and in a lesson's self-check (answer-report.ts).
    const said = answerReport(q, r.response);
    out.push(...wrapText(said.yours, w, '   ').map((text) => ({ text })));
    out.push(...wrapText(said.right, w, '   ').map((text) => ({ text, role: 'good' as const })));
    if (said.wrongParts) out.push(...wrapText(said.wrongParts, w, '   ').map((text) => ({ text, role: 'bad' as const })));
    out.push(...wrapText(q.explanation, w, '   ').map((text) => ({ text })));
    out.push(...wrapText(`Source: ${q.source}`, w, '   ').map((text) => ({ text, role: 'muted' as const })));
  }
  return out;
}
