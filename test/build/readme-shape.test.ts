/**
 * The README is a newcomer's first screen (issue 32): within its first 30
 * lines it names the test command `.ci/run` runs and the command that starts
 * the tutor, and it stays short (at most 400 lines); reference material
 * lives in docs/ (performance, limits, troubleshooting, the lab, the simulator).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
const firstScreen = lines.slice(0, 30).join('\n');

describe('README shape', () => {
  it('is at most 400 lines', () => {
    expect(lines.length).toBeLessThanOrEqual(400);
  });

  it('names the test command, the start command and how to run from a clone in its first 30 lines', () => {
    expect(firstScreen).toContain('npm ci && npm test');
    expect(firstScreen).toContain('npm ci && npm start');
    expect(firstScreen).toContain('npx fence-tutor');
  });

  it('names the same test command .ci/run runs', () => {
    expect(readFileSync(join(root, '.ci', 'run'), 'utf8')).toContain("'npm ci && npm test'");
  });
});
