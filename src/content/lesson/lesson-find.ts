/** Finding a lesson in a curriculum, apart from the loaders so that start-up from the build's snapshot (built-content.ts) need not load them. */
/** A lesson by id, or by its 1-based number in the manifest (of a Curriculum, or of the build's list of ids and numbers). */
export function findLesson<L extends { id: string; number: number }>(curriculum: { lessons: readonly L[] }, ref: string): L | undefined {
  if (/^\d+$/.test(ref)) return curriculum.lessons.find((l) => l.number === Number(ref));
  return curriculum.lessons.find((l) => l.id === ref);
}
