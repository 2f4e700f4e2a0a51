// Issue 18: every command that draws no Ink screen, on the shipped content,
// as a whole process against `node -e 0` in the same interleaved runs (goal
// <= 1.5x). They read the build's snapshot of the shipped content
// (dist/content, src/content/shared/built-content.ts); three rows run the same
// commands through the real loaders (FENCE_TUTOR_BUILT_CONTENT=0, through
// `env`, which adds about a millisecond) to show what the snapshot saves.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, bin, compareProcesses, comparedRow, node, root, tempHome, timeProcess } from './lib.mjs';

const GOAL = '<= 1.5x';

export async function bench({ runs }) {
  const home = tempHome();
  const work = mkdtempSync(join(tmpdir(), 'fence-tutor-bench-commands-'));
  const env = benchEnv(home);
  try {
    const key = await timeProcess([node, bin, 'quiz', '--export', 'json', '--seed', '1'], { env });
    const questions = JSON.parse(key.stdout).questions;
    const answers = join(work, 'answers.json');
    writeFileSync(answers, JSON.stringify({ answers: Object.fromEntries(questions.map((q) => [q.id, q.answer])) }));
    const reports = join(work, 'reports');
    const sat = await timeProcess([node, bin, 'quiz', '--mode', 'exam', '--seed', '1', '--answers', answers, '--report', join(reports, 'a.json')], { env });
    if (sat.code !== 0) throw new Error(`quiz --answers for grade: exit ${sat.code}: ${sat.stderr.slice(0, 200)}`);
    const lessonCount = readdirSync(join(root, 'lessons')).filter((f) => /^\d+-.*\.md$/.test(f)).length;
    const subjects = {
      'lessons --json': [node, bin, 'lessons', '--json'],
      ...Object.fromEntries(Array.from({ length: lessonCount }, (_, i) => [`lesson ${i + 1} --plain`, [node, bin, 'lesson', String(i + 1), '--plain']])),
      validate: [node, bin, 'validate'],
      'quiz --answers FILE --format json': [node, bin, 'quiz', '--mode', 'exam', '--seed', '1', '--answers', answers, '--format', 'json'],
      'quiz --export json': [node, bin, 'quiz', '--export', 'json', '--seed', '1'],
      'quiz --export sheet': [node, bin, 'quiz', '--export', 'sheet', '--seed', '1'],
      'quiz --export gift': [node, bin, 'quiz', '--export', 'gift', '--seed', '1'],
      'progress --json': [node, bin, 'progress', '--json'],
      'scenarios --json': [node, bin, 'scenarios', '--json'],
      challenges: [node, bin, 'challenges'],
      'challenges --json': [node, bin, 'challenges', '--json'],
      'grade REPORT': [node, bin, 'grade', join(reports, 'a.json')],
      'lessons --json, real loaders': ['env', 'FENCE_TUTOR_BUILT_CONTENT=0', node, bin, 'lessons', '--json'],
      'validate, real loaders': ['env', 'FENCE_TUTOR_BUILT_CONTENT=0', node, bin, 'validate'],
      'quiz --export json, real loaders': ['env', 'FENCE_TUTOR_BUILT_CONTENT=0', node, bin, 'quiz', '--export', 'json', '--seed', '1'],
    };
    const got = await compareProcesses([node, '-e', '0'], subjects, { runs, env });
    return Object.entries(got).map(([metric, m]) =>
      comparedRow(metric, m, { goal: metric.endsWith('real loaders') ? undefined : GOAL, note: 'baseline: node -e 0, piped' }),
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}
