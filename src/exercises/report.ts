/**
 * One exercise report, however it was checked (the in-process adversary, the
 * client checks, or a `--sink-cmd` black box): the fields every report shares
 * are filled here, in one order, so the three runners only say what differs.
 */
import { toolVersion } from '../platform/package-root.js';
import { EXERCISE_REPORT_SCHEMA, type ExerciseReport } from './types.js';

type Shared = 'schemaVersion' | 'kind' | 'version' | 'exercise' | 'title' | 'passed';

/** `passed` defaults to every check having passed. */
export function exerciseReport(exercise: { id: string; title: string }, body: Omit<ExerciseReport, Shared> & { passed?: boolean }): ExerciseReport {
  const { passed = body.checks.every((c) => c.status === 'passed'), ...rest } = body;
  return { schemaVersion: EXERCISE_REPORT_SCHEMA, kind: 'exercise', version: toolVersion(), exercise: exercise.id, title: exercise.title, passed, ...rest };
}
