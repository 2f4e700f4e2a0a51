/**
 * The limits checked before parsing: each refusal names the file, the line,
 * the limit and the fix, and the text just under each limit still loads.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MAX_ACTORS,
  MAX_ENTRIES,
  MAX_LESSON_BYTES,
  MAX_MARKDOWN_NESTING,
  MAX_NESTING_DEPTH,
  MAX_QUESTIONS,
  MAX_STEPS,
  MAX_STRING_LENGTH,
} from '../../src/content/shared/input-limits.js';
import { checkCurriculum } from '../../src/content/lesson/lesson-loader.js';
import { loadQuizText } from '../../src/content/quiz/quiz-loader.js';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { parseLesson } from '../../src/content/lesson/lesson-parse.js';
import { ContentError } from '../../src/content/shared/problems.js';
import { parseYaml } from '../../src/content/shared/yaml.js';

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
    expect(
      refusal(
        `[${Array(MAX_ENTRIES + 2)
          .fill('1')
          .join(',')}]`,
      ),
    ).toMatch(/more than the limit of 5000 entries.*Fix: split/);
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

  it(`refuses a lesson over ${MAX_LESSON_BYTES / 1024} KiB (hostile emphasis costs the lexer a second per MiB)`, () => {
    const { problems } = parseLesson(lesson('*_'.repeat(MAX_LESSON_BYTES / 2)), 'big.md');
    expect(problems[0]!.message).toBe('the lesson is larger than the limit of 256 KiB');
  });

  it('refuses deeply nested lists, and accepts nesting within the limit and fenced code', () => {
    const nested = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
    expect(parseLesson(lesson(nested), 'deep.md').problems[0]!.message).toMatch(/deeper than the limit/);
    expect(parseLesson(lesson(`${'> '.repeat(MAX_MARKDOWN_NESTING)}ok`), 'ok.md').problems).toEqual([]);
    expect(parseLesson(lesson(`\`\`\`\n${'> '.repeat(100)}code\n\`\`\``), 'ok.md').problems).toEqual([]);
  });
});

describe('limits on what a file lists', () => {
  it(`refuses a scenario of more than ${MAX_STEPS} steps or ${MAX_ACTORS} actors, naming the limit`, () => {
    const steps = (n: number, actors: number) => Array.from({ length: n }, (_, i) => `  - { at: ${i}, actor: A${i % actors}, do: acquire }`).join('\n');
    expect(() => loadScenarioText(`id: many\nsteps:\n${steps(MAX_STEPS + 1, 2)}\n`, 'many.yaml')).toThrow(/has 501 steps, more than the limit of 500/);
    expect(() => loadScenarioText(`id: crowd\nsteps:\n${steps(MAX_ACTORS + 1, MAX_ACTORS + 1)}\n`, 'crowd.yaml')).toThrow(
      /has 27 actors, more than the limit of 26/,
    );
  });

  it(`refuses a quiz bank of more than ${MAX_QUESTIONS} questions before checking each`, () => {
    const q = (i: number) =>
      `  - { id: q${i}, type: single, lesson: stale-holder, tags: [t], difficulty: easy, prompt: P, options: [a, b], answer: 0, explanation: E, source: S }`;
    const bank = `kind: quiz\nquestions:\n${Array.from({ length: MAX_QUESTIONS + 1 }, (_, i) => q(i)).join('\n')}\n`;
    expect(() => loadQuizText(bank, 'big.yaml')).toThrow(/the bank has 301 questions, more than the limit of 300/);
  });
});

describe('manifest paths stay in their content folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'confine-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const lesson = '---\nid: only\ntitle: Only\ngoals: [g]\nprerequisites: []\nminutes: 1\n---\n\nText.\n';

  it('refuses `glossary: ../../secret.yaml`', () => {
    const at = join(dir, 'up', 'lessons');
    mkdirSync(at, { recursive: true });
    writeFileSync(join(dir, 'secret.yaml'), 'kind: glossary\nterms:\n  - { id: s, term: secret, definition: do not read }\n');
    writeFileSync(join(at, 'manifest.yaml'), 'glossary: ../../secret.yaml\nlessons:\n  - { id: only, file: 01-only.md }\n');
    writeFileSync(join(at, '01-only.md'), lesson);
    const { problems } = checkCurriculum(at);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/must be a YAML file name in the same folder/);
  });

  it('refuses a glossary or lesson that is a symbolic link leading outside the folder', () => {
    const at = join(dir, 'link', 'lessons');
    mkdirSync(at, { recursive: true });
    writeFileSync(join(at, 'manifest.yaml'), 'lessons:\n  - { id: only, file: 01-only.md }\n');
    writeFileSync(join(dir, 'outside.md'), lesson);
    symlinkSync(join(dir, 'outside.md'), join(at, '01-only.md'));
    symlinkSync(join(dir, 'secret.yaml'), join(at, 'glossary.yaml'));
    const messages = checkCurriculum(at)
      .problems.map((p) => p.message)
      .join('\n');
    expect(messages).toMatch(/01-only\.md lies outside the content folder/);
    expect(messages).toMatch(/glossary\.yaml lies outside the content folder/);
  });
});
