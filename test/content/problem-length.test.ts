/** A problem's message quotes content; one quoted key of any length must not make a line of that length. */
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/content/shared/yaml.js';
import { ContentError, formatProblem, MAX_PROBLEM_TEXT } from '../../src/content/shared/problems.js';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';

describe('a problem on the terminal', () => {
  it('cuts a message quoting a 60,000-character explicit key', () => {
    const key = 'k'.repeat(60_000);
    expect(() => parseYaml(`? ${key}\n: 1\n`, 'x.yaml')).not.toThrow();
    let line = '';
    try {
      loadScenarioText(`id: a-b\n? ${key}\n: 1\nsteps:\n  - { at: 0, actor: A, do: acquire }\n`, 'x.yaml');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ContentError);
      line = formatProblem((err as ContentError).problems[0]!);
    }
    expect(line).toMatch(/^x\.yaml:2: unknown key `k+…\. Fix: /);
    expect(line.length).toBeLessThan(2 * MAX_PROBLEM_TEXT + 40);
  });

  it('keeps a message of ordinary length whole', () => {
    expect(formatProblem({ file: 'a.yaml', line: 3, message: 'm'.repeat(200), fix: 'f' })).toBe(`a.yaml:3: ${'m'.repeat(200)}. Fix: f`);
  });
});
