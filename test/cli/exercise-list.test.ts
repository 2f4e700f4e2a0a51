/**
 * `exercises` names each exercise's lesson by number, as the README and the
 * lesson list do (issue 33: it printed the slug, "lesson implementation").
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const written: string[] = [];
vi.mock('../../src/cli/stdout.js', () => ({ writeStdout: (text: string) => written.push(text) }));
const { printExerciseList } = await import('../../src/cli/exercise/exercise-list.js');

beforeEach(() => {
  written.length = 0;
  process.env.FENCE_TUTOR_HOME = mkdtempSync(join(tmpdir(), 'fence-exercise-list-'));
});

describe('exercises (text)', () => {
  it('names lessons by number', () => {
    printExerciseList({});
    const text = written.join('');
    expect(text).toMatch(/^ 1\. fence-the-sink +Fence the sink +lesson 5 +new$/m);
    expect(text).toMatch(/durable-mark .* lesson 10 +new$/m);
    expect(text).not.toMatch(/lesson [a-z]/);
  });

  it('--json keeps the slug', () => {
    printExerciseList({ json: true });
    expect(written.join('')).toContain('"lesson": "implementation"');
  });
});
