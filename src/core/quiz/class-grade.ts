/**
 * Class grading (issue 8): reports grouped by quiz and content hash, never
 * mixed; per student, per question (hardest first) and per topic tag.
 * Pure: the caller reads the files and names the students.
 */
import type { QuizReport } from './grading.js';
import { regradeReport } from './regrade.js';
import type { Question } from './types.js';

export interface GradeInput {
  file: string;
  /** The report's student, else the file name. */
  student: string;
  report: QuizReport;
  /** The bank whose content hash the report names, by question id, when known: responses are graded again. */
  bank?: ReadonlyMap<string, Question>;
}

export interface StudentRow {
  student: string;
  file: string;
  score: number;
  passed: boolean | null;
  timeTakenMs: number;
  incomplete: boolean;
  seed: number;
  mode: string;
  /** Every response was graded again against the bank (else the per-question results were summed). */
  verified: boolean;
  /** What the file claims that grading does not confirm, and duplicate students. Empty when all is well. */
  flags: string[];
}

export interface QuestionRow {
  id: string;
  right: number;
  total: number;
  /** Percent of the students who were asked it and got it right, two decimals. */
  percentRight: number;
}

export interface TopicRow {
  tag: string;
  /** Class average on the questions with this tag, percent, two decimals. */
  average: number;
  answers: number;
}

export interface GradeGroup {
  quiz: string;
  contentHash: string;
  students: StudentRow[];
  questions: QuestionRow[];
  topics: TopicRow[];
}

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10000) / 100);

export function gradeClass(inputs: readonly GradeInput[]): GradeGroup[] {
  const groups = new Map<string, GradeInput[]>();
  for (const input of inputs) {
    const key = `${input.report.quiz}\u0000${input.report.contentHash}`;
    const list = groups.get(key) ?? [];
    list.push(input);
    groups.set(key, list);
  }
  const out: GradeGroup[] = [];
  for (const list of groups.values()) {
    const first = list[0]!.report;
    // Scores come from the answers, never from what the file says (regrade.ts).
    const graded = list.map((input) => ({ ...input, regraded: regradeReport(input.report, input.bank) }));
    const students = graded
      .map(({ file, student, report, regraded }) => ({
        student,
        file,
        score: regraded.score,
        passed: regraded.passed,
        timeTakenMs: Math.max(0, Date.parse(report.finishedAt) - Date.parse(report.startedAt)) || 0,
        incomplete: report.incomplete,
        seed: report.seed,
        mode: report.mode,
        verified: regraded.verified,
        flags: [...regraded.flags],
      }))
      .sort((a, b) => (a.student < b.student ? -1 : a.student > b.student ? 1 : a.file < b.file ? -1 : 1));
    flagDuplicates(students);
    flagOddSettings(graded, students);
    flagSameSitting(graded, students);
    const perQuestion = new Map<string, { right: number; total: number }>();
    const perTag = new Map<string, { points: number; total: number }>();
    for (const { report, regraded } of graded) {
      for (const q of report.questions) {
        const right = regraded.correct.get(q.id) === true;
        const row = perQuestion.get(q.id) ?? { right: 0, total: 0 };
        row.total += 1;
        row.right += right ? 1 : 0;
        perQuestion.set(q.id, row);
        for (const tag of q.tags.length > 0 ? q.tags : ['untagged']) {
          const t = perTag.get(tag) ?? { points: 0, total: 0 };
          t.total += 1;
          t.points += right ? 1 : 0;
          perTag.set(tag, t);
        }
      }
    }
    const questions = [...perQuestion.entries()]
      .map(([id, r]) => ({ id, right: r.right, total: r.total, percentRight: pct(r.right, r.total) }))
      .sort((a, b) => a.percentRight - b.percentRight || b.total - a.total || (a.id < b.id ? -1 : 1));
    const topics = [...perTag.entries()]
      .map(([tag, t]) => ({ tag, average: pct(t.points, t.total), answers: t.total }))
      .sort((a, b) => a.average - b.average || (a.tag < b.tag ? -1 : 1));
    out.push({ quiz: first.quiz, contentHash: first.contentHash, students, questions, topics });
  }
  return out.sort((a, b) => (a.quiz < b.quiz ? -1 : a.quiz > b.quiz ? 1 : a.contentHash < b.contentHash ? -1 : 1));
}

