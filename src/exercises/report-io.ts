/**
 * Exercise reports in the data directory's `reports/`, beside the quiz's:
 * written atomically; `grade` reads them back (kind: "exercise").
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../platform/atomic-file.js';
import { dataSubdir } from '../platform/data-dir.js';
import type { ExerciseReport } from './types.js';

export function saveExerciseReport(report: ExerciseReport): string {
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const path = join(dataSubdir('reports'), `${stamp}-exercise-${report.exercise}.json`);
  writeFileAtomic(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}
