/**
 * After a sitting: the report where the flags say (file, or stdout with
 * --format), a short summary for people, and the exit status.
 */
import type { QuizReport } from '../../core/quiz/grading.js';
import type { DrawnQuestion } from '../../core/quiz/types.js';
import { renderReport, reportFormatFor, writeReport } from '../../reports/report-io.js';
import { sanitizeLine } from '../../content/shared/sanitize.js';
import { writeStderr, writeStdout } from '../stdout.js';
import { EXIT } from '../../platform/exit-codes.js';
import type { QuizPlan } from './quiz-settings.js';
import { sanitizeText } from '../../core/neutralise.js';

export interface Out {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** ASCII only (--ascii, or a locale that is not UTF-8): the summary's separators and ellipsis. */
  ascii?: boolean;
}

export const processOut: Out = {
  // Straight to fd 1, as JSON output goes (stdout.ts): building process.stdout loads Node's stream modules.
  stdout: (s) => writeStdout(s),
  // Notes echo paths and arguments (`--out`, `--csv`): neutralised like file content.
  stderr: (s) => writeStderr(sanitizeText(s)),
};

export function summaryLines(report: QuizReport, drawn: readonly DrawnQuestion[], ascii = false): string[] {
  const dot = ascii ? '-' : '·';
  const right = report.questions.filter((q) => q.correct).length;
  const lines = [`Score ${report.score.toFixed(2)}% (${right} of ${report.questions.length} right)`];
  if (report.passMark !== null) lines[0] += ` ${dot} pass mark ${report.passMark}% ${dot} ${report.passed ? 'passed' : 'not passed'}`;
  if (report.incomplete) lines.push('The attempt was left before the end: the report is marked incomplete.');
  if (report.expired) lines.push('The time limit ended the attempt; unanswered questions count as wrong.');
  // By number and the start of the prompt, as the learner saw them: ids are the bank's, not theirs.
  const missed = report.questions.filter((q) => !q.correct);
  if (missed.length > 0 && drawn.length > 0) {
    lines.push(`Missed ${missed.length} of ${report.questions.length}:`);
    for (const q of missed) {
      const at = drawn.findIndex((d) => d.id === q.id);
      lines.push(`  ${at + 1}. ${promptTitle(drawn[at]?.prompt ?? q.id, 70, ascii)}`);
    }
  }
  lines.push(`quiz ${report.quiz} ${dot} seed ${report.seed} ${dot} ${report.mode} ${dot} content ${report.contentHash.slice(0, 12)}`);
  return lines;
}

/** A question's prompt as a one-line title: its first line, cut at a word with an ellipsis. */
export function promptTitle(prompt: string, width: number, ascii = false): string {
  const line = sanitizeLine(prompt.split('\n')[0] ?? '').trim();
  if ([...line].length <= width) return line;
  const ellipsis = ascii ? '...' : '…';
  const cut = [...line].slice(0, width - ellipsis.length).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > width / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}${ellipsis}`;
}

/** Writes or prints the report as asked, then the summary; returns the exit status. */
export function emitReport(plan: QuizPlan, report: QuizReport, drawn: readonly DrawnQuestion[], out: Out, showSummary = true): number {
  const explanations = new Map(drawn.map((q) => [q.id, `${q.explanation} (Source: ${q.source})`]));
  const toStdout = plan.report === undefined && plan.format !== undefined;
  if (plan.report !== undefined) {
    const format = reportFormatFor(plan.report, plan.format);
    writeReport(plan.report, report, format, explanations);
    out.stderr(`Report written to ${plan.report} (${format === 'junit' ? 'JUnit XML' : 'JSON'}).\n`);
  } else if (toStdout) {
    out.stdout(renderReport(report, plan.format!, explanations));
  }
  if (showSummary) {
    const text = `${summaryLines(report, drawn, out.ascii).join('\n')}\n`;
    if (toStdout) out.stderr(text);
    else out.stdout(text);
  }
  return exitStatusFor(report);
}

function exitStatusFor(report: QuizReport): number {
  return report.passed === false ? EXIT.failed : EXIT.ok;
}
