/** The shared YAML reader every content loader starts with. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/content/shared/yaml.js';
import { aliasBomb, fuzzLoader, outcome } from './harness.js';

const root = resolve(import.meta.dirname, '../..');
const seeds = readdirSync(join(root, 'quizzes'))
  .filter((f) => f.endsWith('.yaml'))
  .slice(0, 3)
  .map((f) => readFileSync(join(root, 'quizzes', f), 'utf8'));

describe('parseYaml under fuzzing', () => {
  fuzzLoader({ name: 'YAML', load: (text, file) => parseYaml(text, file), seeds }, it);

  it('allows a few aliases, and refuses expansion past the cap', () => {
    expect(outcome(parseYaml, 'a: &x 1\nb: *x\nc: *x\n')).toBe('ok');
    expect(outcome(parseYaml, aliasBomb(4, 10))).toBe('refused');
  });

  it('an alias to no anchor is named with its own fix, not the alias cap', () => {
    try {
      parseYaml('a: *nope\n', 'x.yaml');
      expect.unreachable();
    } catch (err) {
      const [p] = (err as { problems: { message: string; fix: string }[] }).problems;
      expect(p!.message).toMatch(/Unresolved alias.*nope/);
      expect(p!.fix).toMatch(/set the anchor .* before the alias/);
    }
  });

  it('maps a syntax error to its line', () => {
    try {
      parseYaml('a: 1\nb: [\nc: 2\n', 'x.yaml');
      expect.unreachable();
    } catch (err) {
      expect((err as { problems: { line: number }[] }).problems[0]!.line).toBeGreaterThan(1);
    }
  });
});