/** Two reports for one student in a group (case and spacing aside): both are flagged, naming the other file. */
function flagDuplicates(students: StudentRow[]): void {
  const byName = new Map<string, StudentRow[]>();
  for (const s of students) {
    const key = s.student.trim().toLowerCase().replace(/\s+/g, ' ');
    byName.set(key, [...(byName.get(key) ?? []), s]);
  }
  for (const rows of byName.values()) {
    if (rows.length < 2) continue;
    for (const row of rows) {
      const others = rows.filter((r) => r !== row).map((r) => r.file);
      row.flags.push(`duplicate student: also in ${others.join(', ')}`);
    }
  }
}

/** The settings a class sat, as each report states them: they ought to agree within a group. */
const SETTINGS: readonly { name: string; of: (r: QuizReport) => string | number | null; show: (v: string | number | null) => string }[] = [
  { name: 'questions', of: (r) => new Set(r.questions.map((q) => q.id)).size, show: String },
  { name: 'mode', of: (r) => r.mode, show: String },
  { name: 'pass mark', of: (r) => r.passMark, show: (v) => (v === null ? 'unset' : `${v}%`) },
  { name: 'time limit', of: (r) => r.timeLimitMs, show: (v) => (v === null ? 'unset' : `${Math.round(Number(v) / 1000)} s`) },
];

/**
 * A report whose setting differs from what most of its group sat (a pass mark
 * lowered, questions taken out, an exam relabelled practice): the file is the
 * learner's to edit, so the odd one out is named for the instructor to check.
 * Only where most reports agree (a strict majority of at least two).
 */
function flagOddSettings(graded: readonly { file: string; report: QuizReport }[], students: readonly StudentRow[]): void {
  if (graded.length < 3) return;
  const rowOf = new Map(students.map((s) => [s.file, s]));
  for (const setting of SETTINGS) {
    const counts = new Map<string | number | null, number>();
    for (const { report } of graded) {
      const value = setting.of(report);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const [usual, howMany] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
    if (counts.size < 2 || howMany * 2 <= graded.length) continue;
    for (const { file, report } of graded) {
      const value = setting.of(report);
      if (value !== usual)
        rowOf.get(file)?.flags.push(`${setting.name} ${setting.show(value)}, where ${howMany} of ${graded.length} reports have ${setting.show(usual)}`);
    }
  }
}

/**
 * Two students' reports of one sitting: the same start and finish to the
 * millisecond and the same responses. A copied file with another name in it.
 */
function flagSameSitting(graded: readonly { file: string; student: string; report: QuizReport }[], students: readonly StudentRow[]): void {
  const rowOf = new Map(students.map((s) => [s.file, s]));
  const bySitting = new Map<string, { file: string; student: string }[]>();
  for (const { file, student, report } of graded) {
    const key = JSON.stringify([report.startedAt, report.finishedAt, report.seed, report.questions.map((q) => [q.id, q.response])]);
    bySitting.set(key, [...(bySitting.get(key) ?? []), { file, student }]);
  }
  for (const same of bySitting.values()) {
    const names = new Set(same.map((s) => s.student.trim().toLowerCase()));
    if (names.size < 2) continue;
    for (const s of same) {
      const others = same.filter((o) => o !== s).map((o) => o.file);
      rowOf.get(s.file)?.flags.push(`same sitting as ${others.join(', ')} (start, finish and every answer identical): a copied report`);
    }
  }
}

/** The group column of the CSV files and the text headings. */
export function groupLabel(g: Pick<GradeGroup, 'quiz' | 'contentHash'>): string {
  return `${g.quiz}@${g.contentHash.slice(0, 12)}`;
}
