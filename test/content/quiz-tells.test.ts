/**
 * A quiz without tells (issue 34; quizzes/FORMAT.md, "No tells"): each rule
 * proved on a small fixture bank that keeps them all (test/fixtures/
 * quiz-tells/fair-bank.yaml) and on a copy that breaks just that one;
 * validate reports them as warnings for an instructor's bank of ten or
 * more single-choice questions and as problems for the shipped banks.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/core/display-width.js';
import { giveaways, states, type TellQuestion, tellFindings, tellStats, tellStatsLines } from '../../src/content/quiz/quiz-tells.js';
import { shippedBankFiles } from '../../src/content/quiz/quiz-loader.js';
import { questionRefs, realLoaders } from '../../src/content/validate/validate-loaders.js';
import { validateContent } from '../../src/content/validate/validate.js';

const FAIR = resolve(import.meta.dirname, '../fixtures/quiz-tells/fair-bank.yaml');
const fair = (): TellQuestion[] => questionRefs(FAIR);
const messages = (qs: readonly TellQuestion[]) => tellFindings(qs).map((f) => f.message);
/** The fixture with one question changed. */
const edit = (id: string, change: (q: TellQuestion) => TellQuestion): TellQuestion[] => fair().map((q) => (q.id === id ? change(q) : q));
/** Make the right option strictly the longest by lengthening it. */
const longestRight = (q: TellQuestion): TellQuestion => {
  const options = [...(q.options ?? [])];
  const answer = q.answer as number;
  options[answer] = `${options[answer]}${'.'.repeat(Math.max(...options.map(displayWidth)) - displayWidth(options[answer] ?? '') + 1)}`;
  return { ...q, options };
};

describe('the shipped banks, pooled', () => {
  const shipped = shippedBankFiles().flatMap(questionRefs);

  it('keep every tell rule', () => {
    expect(tellFindings(shipped).map((f) => f.message)).toEqual([]);
    const s = tellStats(shipped);
    expect(s.single).toBeGreaterThanOrEqual(30);
    expect(s.strictlyLongest.length / s.single).toBeGreaterThanOrEqual(0.1);
    expect(s.strictlyLongest.length / s.single).toBeLessThanOrEqual(0.3);
    expect(s.twoLongest.length / s.ranked).toBeLessThanOrEqual(0.6);
    expect(s.throwaways).toEqual([]);
  });

  it('declare the key terms of every question, none stated by another question or by its own prompt', () => {
    for (const q of shipped) expect(q.keyTerms?.length ?? 0, `${q.id} has no keyTerms`).toBeGreaterThan(0);
    expect(giveaways(shipped)).toEqual([]);
  });

  it('no longer give away the answers the issue found given away', () => {
    const byId = new Map(shipped.map((q) => [q.id, q] as const));
    const text = (id: string) => {
      const q = byId.get(id);
      return [q?.prompt ?? '', ...(q?.options ?? [])].join('\n');
    };
    // The 15/10/2 s defaults, the zxid layout, "accepted before any newer token", C's 1:3, the 409, the stale split write landing last.
    expect(text('k8s-pause-two-leaders')).not.toMatch(/15 s|10 s|2 s/);
    expect(text('zookeeper-new-leader-epoch')).not.toMatch(/high 32|bits/i);
    expect(text('hwm-is-not-current-ownership')).not.toMatch(/lease has already expired/);
    expect(text('forgetful-sink-whatever-minting')).not.toMatch(/1:3/);
    expect(text('resourceversion-equality-only')).not.toMatch(/only if that still equals/);
    expect(text('split-check-race')).not.toMatch(/overwrites/);
    expect(text('split-lowers-the-mark')).not.toMatch(/applied last/);
    expect(byId.get('lab-expected-outcome')?.options?.join(' ')).not.toMatch(/A-late|B-current/);
    expect(byId.get('etcd-short-ttl-raised')?.prompt).not.toMatch(/minimum|2 s/);
  });
});

