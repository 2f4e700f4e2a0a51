/**
 * `exercises` names each exercise's lesson by number, as the README and the
 * lesson list do (issue 33: it printed the slug, "lesson implementation").
 * Through the program in process (commander's path, the curriculum loaded).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli-in-process.js';

const env = () => ({ FENCE_TUTOR_HOME: mkdtempSync(join(tmpdir(), 'fence-exercise-list-')) });

describe('exercises (text)', () => {
  it('names lessons by number', async () => {
    const { status, stdout } = await runCliInProcess(['exercises'], env());
    expect(status).toBe(0);
    expect(stdout).toMatch(/^ 1\. fence-the-sink +Fence the sink +lesson 5 +new$/m);
    expect(stdout).toMatch(/durable-mark .* lesson 10 +new$/m);
    expect(stdout).toMatch(/^ ?\d+\. postgres-sink +Fence a PostgreSQL sink +lesson 5 +new$/m);
    expect(stdout).not.toMatch(/lesson [a-z]/);
  });

  it('--json keeps the slug', async () => {
    const { stdout } = await runCliInProcess(['exercises', '--json'], env());
    expect(stdout).toContain('"lesson": "implementation"');
  });
});
