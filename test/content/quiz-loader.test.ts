import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError } from '../../src/content/shared/problems.js';
import { isQuizPath, loadQuizArg, loadQuizArgWithContent, loadQuizFile, loadQuizText, loadShippedBank } from '../../src/content/quiz/quiz-loader.js';

function problems(text: string): { line: number; message: string; fix: string }[] {
  try {
    loadQuizText(text, 'bank.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(ContentError);
    return (err as ContentError).problems.map(({ line, message, fix }) => ({ line, message, fix }));
  }
  throw new Error('expected the bank to be refused');
}

const HEAD = 'kind: quiz\nquestions:\n';
const single = (extra = '', id = 'q1') =>
  `  - id: ${id}\n    type: single\n    lesson: token-contract\n    tags: [fencing]\n    difficulty: easy\n    prompt: Pick one\n    options: [a, b, c]\n    answer: 1\n    explanation: Because b.\n    source: Kleppmann 2016, section X\n${extra}`;

describe('quiz bank loader', () => {
  it('loads a valid bank, with a hash independent of layout and key order', () => {
    const a = loadQuizText(HEAD + single(), 'a.yaml');
    expect(a.id).toBe('a');
    expect(a.questions[0]).toMatchObject({ id: 'q1', type: 'single', options: ['a', 'b', 'c'], answer: 1 });
    const reordered = `questions:\n  - { source: "Kleppmann 2016, section X", explanation: Because b., answer: 1, options: [a, b, c], prompt: Pick one, difficulty: easy, tags: [fencing], lesson: token-contract, type: single, id: q1 }\n`;
    expect(loadQuizText(reordered, 'b.yaml').contentHash).toBe(a.contentHash);
    expect(loadQuizText(HEAD + single().replace('Because b.', 'Because B.'), 'a.yaml').contentHash).not.toBe(a.contentHash);
  });

  it.each([
    ['an unknown key', single('    colour: red\n'), 13, /unknown key `colour`/],
    ['an answer out of range', single().replace('answer: 1', 'answer: 3'), 10, /option index from 0 to 2/],
    ['a bad type', single().replace('type: single', 'type: essay'), 4, /one of single, multiple/],
    ['a missing source', single().replace('    source: Kleppmann 2016, section X\n', ''), 3, /`source` is missing/],
    ['a bad difficulty', single().replace('difficulty: easy', 'difficulty: trivial'), 7, /easy, medium, hard/],
    ['a non-kebab id', single().replace('id: q1', 'id: Q 1'), 3, /kebab-case/],
    ['a repeated option', single().replace('[a, b, c]', '[a, b, a]'), 9, /repeats/],
    ['too many options', single().replace('[a, b, c]', '[a, b, c, d, e, f, g, h, i, j]'), 9, /needs 2 to 9/],
    ['empty tags', single().replace('[fencing]', '[]'), 6, /tags/],
  ])('refuses %s with the right line', (_name, body, line, message) => {
    const ps = problems(HEAD + body);
    expect(ps[0]).toMatchObject({ line });
    expect(ps[0]!.message).toMatch(message);
    expect(ps[0]!.fix.length).toBeGreaterThan(5);
  });

  it('refuses duplicate ids, a truefalse with options, an ordering with an answer, a multiple with repeats', () => {
    expect(problems(HEAD + single() + single())[0]!.message).toMatch(/already used by question 1/);
    const tf = '  - { id: t, type: truefalse, lesson: l, tags: [x], difficulty: easy, prompt: p, explanation: e, source: s, answer: yes, options: [a, b] }\n';
    const ps = problems(HEAD + tf);
    expect(ps.map((p) => p.message).join('\n')).toMatch(/unknown key `options`[\s\S]*true or false/);
    const ord =
      '  - { id: o, type: ordering, lesson: l, tags: [x], difficulty: easy, prompt: p, explanation: e, source: s, options: [a, b], answer: [1, 0] }\n';
    expect(problems(HEAD + ord)[0]!.message).toMatch(/unknown key `answer`/);
    const mul =
      '  - { id: m, type: multiple, lesson: l, tags: [x], difficulty: easy, prompt: p, explanation: e, source: s, options: [a, b], answer: [1, 1] }\n';
    expect(problems(HEAD + mul)[0]!.message).toMatch(/distinct option indices/);
  });

  it('refuses a file that is not a bank', () => {
    expect(problems('just text')[0]!.message).toMatch(/must be a mapping/);
    expect(problems('questions: []')[0]!.message).toMatch(/non-empty list/);
    expect(problems('kind: lesson\nquestions:\n' + single())[0]!.message).toMatch(/`kind` of a quiz file/);
  });

  it('computes predict keys with the engine and refuses predicts that cannot work', () => {
    const predict = (body: string) =>
      `${HEAD}  - id: p\n    type: predict\n    lesson: l\n    tags: [x]\n    difficulty: easy\n    prompt: p\n    explanation: e\n    source: s\n${body}`;
    const ok = loadQuizText(predict('    scenario: late-write\n    ask: final-value\n    variants: [{ fencing: true }, { fencing: false }]\n'), 'p.yaml');
    const q = ok.questions[0]!;
    expect(q.type === 'predict' && q.variants.map((v) => v.options[v.answer])).toEqual(['"100"', '"1"']);
    expect(problems(predict('    scenario: no-such\n    ask: stale\n    variants: [{}]\n'))[0]).toMatchObject({
      line: 11,
      message: expect.stringMatching(/no shipped scenario `no-such`/),
    });
    expect(
      problems(
        predict(
          '    scenario: late-write\n    ask: write-result\n    write: { actor: A, sentAt: 30 }\n    variants: [{ fencing: true }, { fencing: false }]\n',
        ),
      )[0]!.message,
    ).toMatch(/no variant has a write by A sent at t=30/);
    expect(problems(predict('    scenario: late-write\n    ask: final-value\n    variants: [{ check: atomic }, { minting: volatile }]\n'))[0]!.message).toMatch(
      /every variant gives the same answer/,
    );
    expect(
      problems(predict('    scenario: late-write\n    ask: final-value\n    options: ["0", "1"]\n    variants: [{ fencing: true }]\n'))[0]!.message,
    ).toMatch(/ends with "100", which is not among the options/);
    expect(problems(predict('    scenario: late-write\n    ask: stale\n    variants: [{ fencing: maybe }]\n'))[0]!.message).toMatch(
      /`fencing` must be true or false/,
    );
    expect(problems(predict('    scenario: late-write\n    ask: write-result\n    variants: [{}]\n'))[0]!.message).toMatch(/needs `write`/);
  });

  it('shows text as text only: escape sequences are removed, a lone control or bidi character shown as <U+XXXX>', () => {
    const bank = loadQuizText(HEAD + single().replace('Pick one', '"Pick \\e[31mone\\e]0;pwned\\a \\x07 \\u202Eevil"'), 'a.yaml');
    expect(bank.questions[0]!.prompt).toBe('Pick one <U+0007> <U+202E>evil');
  });

  it('loads a custom bank from a temp directory, by path, named after its file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ft-bank-'));
    const file = join(dir, 'my-bank.yaml');
    writeFileSync(file, HEAD + single());
    expect(isQuizPath(file)).toBe(true);
    expect(isQuizPath('token-contract')).toBe(false);
    expect(isQuizPath('mine.yml')).toBe(true);
    const bank = loadQuizArg(file);
    expect(bank).toMatchObject({ id: 'my-bank', custom: true });
    expect(() => loadQuizFile(join(dir, 'missing.yaml'))).toThrow(/no such file/);
  });

  it('refuses an unknown shipped bank id, listing the real ones', () => {
    expect(() => loadShippedBank('nope')).toThrow(/no shipped quiz bank `nope`[\s\S]*token-contract/);
    expect(loadShippedBank('all').id).toBe('all');
  });

  it('with --content DIR: a local bank by id, and the whole bank with local questions; clashes refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ft-content-'));
    mkdirSync(join(dir, 'quizzes'));
    writeFileSync(join(dir, 'quizzes', 'local-bank.yaml'), HEAD + single('', 'local-q'));
    expect(loadQuizArgWithContent('local-bank', dir)).toMatchObject({ id: 'local-bank', custom: true });
    expect(loadQuizArgWithContent('who-checks', dir).id).toBe('who-checks');
    const whole = loadQuizArgWithContent(undefined, dir);
    const shipped = loadShippedBank();
    expect(whole.questions.length).toBe(shipped.questions.length + 1);
    expect(whole.contentHash).not.toBe(shipped.contentHash);
    expect(loadQuizArgWithContent(undefined, undefined).contentHash).toBe(shipped.contentHash);
    writeFileSync(join(dir, 'quizzes', 'clash.yaml'), HEAD + single('', 'zxid-layout'));
    expect(() => loadQuizArgWithContent(undefined, dir)).toThrow(/`zxid-layout` is already used by a shipped question/);
  });
});
