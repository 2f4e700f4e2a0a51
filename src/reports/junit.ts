/**
 * A quiz report as JUnit XML: one testsuite, one testcase per question in
 * the order asked, a <failure> carrying the explanation for each wrong one.
 * CI systems and many graders read this without knowing fence-tutor.
 */
import type { QuizReport } from '../core/quiz/grading.js';

export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // XML 1.0 forbids most control characters even when escaped.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}

export function reportToJunit(report: QuizReport, explanations: ReadonlyMap<string, string>): string {
  const failures = report.questions.filter((q) => !q.correct).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  const suiteName = `fence-tutor quiz ${report.quiz}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="${escapeXml(suiteName)}" tests="${report.questions.length}" failures="${failures}" errors="0" skipped="0" time="${seconds(Math.max(0, total))}" timestamp="${escapeXml(report.startedAt)}">`,
    '  <properties>',
    ...(
      [
        ['quiz', report.quiz],
        ['contentHash', report.contentHash],
        ['seed', String(report.seed)],
        ['mode', report.mode],
        ['student', report.student ?? ''],
        ['version', report.version],
        ['score', String(report.score)],
        ['passMark', report.passMark === null ? '' : String(report.passMark)],
        ['passed', report.passed === null ? '' : String(report.passed)],
        ['incomplete', String(report.incomplete)],
      ] as const
    ).map(([k, v]) => `    <property name="${k}" value="${escapeXml(v)}"/>`),
    '  </properties>',
  ];
  for (const q of report.questions) {
    const open = `  <testcase classname="${escapeXml(`fence-tutor.${report.quiz}`)}" name="${escapeXml(q.id)}" time="${seconds(q.durationMs)}"`;
    if (q.correct) {
      lines.push(`${open}/>`);
      continue;
    }
    const what = q.response === null ? 'not answered' : `answered ${JSON.stringify(q.response)}`;
    lines.push(`${open}>`);
    lines.push(`    <failure message="${escapeXml(`${q.id}: ${what}`)}" type="wrong-answer">${escapeXml(explanations.get(q.id) ?? '')}</failure>`);
    lines.push('  </testcase>');
  }
  lines.push('</testsuite>');
  return `${lines.join('\n')}\n`;
}
