/**
 * `grade --assignment FILE` (issue 38, D9): every report graded against the
 * instructor's copy of the assignment (core/quiz/assignment-grade.ts). The
 * assignment's questions are the bank for every report, so no report's
 * result depends on which others are graded beside it.
 */
import type { Question } from '../../core/quiz/types.js';
import type { GradeGroup } from '../../core/quiz/class-grade.js';
import { gradeAgainstAssignment } from '../../core/quiz/assignment-grade.js';
import type { Assignment } from '../../content/assignment/assignment-loader.js';
import type { LoadedReport } from '../../reports/report-io.js';

export async function loadInstructorAssignment(file: string): Promise<Assignment> {
  const { loadAssignmentFile } = await import('../../content/assignment/assignment-loader.js');
  return loadAssignmentFile(file);
}

export function assignmentBank(assignment: Assignment): ReadonlyMap<string, Question> {
  return new Map(assignment.questions.map((q) => [q.id, q]));
}

/** The assignment's score, verdict and flags replace what grading by the report's own terms said. */
export function applyAssignment(groups: GradeGroup[], loaded: readonly LoadedReport[], assignment: Assignment): void {
  const byFile = new Map(loaded.map((l) => [l.file, l.report]));
  for (const row of groups.flatMap((g) => g.students)) {
    const report = byFile.get(row.file);
    if (!report) continue;
    const verdict = gradeAgainstAssignment(report, assignment);
    const ownTerms = row.flags.filter((f) => !/^(score|passed) written |over the time limit|not the ones seed/.test(f));
    row.score = verdict.score;
    row.passed = verdict.passed;
    row.verified = true;
    row.flags = [...verdict.flags, ...ownTerms];
  }
}
