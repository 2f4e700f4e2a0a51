/**
 * `/` in the reader: every lesson's text searched for a phrase (case
 * ignored), one hit per matching line, in curriculum order. A hit names the
 * lesson, the part and the line, so the reader can jump straight to it.
 */
import type { LessonPart } from './lesson-layout.js';
import { lineText } from './styled-text.js';

export interface SearchHit {
  lessonId: string;
  lessonNumber: number;
  lessonTitle: string;
  part: number;
  line: number;
  text: string;
}

export interface SearchableLesson {
  id: string;
  number: number;
  title: string;
  parts: LessonPart[];
}

export const MIN_QUERY = 2;

export function searchLessons(lessons: readonly SearchableLesson[], query: string, limit = 200): SearchHit[] {
  const q = query.trim().toLowerCase();
  if (q.length < MIN_QUERY) return [];
  const hits: SearchHit[] = [];
  for (const lesson of lessons) {
    lesson.parts.forEach((part, p) => {
      const lines = part.kind === 'text' ? part.lines : part.head;
      lines.forEach((line, i) => {
        const text = lineText(line);
        if (hits.length < limit && text.toLowerCase().includes(q)) {
          hits.push({ lessonId: lesson.id, lessonNumber: lesson.number, lessonTitle: lesson.title, part: p, line: i, text: text.trim() });
        }
      });
    });
  }
  return hits;
}
