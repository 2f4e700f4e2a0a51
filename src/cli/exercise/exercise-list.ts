/** `exercises`: id, title, lesson and status (new / started / passed), as text or JSON. */
import { listExercises } from '../../content/exercise/exercise-registry.js';
import { toolVersion } from '../../platform/package-root.js';
import { loadProgress } from '../../progress/progress-file.js';
import { printJson } from '../json-output.js';
import { writeStdout } from '../stdout.js';

export type ExerciseStatus = 'new' | 'started' | 'passed';

export interface ExerciseRow {
  id: string;
  title: string;
  lesson: string;
  kind: string;
  needs: string[];
  status: ExerciseStatus;
  dir?: string;
}

function exerciseRows(): ExerciseRow[] {
  const progress = loadProgress(undefined, (m) => process.stderr.write(`fence-tutor: ${m}\n`)).exercises ?? {};
  return listExercises().map((e) => {
    const p = progress[e.id];
    const status: ExerciseStatus = p?.passedAt ? 'passed' : p ? 'started' : 'new';
    return { id: e.id, title: e.title, lesson: e.lesson, kind: e.kind, needs: e.needs, status, ...(p ? { dir: p.dir } : {}) };
  });
}

/** `lessonNumbers`: each lesson's number by id (the caller has them: the build's snapshot, or the loaded curriculum). */
export function printExerciseList(flags: { json?: boolean }, lessonNumbers: ReadonlyMap<string, number>): void {
  const rows = exerciseRows();
  if (flags.json) {
    printJson({ schemaVersion: 1, version: toolVersion(), exercises: rows });
    return;
  }
  const idWidth = Math.max(...rows.map((r) => r.id.length), 2);
  const titleWidth = Math.max(...rows.map((r) => r.title.length), 5);
  // Lessons by number, as the README and the lesson list name them (the slug is for --json).
  const lesson = (id: string) => (lessonNumbers.has(id) ? `lesson ${lessonNumbers.get(id)}` : `lesson ${id}`);
  const lines = rows.map(
    (r, i) => `${String(i + 1).padStart(2)}. ${r.id.padEnd(idWidth)}  ${r.title.padEnd(titleWidth)}  ${lesson(r.lesson).padEnd(10)} ${r.status}`,
  );
  writeStdout(`${lines.join('\n')}\n\nStart one: fence-tutor exercise start ID    (then: fence-tutor exercise check ID)\n`);
}
