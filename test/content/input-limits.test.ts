/**
 * The limits checked before parsing: each refusal names the file, the line,
 * the limit and the fix, and the text just under each limit still loads.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ENTRIES, MAX_MARKDOWN_NESTING, MAX_NESTING_DEPTH, MAX_STRING_LENGTH } from '../../src/content/input-limits.js';
import { parseLesson } from '../../src/content/lesson-parse.js';
import { ContentError } from '../../src/content/problems.js';
import { parseYaml } from '../../src/content/yaml.js';

function refusal(text: string): string {
  try {
    parseYaml(text, 'in.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(ContentError);
    return (err as ContentError).message;
  }
  return 'accepted';
}

const flow = (n: number) => `a: ${'['.repeat(n)}${']'.repeat(n)}\n`;
const block = (n: number) => Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n';

describe('YAML and JSON shape limits', () => {
  it(`accepts nesting up to ${MAX_NESTING_DEPTH} levels and refuses deeper (flow, block, JSON, one-line sequences)`, () => {
    expect(refusal(flow(MAX_NESTING_DEPTH - 1))).toBe('accepted');
    expect(refusal(flow(MAX_NESTING_DEPTH))).toMatch(/^in\.yaml:1: the nesting is deeper than the limit of 32 levels.*Fix: flatten/);
    expect(refusal(block(MAX_NESTING_DEPTH))).toBe('accepted');
    expect(refusal(block(MAX_NESTING_DEPTH + 1))).toMatch(/^in\.yaml:33: the nesting is deeper than the limit/);
    expect(refusal(`${'{"a":'.repeat(100000)}1${'}'.repeat(100000)}`)).toMatch(/the nesting is deeper than the limit/);
    expect(refusal(`${'- '.repeat(40)}x\n`)).toMatch(/the nesting is deeper than the limit/);
  });

  it('does not count brackets inside double-quoted strings or comments', () => {
    expect(refusal(`a: "${'['.repeat(100)}" # ${'{'.repeat(100)}\n`)).toBe('accepted');
  });

  it(`refuses more than ${MAX_ENTRIES} entries before parsing (the library's repeated-key check was quadratic)`, () => {
    expect(refusal(`[${Array(MAX_ENTRIES + 2).fill('1').join(',')}]`)).toMatch(/more than the limit of 5000 entries.*Fix: split/);
    expect(refusal(Array.from({ length: MAX_ENTRIES + 2 }, (_, i) => `k${i}: 1`).join('\n'))).toMatch(/more than the limit of 5000 entries/);
    expect(refusal(Array.from({ length: MAX_ENTRIES - 1 }, (_, i) => `k${i}: 1`).join('\n'))).toBe('accepted');
  });

  it('still reports a repeated key with its line', () => {
    expect(refusal('a: 1\nb: 2\na: 3\n')).toMatch(/^in\.yaml:3: YAML syntax error: Map keys must be unique\. Fix: keep one of the repeated keys/);
  });

  it(`refuses a string longer than ${MAX_STRING_LENGTH} characters`, () => {
    expect(refusal(`a: "${'x'.repeat(MAX_STRING_LENGTH + 1)}"\n`)).toMatch(/a text longer than the limit of 64 Ki characters/);
    expect(refusal(`a: "${'x'.repeat(MAX_STRING_LENGTH)}"\n`)).toBe('accepted');
  });
});

describe('Markdown nesting limit (the deep-blockquote stack overflow)', () => {
  const lesson = (body: string) => `---\nid: deep\ntitle: Deep\ngoals: [g]\nprerequisites: []\nminutes: 1\n---\n\n${body}\n`;

  it('refuses deeply nested blockquotes with a message, not a RangeError', () => {
    const { problems } = parseLesson(lesson(`${'> '.repeat(5000)}deep`), 'deep.md');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'deep.md', line: 9 });
    expect(problems[0]!.message).toMatch(`deeper than the limit of ${MAX_MARKDOWN_NESTING} levels (here 5000)`);
    expect(parseLesson(lesson(`${'>'.repeat(5000)} deep`), 'deep.md').problems[0]!.message).toMatch(/deeper than the limit/);
  });

  it('refuses deeply nested lists, and accepts nesting within the limit and fenced code', () => {
    const nested = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
    expect(parseLesson(lesson(nested), 'deep.md').problems[0]!.message).toMatch(/deeper than the limit/);
    expect(parseLesson(lesson(`${'> '.repeat(MAX_MARKDOWN_NESTING)}ok`), 'ok.md').problems).toEqual([]);
    expect(parseLesson(lesson(`\`\`\`\n${'> '.repeat(100)}code\n\`\`\``), 'ok.md').problems).toEqual([]);
  });
});
