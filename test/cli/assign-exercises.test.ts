/** An assignment may list exercises: written by assign, covered by the settings hash, refused when unknown or edited. */
import { describe, expect, it } from 'vitest';
import { loadAssignmentText } from '../../src/content/assignment/assignment-loader.js';
import { buildAssignment } from '../../src/cli/quiz/quiz-assign.js';

const FILE = 'week3.json';

describe('assign --exercises', () => {
  it('records the exercises and they load back', () => {
    const a = buildAssignment({ quiz: 'token-contract', mode: 'exam', exercises: 'fence-the-sink,split-the-check' });
    expect(a.exercises).toEqual(['fence-the-sink', 'split-the-check']);
    expect(loadAssignmentText(JSON.stringify(a), FILE).exercises).toEqual(['fence-the-sink', 'split-the-check']);
  });

  it('an assignment without exercises has none and the same hash as before exercises existed', () => {
    const a = buildAssignment({ quiz: 'token-contract', mode: 'exam' });
    expect(a.exercises).toBeUndefined();
    expect(JSON.stringify(a)).not.toContain('exercises');
    expect(loadAssignmentText(JSON.stringify(a), FILE).settingsHash).toBe(a.settingsHash);
  });

  it('refuses an unknown exercise (usage) and a list edited after the assignment was made', () => {
    expect(() => buildAssignment({ quiz: 'token-contract', mode: 'exam', exercises: 'nope' })).toThrow(/no exercise "nope"/);
    const a = buildAssignment({ quiz: 'token-contract', mode: 'exam', exercises: 'fence-the-sink' });
    expect(() => loadAssignmentText(JSON.stringify({ ...a, exercises: [] }), FILE)).toThrow(/settingsHash|exercises/);
    expect(() => loadAssignmentText(JSON.stringify({ ...a, exercises: ['durable-mark'] }), FILE)).toThrow(/do not match `settingsHash`/);
    expect(() => loadAssignmentText(JSON.stringify({ ...a, exercises: 'fence-the-sink' }), FILE)).toThrow(/list of exercise ids/);
  });
});
