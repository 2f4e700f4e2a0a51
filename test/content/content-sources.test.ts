import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireContentDir } from '../../src/content/validate/content-check.js';
import { allLessons, allQuestions, allScenarios, checkContentDir, findScenario, shippedClashes } from '../../src/content/shared/content-sources.js';
import { ContentError } from '../../src/content/shared/problems.js';
import { shippedDir } from '../../src/platform/package-root.js';

const FIX = new URL('../fixtures/content/', import.meta.url).pathname;
const course = join(FIX, 'course');

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof ContentError) return err.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
    throw err;
  }
  return [];
}

describe('--content sources', () => {
  it('adds the directory lessons after the shipped ones, marked local, numbers continuing', () => {
    const { curriculum, localIds } = allLessons({ content: course });
    expect(curriculum.lessons).toHaveLength(14);
    expect(curriculum.lessons.at(-1)).toMatchObject({ id: 'our-deploy-lock', number: 14 });
    expect([...localIds]).toEqual(['our-deploy-lock']);
    expect(allLessons({}).localIds.size).toBe(0);
  });

  it('adds scenarios and questions beside the shipped ones, local ones marked', () => {
    const scenarios = allScenarios({ content: course });
    const local = scenarios.filter((s) => s.origin?.local);
    expect(local.map((s) => s.id)).toEqual(['deploy-marker']);
    expect(scenarios.length).toBe(allScenarios({}).length + 1);
    expect(findScenario('deploy-marker', { content: course })?.origin?.local).toBe(true);
    expect(findScenario('deploy-marker', {})).toBeUndefined();
    const questions = allQuestions({ content: course });
    expect(questions.some((q) => q.id === 'deploy-marker-rejects')).toBe(true);
    expect(questions.length).toBe(allQuestions({}).length + 1);
  });

  it('refuses an id that clashes with a shipped one, naming the file and line', () => {
    expect(problemsOf(() => allScenarios({ content: join(FIX, 'clash-scenario') }))).toEqual([
      expect.stringMatching(/clash-scenario\/scenarios\/late-write\.yaml:1: the scenario id "late-write" is already used by a shipped scenario/),
    ]);
    expect(problemsOf(() => allQuestions({ content: join(FIX, 'clash-question') }))).toEqual([
      expect.stringMatching(/mine\.yaml:4: the question id "permission-decays-belief-does-not" is already used/),
    ]);
    expect(problemsOf(() => allLessons({ content: join(FIX, 'clash-lesson') }))).toEqual([
      expect.stringMatching(/01-mine\.md:2: the lesson id "stale-holder" is already used by a shipped lesson/),
    ]);
  });

  it('checks a content directory whole: valid passes, invalid or clashing is refused with file and line', () => {
    expect(() => requireContentDir(course)).not.toThrow();
    expect(problemsOf(() => requireContentDir(join(FIX, 'broken')))).toEqual([expect.stringMatching(/broken\/scenarios\/bad\.yaml:3: `do` must be one of/)]);
    expect(problemsOf(() => requireContentDir(join(FIX, 'clash-scenario')))).toEqual([
      expect.stringMatching(/late-write\.yaml:1: the scenario id "late-write"/),
    ]);
    expect(checkContentDir(join(FIX, 'nowhere'), () => [])).toEqual([expect.objectContaining({ message: 'the --content directory does not exist' })]);
    expect(checkContentDir(join(FIX, 'course', 'lessons'), () => [])).toEqual([
      expect.objectContaining({ message: expect.stringContaining('has no lessons/, quizzes/, scenarios/ or challenges/') }),
    ]);
  });

  it('the shipped content does not clash with itself', () => {
    expect(shippedClashes([shippedDir('lessons'), shippedDir('quizzes'), shippedDir('scenarios')])).toEqual([]);
    expect(shippedClashes([course])).toEqual([]);
    expect(shippedClashes([join(FIX, 'clash-lesson'), join(FIX, 'clash-question'), join(FIX, 'clash-scenario')])).toHaveLength(3);
  });
});
