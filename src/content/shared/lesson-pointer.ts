/**
 * How a hint names the lesson to read: by number and title, as the learner
 * knows lessons from the list ("lesson 11, \"The real experiment\""), with
 * the command that opens it by number. The quiz's questions carry a lesson's
 * id; the number and title come from the build's snapshot of the shipped
 * content, looked up only when a hint is shown (the quiz's first frame loads
 * no content loader). A lesson the snapshot lacks (`--content`, an unbuilt
 * or edited tree) is named by its id.
 */
import { builtContent } from './built-content.js';

export interface LessonName {
  id: string;
  number: number;
  title: string;
}

export interface LessonPointer {
  /** `lesson 11, "The real experiment"`, or `the lesson "the-lab"` when unknown. */
  name: string;
  /** `fence-tutor lesson 11`, or `fence-tutor lesson the-lab`. */
  command: string;
}

/** The pointer for `lessonId` among `lessons` (default: the shipped lessons, when the snapshot is current). */
export function lessonPointer(lessonId: string, lessons: readonly LessonName[] | undefined = shippedLessons()): LessonPointer {
  const found = lessons?.find((l) => l.id === lessonId);
  if (!found) return { name: `the lesson "${lessonId}"`, command: `fence-tutor lesson ${lessonId}` };
  return { name: `lesson ${found.number}, "${found.title}"`, command: `fence-tutor lesson ${found.number}` };
}

function shippedLessons(): readonly LessonName[] | undefined {
  try {
    return builtContent()?.curriculum.lessons;
  } catch {
    return undefined;
  }
}
