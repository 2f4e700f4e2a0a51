/**
 * `fence-tutor grade REPORT... [--json] [--csv DIR]`: class results from
 * JSON reports, grouped by quiz and content hash (never mixed).
 */
import { gradeClass } from '../../core/quiz/class-grade.js';
import type { Question, QuizBank } from '../../core/quiz/types.js';
import { builtBank } from '../../content/shared/built-content.js';
import { ContentError, type Problem } from '../../content/shared/problems.js';
import { gradeText, writeGradeCsv } from '../../reports/grade-output.js';
import { type LoadedReport, readReportFile, studentName } from '../../reports/report-io.js';
import { UsageError } from '../../platform/errors.js';
import { EXIT } from '../../platform/exit-codes.js';
import { type ExerciseGradeRow, exerciseGradeRow, exerciseGradeText, readExerciseReport } from '../../reports/exercise-report.js';
import { toJson } from '../json-output.js';
import { applyAssignment, assignmentBank, loadInstructorAssignment } from './grade-assignment.js';
import type { Out } from './quiz-output.js';

/**
 * The bank each report names (its quiz id, shipped or under --content) when
 * its content hash matches the report's, by question id, so grade can grade
 * every response again; reports of other banks are summed from their
 * per-question results (and shown as not verified). A shipped bank comes
 * from the build's snapshot when it matches the files (the same bank the
 * loader makes: test/content/built-content.proc.test.ts); the loaders (YAML,
 * schema, the engine for predict keys) load only for anything else.
 */
async function banksFor(reports: readonly LoadedReport[], contentDir: string | undefined): Promise<Map<string, ReadonlyMap<string, Question>>> {
  // Keyed by the quiz a report names AND its hash: a report whose own quiz name finds no bank stays
  // unverified whatever else is graded beside it (issue 38, D9: a renamed quiz scored 100% alone, 60% beside real ones).
  const banks = new Map<string, ReadonlyMap<string, Question>>();
  const tried = new Set<string>();
  for (const { report } of reports) {
    if (tried.has(report.quiz)) continue;
    tried.add(report.quiz);
    try {
      const bank = (contentDir === undefined ? builtBank(report.quiz) : undefined) ?? (await loadBank(report.quiz, contentDir));
      banks.set(bankKey(report.quiz, bank.contentHash), new Map(bank.questions.map((q) => [q.id, q])));
    } catch (err) {
      if (!(err instanceof ContentError)) throw err;
    }
  }
  return banks;
}

const bankKey = (quiz: string, contentHash: string) => `${quiz}\u0000${contentHash}`;

async function loadBank(quiz: string, contentDir: string | undefined): Promise<QuizBank> {
  const { isQuizPath, loadQuizArgWithContent } = await import('../../content/quiz/quiz-loader.js');
  return loadQuizArgWithContent(isQuizPath(quiz) ? undefined : quiz, contentDir);
}

export async function runGrade(
  files: string[],
  flags: { json?: boolean; csv?: string; content?: string | undefined; stats?: boolean; html?: string; assignment?: string | undefined },
  out: Out,
): Promise<number> {
  if (files.length === 0) throw new UsageError('grade needs at least one report file, e.g. fence-tutor grade reports/*.json');
  const loaded: LoadedReport[] = [];
  const exerciseRows: ExerciseGradeRow[] = [];
  const problems: Problem[] = [];
  for (const f of files) {
    try {
      // Exercise reports (`kind: "exercise"`) sit beside quiz reports: listed on their own.
      const exercise = readExerciseReport(f);
      if (exercise) {
        exerciseRows.push(exerciseGradeRow(f, exercise));
        continue;
      }
      loaded.push(readReportFile(f));
    } catch (err) {
      if (err instanceof ContentError) problems.push(...err.problems);
      else throw err;
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  const assignment = flags.assignment === undefined ? undefined : await loadInstructorAssignment(flags.assignment);
  const banks = assignment ? undefined : await banksFor(loaded, flags.content);
  const inputs = loaded.map((l) => {
    const bank = assignment ? assignmentBank(assignment) : banks?.get(bankKey(l.report.quiz, l.report.contentHash));
    return { file: l.file, student: studentName(l), report: l.report, ...(bank ? { bank } : {}) };
  });
  const plainGroups = gradeClass(inputs);
  if (assignment) applyAssignment(plainGroups, loaded, assignment);
  // --stats and --html: each group with its item analysis (grade-stats.ts); else today's groups as they were.
  const stats = flags.stats || flags.html !== undefined ? await import('./grade-stats.js') : undefined;
  const statsGroups = stats?.withItemStats(plainGroups, inputs);
  const groups = (flags.stats ? statsGroups : undefined) ?? plainGroups;
  if (flags.csv !== undefined) {
    const written = writeGradeCsv(flags.csv, groups, exerciseRows);
    if (flags.stats && stats && statsGroups) written.push(stats.writeItemsCsv(flags.csv, statsGroups));
    out.stderr(`Wrote ${written.join(', ')}\n`);
  }
  if (flags.html !== undefined && stats && statsGroups) out.stderr(`Wrote ${await stats.writeClassHtml(flags.html, statsGroups)}\n`);
  const quizText = flags.stats && stats && statsGroups ? stats.statsText(statsGroups, out.ascii === true) : gradeText(groups, out.ascii);
  if (flags.json) out.stdout(`${toJson({ groups, exercises: exerciseRows })}\n`);
  else if (flags.csv === undefined && flags.html === undefined)
    out.stdout(`${[quizText, exerciseGradeText(exerciseRows)].filter((t) => t !== '').join('\n\n')}\n`);
  const flagged = groups.flatMap((g) => g.students).filter((s) => s.flags.length > 0).length;
  if (flagged > 0) out.stderr(`Note: ${flagged} report${flagged === 1 ? '' : 's'} flagged (see "Flags"): scores are recomputed from the answers.\n`);
  const unverified = groups.flatMap((g) => g.students.filter((s) => !s.verified).map(() => `${g.quiz}@${g.contentHash.slice(0, 12)}`));
  if (unverified.length > 0) {
    // Without the bank, a score is the file's own per-question `correct`: say so, and how to give the bank.
    out.stderr(
      `Note: ${unverified.length} report${unverified.length === 1 ? '' : 's'} not checked against a bank (${[...new Set(unverified)].join(', ')}): ` +
        'those scores are summed as the files say, which a learner can edit. For your own bank, add --content DIR (the folder with its quizzes/); ' +
        'for a shipped one, grade with the fence-tutor version the reports name.\n',
    );
  }
  if (groups.length > 1) out.stderr(`Note: ${groups.length} different quizzes or versions; each is graded on its own.\n`);
  return EXIT.ok;
}
