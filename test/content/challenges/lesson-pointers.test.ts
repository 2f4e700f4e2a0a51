import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allChallenges } from '../../../src/content/challenges/challenge-files.js';
import { checkCurriculum } from '../../../src/content/lesson/lesson-loader.js';
import { shippedDir } from '../../../src/platform/package-root.js';

describe('each lesson ends by pointing to its challenges (the last section before References)', () => {
  const lessons = checkCurriculum(shippedDir('lessons')).curriculum?.lessons ?? [];
  const challenges = allChallenges();
  it('names every challenge of the lesson there, and none of another lesson', () => {
    expect(lessons.length).toBeGreaterThan(0);
    for (const lesson of lessons) {
      const text = readFileSync(lesson.file, 'utf8');
      const body = text.slice(0, text.indexOf('\n## References'));
      const last = body.slice(body.lastIndexOf('\n## '));
      const mine = challenges.filter((c) => c.lesson === lesson.id).map((c) => c.id);
      const named = [...last.matchAll(/`fence-tutor challenge ([a-z0-9-]+)`/g)].map((m) => m[1]);
      expect(named, lesson.id).toEqual(mine);
    }
  });
});
