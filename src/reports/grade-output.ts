/**
 * `grade` output: text for people, CSV for spreadsheets. Every text cell
 * (a student, a file name, a quiz: all data a learner chose) is neutralised
 * as on the terminal (no escape sequence, OSC title or bidi override), and
 * a cell a spreadsheet would read as a formula (starting with =, +, -, @,
 * tab or CR) is written as text: an apostrophe first, inside a quoted cell
 * (OWASP, "CSV Injection").
 */
import { join } from 'node:path';
import { type GradeGroup, groupLabel } from '../core/quiz/class-grade.js';
import { writeUserFileAtomic } from '../platform/atomic-file.js';
import { sanitizeLine } from '../core/neutralise.js';
import type { ExerciseGradeRow } from './exercise-report.js';

export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const s = sanitizeLine(value);
  // Tested on the raw text too: a tab or CR that neutralising turned into a space still starts the cell.
  if (/^[\t\r]/.test(value) || /^\s*[=+\-@]/.test(s)) return `"'${s.replace(/"/g, '""')}"`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csv(header: string[], rows: (string | number | boolean | null)[][]): string {
  return `${[header, ...rows].map((r) => r.map((c) => csvCell(c)).join(',')).join('\r\n')}\r\n`;
}

export function gradeCsv(groups: readonly GradeGroup[]): { students: string; questions: string; topics: string } {
  return {
    students: csv(
      ['group', 'quiz', 'contentHash', 'student', 'file', 'score', 'passed', 'timeTakenMs', 'incomplete', 'seed', 'mode', 'verified', 'flags'],
      groups.flatMap((g) =>
        g.students.map((s) => [
          groupLabel(g),
          g.quiz,
          g.contentHash,
          s.student,
          s.file,
          s.score,
          s.passed,
          s.timeTakenMs,
          s.incomplete,
          s.seed,
          s.mode,
          s.verified,
          s.flags.join('; '),
        ]),
      ),
    ),
    questions: csv(
      ['group', 'question', 'right', 'total', 'percentRight'],
      groups.flatMap((g) => g.questions.map((q) => [groupLabel(g), q.id, q.right, q.total, q.percentRight])),
    ),
    topics: csv(
      ['group', 'tag', 'average', 'answers'],
      groups.flatMap((g) => g.topics.map((t) => [groupLabel(g), t.tag, t.average, t.answers])),
    ),
  };
}

/** Exercise reports graded beside the quizzes: one row per student and exercise. */
function exerciseCsv(rows: readonly ExerciseGradeRow[]): string {
  return csv(
    ['student', 'file', 'exercise', 'passed', 'checksPassed', 'checksTotal', 'failed', 'fileSha256', 'version', 'startedAt'],
    rows.map((r) => [r.student, r.file, r.exercise, r.passed, r.checksPassed, r.checksTotal, r.failed.join('; '), r.fileSha256, r.version, r.startedAt]),
  );
}

export function writeGradeCsv(dir: string, groups: readonly GradeGroup[], exercises: readonly ExerciseGradeRow[] = []): string[] {
  // exercises.csv only when exercise reports were given: a quiz-only class gets the three files it always did.
  const files: Record<string, string> = { ...gradeCsv(groups), ...(exercises.length > 0 ? { exercises: exerciseCsv(exercises) } : {}) };
  const written: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, `${name}.csv`);
    writeUserFileAtomic(path, text, 'the CSV file', '--csv');
    written.push(path);
  }
  return written;
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => `  ${r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ')}`.trimEnd());
}

export function gradeText(groups: readonly GradeGroup[], ascii = false): string {
  const out: string[] = [];
  const dot = ascii ? '-' : '·';
  for (const g of groups) {
    out.push(`Quiz ${g.quiz} ${dot} content ${g.contentHash.slice(0, 12)} ${dot} ${g.students.length} report${g.students.length === 1 ? '' : 's'}`);
    out.push('', 'Students');
    out.push(
      ...table([
        ['student', 'score', 'passed', 'time', 'incomplete'],
        ...g.students.map((s) => [
          s.student,
          `${s.score.toFixed(2)}%`,
          s.passed === null ? '-' : s.passed ? 'yes' : 'no',
          duration(s.timeTakenMs),
          s.incomplete ? 'yes' : 'no',
        ]),
      ]),
    );
    const flagged = g.students.filter((s) => s.flags.length > 0);
    if (flagged.length > 0) {
      out.push('', 'Flags (scores above are recomputed from the answers)');
      // A flag names files (the row's and the others'): paths are the learners' choosing, neutralised like their content.
      for (const s of flagged) for (const f of s.flags) out.push(sanitizeLine(`  ${s.student} (${s.file}): ${f}`));
    }
    out.push('', 'Questions, hardest first');
    out.push(...table([['question', 'right', 'percent'], ...g.questions.map((q) => [q.id, `${q.right}/${q.total}`, `${q.percentRight.toFixed(2)}%`])]));
    out.push('', 'Topics');
    out.push(...table([['tag', 'average', 'answers'], ...g.topics.map((t) => [t.tag, `${t.average.toFixed(2)}%`, String(t.answers)])]));
    out.push('');
  }
  return `${out.join('\n')}`;
}
