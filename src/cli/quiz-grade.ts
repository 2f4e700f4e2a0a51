/**
 * `fence-tutor grade REPORT... [--json] [--csv DIR]`: class results from
 * JSON reports, grouped by quiz and content hash (never mixed).
 */
import { gradeClass } from '../core/quiz/class-grade.js';
import { ContentError, type Problem } from '../content/problems.js';
import { gradeText, writeGradeCsv } from '../quiz/grade-output.js';
import { type LoadedReport, readReportFile, studentName } from '../quiz/report-io.js';
import { EXIT, UsageError } from './errors.js';
import { toJson } from './json-output.js';
import type { Out } from './quiz-output.js';

export function runGrade(files: string[], flags: { json?: boolean; csv?: string }, out: Out): number {
  if (files.length === 0) throw new UsageError('grade needs at least one report file, e.g. fence-tutor grade reports/*.json');
  const loaded: LoadedReport[] = [];
  const problems: Problem[] = [];
  for (const f of files) {
    try {
      loaded.push(readReportFile(f));
    } catch (err) {
      if (err instanceof ContentError) problems.push(...err.problems);
      else throw err;
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  const groups = gradeClass(loaded.map((l) => ({ file: l.file, student: studentName(l), report: l.report })));
  if (flags.csv !== undefined) {
    const written = writeGradeCsv(flags.csv, groups);
    out.stderr(`Wrote ${written.join(', ')}\n`);
  }
  if (flags.json) out.stdout(`${toJson({ groups })}\n`);
  else if (flags.csv === undefined) out.stdout(`${gradeText(groups)}\n`);
  if (groups.length > 1) out.stderr(`Note: ${groups.length} different quizzes or versions; each is graded on its own.\n`);
  return EXIT.ok;
}
