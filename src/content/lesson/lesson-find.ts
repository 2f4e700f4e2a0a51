/** Finding a lesson in a curriculum, apart from the loaders so that start-up from the build's snapshot (built-content.ts) need not load them. */
import type { Curriculum, Lesson } from './lesson-types.js';

/** A lesson by id, or by its 1-based number in the manifest. */
export function findLesson(curriculum: Curriculum, ref: string): Lesson | undefined {
  if (/^\d+$/.test(ref)) return curriculum.lessons.find((l) => l.number === Number(ref));
  return curriculum.lessons.find((l) => l.id === ref);
}
