/**
 * Exercise reports (written by `exercise check`) as `grade` and CI read
 * them: validated from JSON with every string neutralised, one row per
 * report for a class, and JUnit XML with one test case per check. The
 * exercises' own report type has this shape and more (src/exercises/types.ts).
 */
import { basename } from 'node:path';
import { ContentError } from '../content/shared/problems.js';
import { MAX_CONTENT_BYTES } from '../content/shared/input-limits.js';
import { sanitizeLine, sanitizeName } from '../content/shared/sanitize.js';
import { readBoundedText } from '../platform/bounded-read.js';
import { escapeXml } from './junit.js';

export interface ExerciseCheckLike {
  id: string;
  title: string;
  status: string;
  summary: string;
  hint?: string;
  durationMs: number;
}

export interface ExerciseReportLike {
  kind: 'exercise';
  version: string;
  exercise: string;
  title: string;
  passed: boolean;
  checks: ExerciseCheckLike[];
  fileSha256: string;
  startedAt: string;
  durationMs: number;
  student?: string;
}

export interface ExerciseGradeRow {
  student: string;
  file: string;
  exercise: string;
  passed: boolean;
  checksPassed: number;
  checksTotal: number;
  /** The checks that did not pass, by id. */
  failed: string[];
  fileSha256: string;
  version: string;
  startedAt: string;
}

/** The report in `file` when it is an exercise report (`kind: "exercise"`), else undefined (a quiz report, or unreadable: the quiz reader says why). */
export function readExerciseReport(file: string): ExerciseReportLike | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readBoundedText(file, MAX_CONTENT_BYTES));
  } catch {
    return undefined;
  }
  const r = raw as Record<string, unknown>;
  if (!r || typeof r !== 'object' || r.kind !== 'exercise') return undefined;
  const bad = (what: string) =>
    new ContentError([
      { file, line: 0, message: `not an exercise report: ${what}`, fix: 'pass the JSON reports `fence-tutor exercise check --json` prints or saves' },
    ]);
  if (typeof r.exercise !== 'string' || typeof r.passed !== 'boolean' || !Array.isArray(r.checks)) throw bad('`exercise`, `passed` or `checks` is missing');
  const checks = (r.checks as unknown[]).map((c, i) => {
    const o = c as Record<string, unknown>;
    if (!o || typeof o.id !== 'string' || typeof o.status !== 'string') throw bad(`check ${i + 1} has no id or status`);
    return {
      id: sanitizeName(o.id),
      title: sanitizeLine(typeof o.title === 'string' ? o.title : o.id),
      status: sanitizeName(o.status),
      summary: sanitizeLine(typeof o.summary === 'string' ? o.summary : ''),
      ...(typeof o.hint === 'string' ? { hint: sanitizeLine(o.hint) } : {}),
      durationMs: typeof o.durationMs === 'number' ? o.durationMs : 0,
    };
  });
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? sanitizeLine(v) : fallback);
  return {
    kind: 'exercise',
    version: typeof r.version === 'string' ? sanitizeName(r.version) : 'unknown',
    exercise: sanitizeName(r.exercise),
    title: text(r.title, r.exercise),
    // Passed only if every check says so: a hand-edited `passed` does not count.
    passed: r.passed === true && checks.every((c) => c.status === 'passed'),
    checks,
    fileSha256: typeof r.fileSha256 === 'string' ? sanitizeName(r.fileSha256) : '',
    startedAt: text(r.startedAt, ''),
    durationMs: typeof r.durationMs === 'number' ? r.durationMs : 0,
    ...(typeof r.student === 'string' && r.student.trim() !== '' ? { student: sanitizeName(r.student.trim()) } : {}),
  };
}

export function exerciseGradeRow(file: string, report: ExerciseReportLike): ExerciseGradeRow {
  const passedChecks = report.checks.filter((c) => c.status === 'passed');
  return {
    student: report.student ?? sanitizeLine(basename(file).replace(/\.json$/i, '')),
    file,
    exercise: report.exercise,
    passed: report.passed,
    checksPassed: passedChecks.length,
    checksTotal: report.checks.length,
    failed: report.checks.filter((c) => c.status !== 'passed').map((c) => c.id),
    fileSha256: report.fileSha256,
    version: report.version,
    startedAt: report.startedAt,
  };
}

export function exerciseGradeText(rows: readonly ExerciseGradeRow[]): string {
  if (rows.length === 0) return '';
  const lines = ['Exercises (formative: the solutions ship with the tutor)'];
  const width = Math.max(7, ...rows.map((r) => r.student.length));
  const exWidth = Math.max(8, ...rows.map((r) => r.exercise.length));
  lines.push(`  ${'student'.padEnd(width)}  ${'exercise'.padEnd(exWidth)}  passed  checks  not passed`);
  for (const r of rows) {
    lines.push(
      `  ${r.student.padEnd(width)}  ${r.exercise.padEnd(exWidth)}  ${(r.passed ? 'yes' : 'no').padEnd(6)}  ${`${r.checksPassed}/${r.checksTotal}`.padEnd(6)}  ${r.failed.join(', ')}`,
    );
  }
  return lines.join('\n');
}

/** One testsuite, one testcase per check, a <failure> with the summary and hint for each that did not pass. */
export function exerciseToJunit(report: ExerciseReportLike): string {
  const failures = report.checks.filter((c) => c.status !== 'passed').length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="${escapeXml(`fence-tutor exercise ${report.exercise}`)}" tests="${report.checks.length}" failures="${failures}" errors="0" skipped="0" time="${seconds(report.durationMs)}" timestamp="${escapeXml(report.startedAt)}">`,
    '  <properties>',
    ...(
      [
        ['exercise', report.exercise],
        ['student', report.student ?? ''],
        ['version', report.version],
        ['fileSha256', report.fileSha256],
        ['passed', String(report.passed)],
      ] as const
    ).map(([k, v]) => `    <property name="${k}" value="${escapeXml(v)}"/>`),
    '  </properties>',
  ];
  for (const c of report.checks) {
    const open = `  <testcase classname="${escapeXml(`fence-tutor.exercise.${report.exercise}`)}" name="${escapeXml(c.id)}" time="${seconds(c.durationMs)}"`;
    if (c.status === 'passed') {
      lines.push(`${open}/>`);
      continue;
    }
    lines.push(`${open}>`);
    lines.push(`    <failure message="${escapeXml(`${c.id}: ${c.status}: ${c.summary}`)}" type="${escapeXml(c.status)}">${escapeXml(c.hint ?? '')}</failure>`);
    lines.push('  </testcase>');
  }
  lines.push('</testsuite>');
  return `${lines.join('\n')}\n`;
}
