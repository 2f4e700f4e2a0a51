import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawQuestions, orderBank, presentQuestion, variantIndex } from '../../../src/core/quiz/draw.js';
import { hashString, isValidSeed, mulberry32, shuffledIndices } from '../../../src/core/quiz/rng.js';
import { FIXTURE_BANK } from './fixtures.js';

describe('seeded draws', () => {
  it('are deterministic: the same seed gives the same questions, options and keys', () => {
    expect(drawQuestions(FIXTURE_BANK, 42)).toEqual(drawQuestions(FIXTURE_BANK, 42));
    expect(drawQuestions(FIXTURE_BANK, 42).map((q) => q.id)).not.toEqual(drawQuestions(FIXTURE_BANK, 43).map((q) => q.id));
  });

  it('are prefix-stable: --count 10 is a prefix of --count 20 for any seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), (seed, a, b) => {
        const [small, big] = a <= b ? [a, b] : [b, a];
        const x = drawQuestions(FIXTURE_BANK, seed, small);
        const y = drawQuestions(FIXTURE_BANK, seed, big);
        expect(y.slice(0, small)).toEqual(x);
      }),
      { numRuns: 200 },
    );
  });

  it('take the whole bank by default and a permutation of it', () => {
    const ids = drawQuestions(FIXTURE_BANK, 5).map((q) => q.id);
    expect([...ids].sort()).toEqual(FIXTURE_BANK.map((q) => q.id).sort());
    expect(orderBank(FIXTURE_BANK, 5).map((q) => q.id)).toEqual(ids);
  });

  it("fix a question's variant and option order from the seed and its id only", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const whole = drawQuestions(FIXTURE_BANK, seed);
        // The same question drawn from a different bank (other questions, other order) looks the same.
        const alone = FIXTURE_BANK.filter((_, i) => i % 3 === 0).map((q) => presentQuestion(q, seed));
        for (const q of alone) expect(whole.find((w) => w.id === q.id)).toEqual(q);
      }),
      { numRuns: 50 },
    );
  });

  it('pick both variants of a predict question across seeds, with the key following the toggles', () => {
    const predict = FIXTURE_BANK.find((q) => q.id === 'q-predict')!;
    const seen = new Set<number>();
    for (let seed = 0; seed < 40; seed++) {
      const d = presentQuestion(predict, seed);
      seen.add(variantIndex(predict, seed));
      const expected = d.variant!.overrides.fencing ? 'Rejected' : 'Accepted';
      expect(d.options[d.answer as number]).toBe(expected);
      expect(d.prompt).toContain(d.variant!.overrides.fencing ? 'fencing on' : 'fencing off');
      expect(d.explanation).toMatch(/Rejected\.|Accepted\./);
    }
    expect(seen).toEqual(new Set([0, 1]));
  });

  it('always read True, False for truefalse, and remap every other key through the shuffle', () => {
    for (let seed = 0; seed < 30; seed++) {
      for (const d of drawQuestions(FIXTURE_BANK, seed)) {
        const q = FIXTURE_BANK.find((x) => x.id === d.id)!;
        if (q.type === 'truefalse') {
          expect(d.options).toEqual(['True', 'False']);
          expect(d.answer).toBe(q.answer ? 0 : 1);
        } else if (q.type === 'single') {
          expect(d.options[d.answer as number]).toBe(q.options[q.answer]);
          expect([...d.options].sort()).toEqual([...q.options].sort());
        } else if (q.type === 'multiple') {
          expect((d.answer as number[]).map((i) => d.options[i]).sort()).toEqual(q.answer.map((i) => q.options[i]).sort());
        } else if (q.type === 'ordering') {
          expect((d.answer as number[]).map((i) => d.options[i])).toEqual(q.options);
          expect(d.options).not.toEqual(q.options);
        }
      }
    }
  });

  it('rng helpers: hash and generator are stable, shuffles are permutations, seeds are bounded', () => {
    expect(hashString('abc')).toBe(hashString('abc'));
    expect(hashString('abc')).not.toBe(hashString('abd'));
    const r = mulberry32(1);
    const xs = [r(), r(), r()];
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(shuffledIndices(7, mulberry32(3)).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(isValidSeed(0)).toBe(true);
    expect(isValidSeed(0xffffffff)).toBe(true);
    expect(isValidSeed(-1)).toBe(false);
    expect(isValidSeed(1.5)).toBe(false);
    expect(isValidSeed(2 ** 32)).toBe(false);
  });
});
