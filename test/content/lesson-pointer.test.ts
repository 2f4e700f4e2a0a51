/**
 * A quiz hint names its lesson as the learner knows it: number and title,
 * with the command that opens it by number; an unknown lesson by its id.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lessonPointer } from '../../src/content/shared/lesson-pointer.js';
import { loadCurriculum } from '../../src/content/lesson/lesson-loader.js';

describe('lessonPointer', () => {
  it('names a shipped lesson by number and title, and opens it by number', () => {
    const lessons = loadCurriculum(join(process.cwd(), 'lessons')).lessons;
    expect(lessonPointer('the-lab', lessons)).toEqual({
      name: 'lesson 11, "The real experiment: a worker that really stops"',
      command: 'fence-tutor lesson 11',
    });
  });

  it('falls back to the id for a lesson it does not know (content from --content)', () => {
    expect(lessonPointer('my-own', [{ id: 'other', number: 1, title: 'Other' }])).toEqual({
      name: 'the lesson "my-own"',
      command: 'fence-tutor lesson my-own',
    });
    expect(lessonPointer('my-own', undefined).command).toBe('fence-tutor lesson my-own');
  });
});