describe('the fixture bank', () => {
  it('has ten single-choice questions and no tell', () => {
    const qs = fair();
    const s = tellStats(qs);
    expect(s.single).toBe(10);
    expect(s.strictlyLongest).toHaveLength(3);
    expect(s.twoLongest).toHaveLength(6);
    expect(s.throwaways).toEqual([]);
    expect(messages(qs)).toEqual([]);
  });
});

describe('display width', () => {
  it('counts what the terminal shows: a combining accent takes no column, a wide character two', () => {
    expect(displayWidth('cafe\u0301')).toBe(4);
    expect(displayWidth('漢字')).toBe(4);
    expect(displayWidth('≤ 15 s')).toBe(6);
    // So an option padded with combining marks is not "longer".
    expect(tellStats([{ id: 'w', type: 'single', options: ['abc', 'ab\u0301\u0301\u0301\u0301'], answer: 1 }]).strictlyLongest).toEqual([]);
  });
});

describe('the length rules', () => {
  it('the right option strictly longest in more than 30% is a tell', () => {
    const qs = edit('t-token-source', longestRight);
    expect(tellStats(qs).strictlyLongest).toHaveLength(4);
    expect(messages(qs)).toEqual([expect.stringMatching(/strictly the longest in 4 of 10 single-choice questions \(40%; at most 30%\)/)]);
  });

  it('in fewer than 10% it is a tell in reverse', () => {
    const shorten = (q: TellQuestion): TellQuestion => ({ ...q, options: (q.options ?? []).map((o, i) => (i === q.answer ? o : `${o} and more besides`)) });
    const ids = tellStats(fair()).strictlyLongest;
    const qs = fair().map((q) => (ids.includes(q.id) ? shorten(q) : q));
    expect(messages(qs)).toEqual([expect.stringMatching(/strictly the longest in only 0 of 10 .*at least 10%/)]);
  });

  it('ties do not count as strictly the longest, nor as among the two longest', () => {
    const tie = tellStats([{ id: 'tie', type: 'single', options: ['ab', 'cd', 'ef', 'g'], answer: 0 }]);
    expect(tie.strictlyLongest).toEqual([]);
    expect(tie.twoLongest).toEqual([]);
    const second = tellStats([{ id: 'second', type: 'single', options: ['abc', 'abcd', 'a', 'b'], answer: 0 }]);
    expect(second.twoLongest).toEqual(['second']);
  });

  it('the right option among the two longest in more than 60% is a tell', () => {
    // t-ttl-unit's right option "2" ties with its distractors; making it the second longest tips the share to 7 of 10.
    const qs = edit('t-ttl-unit', (q) => ({ ...q, options: ['22', '1', '333', '0'] }));
    expect(tellStats(qs).twoLongest).toHaveLength(7);
    expect(messages(qs)).toEqual([expect.stringMatching(/among the two longest in 7 of 10 .*\(70%; at most 60%\)/)]);
  });

  it('a distractor under half the right option is a throwaway, unless the question is terse', () => {
    const qs = edit('t-lease-meaning', (q) => ({
      ...q,
      options: ['A lock that ends on its own after a set time', 'A key', 'A copy of the data for reading offline', 'A number that orders every write'],
    }));
    expect(messages(qs)).toEqual([expect.stringMatching(/^question "t-lease-meaning": the wrong option "A key" is 11% of the right option's length/)]);
    expect(messages(qs.map((q) => (q.id === 't-lease-meaning' ? { ...q, terse: true } : q)))).toEqual([]);
  });

  it('an instructor bank under ten single-choice questions is not judged by shares', () => {
    const qs = fair().slice(0, 9).map(longestRight);
    expect(tellStats(qs).strictlyLongest).toHaveLength(9);
    expect(messages(qs)).toEqual([]);
  });
});

describe('give-aways through keyTerms', () => {
  it('a term is stated as whole words, whatever the case and spacing', () => {
    expect(states('the Mark  stays at 7.', 'the mark stays at 7')).toBe(true);
    expect(states('token 60 is late', 'token 6')).toBe(false);
    expect(states('a lease of 15 s', '15 s')).toBe(true);
  });

  it("another question's prompt or options holding all of a question's key terms give its answer away", () => {
    const qs = edit('t-mark-update', (q) => ({ ...q, prompt: 'If the mark stays at 7 and token 9 arrives, what becomes the mark?' }));
    expect(giveaways(qs)).toEqual([{ answerOf: 't-late-write', statedBy: 't-mark-update' }]);
    expect(messages(qs)).toEqual([expect.stringMatching(/^question "t-mark-update" states the answer of "t-late-write"/)]);
    // Every key term must be there: half of them is not the answer.
    const two = qs.map((q) => (q.id === 't-late-write' ? { ...q, keyTerms: ['the mark stays at 7', 'refused'] } : q));
    expect(giveaways(two)).toEqual([]);
  });

  it('a prompt that holds its own key terms gives itself away', () => {
    const qs = edit('t-renew-early', (q) => ({ ...q, prompt: 'Renewing early means a late renewal still lands in time: why renew early?' }));
    expect(messages(qs)).toEqual(['question "t-renew-early" states its own answer in its prompt (all its keyTerms appear there); reword the prompt']);
  });

  it('allowOverlap lets a question state another one on purpose', () => {
    // t-late-write's prompt names token 6, t-sink-compare's key term, and says so.
    expect(giveaways(fair())).toEqual([]);
    expect(giveaways(edit('t-late-write', ({ allowOverlap: _, ...q }) => q))).toEqual([{ answerOf: 't-sink-compare', statedBy: 't-late-write' }]);
  });
});

describe('validate', () => {
  const broken = (text: string) => text.replace('"A lock that lasts until the holder says so"', '"A key"');

  it('warns about an instructor bank (exit 0) at the question, and makes them problems for the shipped banks', async () => {
    const { mkdtempSync, readFileSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-tells-'));
    try {
      const file = join(dir, 'bank.yaml');
      writeFileSync(file, broken(readFileSync(FAIR, 'utf8')));
      const asInstructor = validateContent([file], realLoaders);
      expect(asInstructor.problems).toEqual([]);
      expect(asInstructor.warnings).toEqual([
        expect.objectContaining({ line: expect.any(Number), message: expect.stringMatching(/t-lease-meaning.*"A key"/) }),
      ]);
      expect(asInstructor.warnings[0]?.file).toMatch(/bank\.yaml$/);
      expect(asInstructor.warnings[0]?.line).toBeGreaterThan(1);
      const asShipped = validateContent([file], realLoaders, { shipped: true });
      expect(asShipped.problems.map((p) => p.message)).toEqual([expect.stringMatching(/t-lease-meaning/)]);
      expect(asShipped.warnings).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--stats prints the figures pooled, then per bank', () => {
    const lines = tellStatsLines(fair());
    expect(lines[0]).toBe(
      'all banks: 10 single-choice; right option strictly longest 3 (30%), among the two longest 6 of 10 (60%), 1.07x the mean wrong option; 0 wrong options under 50% of the right one',
    );
    expect(lines[1]).toBe('  10 questions, 0 without keyTerms, 0 give-aways');
    const two = [...fair(), ...fair().map((q) => ({ ...q, id: `${q.id}-b`, file: 'other.yaml' }))];
    expect(tellStatsLines(two).slice(2)).toEqual([
      expect.stringMatching(/^ {2}fair-bank: 10 single-choice/),
      expect.stringMatching(/^ {2}other: 10 single-choice/),
    ]);
    expect(validateContent([FAIR], realLoaders, { stats: true }).stats).toEqual(lines);
  });
});
