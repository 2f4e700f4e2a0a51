import { describe, expect, it } from 'vitest';
import { loadShippedBank, shippedBankIds } from '../../src/content/quiz/quiz-loader.js';
import { findShippedScenario } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { drawQuestions, presentQuestion } from '../../src/core/quiz/draw.js';
import { valueOption } from '../../src/core/quiz/predict.js';
import { SHIPPED_LESSON_IDS } from '../helpers/lesson-ids.js';

const LESSONS: readonly string[] = SHIPPED_LESSON_IDS;

describe('the shipped bank', () => {
  const bank = loadShippedBank();

  it('validates, with at least 40 questions and unique ids', () => {
    expect(bank.questions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(bank.questions.map((q) => q.id)).size).toBe(bank.questions.length);
    expect(bank.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('loads every file on its own too, each a bank id', () => {
    const ids = shippedBankIds();
    expect(ids.length).toBeGreaterThan(1);
    let total = 0;
    for (const id of ids) {
      const one = loadShippedBank(id);
      expect(one.id).toBe(id);
      total += one.questions.length;
    }
    expect(total).toBe(bank.questions.length);
  });

  it('gives every lesson at least three questions, and names only known lessons', () => {
    for (const lesson of LESSONS) {
      expect(bank.questions.filter((q) => q.lesson === lesson).length, lesson).toBeGreaterThanOrEqual(3);
    }
    for (const q of bank.questions) expect(LESSONS).toContain(q.lesson);
  });

  it('uses every kind, and includes the course self-check questions', () => {
    const kinds = new Set(bank.questions.map((q) => q.type));
    expect([...kinds].sort()).toEqual(['multiple', 'ordering', 'predict', 'single', 'truefalse']);
    const ids = bank.questions.map((q) => q.id);
    expect(ids).toContain('lease-id-not-a-token');
    expect(ids).toContain('fencing-not-idempotency');
  });

  it('gives every question a source with a section and an explanation', () => {
    for (const q of bank.questions) {
      // A source cites a primary source with its section, or says "derived" (reasoned from the lessons).
      if (q.source !== 'derived') expect(q.source.length, q.id).toBeGreaterThan(10);
      expect(q.explanation.length, q.id).toBeGreaterThan(20);
      expect(q.tags.length, q.id).toBeGreaterThan(0);
    }
  });

  it('computes every predict key with the engine, for several seeds', () => {
    const predicts = bank.questions.filter((q) => q.type === 'predict');
    expect(predicts.length).toBeGreaterThanOrEqual(5);
    for (const q of predicts) {
      const scenario = findShippedScenario(q.scenario)!;
      expect(scenario, q.scenario).toBeDefined();
      const keys = new Set<number>();
      for (const seed of [0, 1, 2, 3, 7, 42, 1234, 99999]) {
        const d = presentQuestion(q, seed);
        const v = q.variants[d.variant!.index]!;
        const run = simulate(scenario, d.variant!.overrides);
        const chosen = d.options[d.answer as number]!;
        if (q.ask === 'final-value') expect(chosen, `${q.id} seed ${seed}`).toBe(valueOption(run.final.value));
        else if (q.ask === 'stale') expect(chosen).toBe(run.staleAcceptances > 0 ? 'Yes' : 'No');
        else {
          const w = run.writes.find((r) => r.actor === q.write!.actor && r.sentAt === q.write!.sentAt);
          expect(chosen).toBe(w === undefined ? 'It never reaches the sink' : w.result === 'accepted' ? 'Accepted' : 'Rejected');
        }
        keys.add(v.answer);
      }
      // Seeded variants change the toggles, and with them the key (quizzes/FORMAT.md: with more than one variant).
      if (q.variants.length > 1) expect(keys.size, q.id).toBeGreaterThan(1);
    }
  });

  it('has the known answers for the spec-fixed scenarios', () => {
    const lateWrite = bank.questions.find((q) => q.id === 'late-write-a-accepted')!;
    expect(lateWrite.type).toBe('predict');
    if (lateWrite.type !== 'predict') return;
    const byFencing = lateWrite.variants.map((v) => [v.settings.fencing, v.options[v.answer]]);
    expect(byFencing).toEqual([
      [true, 'Rejected'],
      [false, 'Accepted'],
    ]);
  });

  it('draws every question for any seed without error', () => {
    for (const seed of [0, 5, 4294967295]) expect(drawQuestions(bank.questions, seed)).toHaveLength(bank.questions.length);
  });
});

describe('predict questions say their settings in their own sentence (issue 33)', () => {
  it('a lease length is never varied behind the prompt: one ttl per question, stated as "N-tick lease"', () => {
    for (const q of loadShippedBank().questions) {
      if (q.type !== 'predict') continue;
      const ttls = new Set(q.variants.map((v) => v.overrides.ttl).filter((t) => t !== undefined));
      expect(ttls.size, q.id).toBeLessThanOrEqual(1);
      for (const ttl of ttls) expect(q.prompt, q.id).toContain(`${ttl}-tick lease`);
    }
  });
});
