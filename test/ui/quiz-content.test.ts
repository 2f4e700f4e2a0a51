import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requestFromRoute } from '../../src/ui/screens/quiz/sitting.js';
import { openSitting } from '../../src/ui/screens/quiz/sitting-open.js';

const course = fileURLToPath(new URL('../fixtures/content/course', import.meta.url));

describe('the quiz screen with --content', () => {
  it("draws an instructor's bank by id from the content directory", () => {
    const req = requestFromRoute({ screen: 'quiz', mode: 'practice', quiz: 'deploy', seed: 3 });
    expect(req).not.toBeNull();
    req!.content = course;
    const opened = openSitting(req!, { now: Date.now() });
    expect('questions' in opened).toBe(true);
    if ('questions' in opened) expect(opened.questions.map((q) => q.id)).toContain('deploy-marker-rejects');
  });

  it('does not find that bank without the content directory', () => {
    const req = requestFromRoute({ screen: 'quiz', mode: 'practice', quiz: 'deploy', seed: 3 });
    expect(() => openSitting(req!, { now: Date.now() })).toThrow();
  });
});
