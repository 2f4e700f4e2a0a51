/**
 * Predict questions carry their steps wherever no timeline is drawn: the
 * plain quiz, the answer sheet and GIFT (issue 17). The steps are the
 * scenario file's, in the engine's order, and never the outcome.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedBank } from '../../../src/content/quiz/quiz-loader.js';
import { findShippedScenario } from '../../../src/content/scenario/scenario-loader.js';
import { presentQuestion } from '../../../src/core/quiz/draw.js';
import { describeSteps, stepsBlock } from '../../../src/core/quiz/predict-steps.js';
import { exportSheet } from '../../../src/reports/export.js';
import { questionToGift } from '../../../src/reports/gift.js';

const bank = loadShippedBank();
const predicts = bank.questions.filter((q) => q.type === 'predict');

describe('describeSteps', () => {
  it('tells each step of a scenario in tick order, without its outcome', () => {
    expect(describeSteps(findShippedScenario('delayed-network')!)).toEqual([
      't=0  A asks for the lock (and waits while it is held)',
      't=2  A sends a write of "1", which the network delays by 15 ticks',
      't=3  A releases the lock',
      't=4  B asks for the lock (and waits while it is held)',
      't=5  B writes "100"',
    ]);
    const failover = describeSteps(findShippedScenario('allocator-failover')!).join('\n');
    expect(failover).toContain('t=27  the coordinator fails over (restarts)');
    expect(failover).not.toMatch(/accepted|rejected|stale/);
  });

  it('adds nothing for a question without steps', () => {
    expect(stepsBlock(undefined)).toBe('');
    expect(stepsBlock(['t=0  A writes "1"'])).toBe('\n\nSteps of the scenario:\nt=0  A writes "1"');
  });
});

describe('every shipped predict question, drawn', () => {
  it('has its scenario’s steps, and the sheet and GIFT put them in the prompt', () => {
    expect(predicts.length).toBeGreaterThanOrEqual(5);
    for (const q of predicts) {
      const drawn = presentQuestion(q, 7);
      const scenario = findShippedScenario(drawn.variant!.scenario)!;
      expect(drawn.steps, q.id).toEqual(describeSteps(scenario));
      const sheet = exportSheet({ quiz: 'all', seed: 7, contentHash: bank.contentHash, version: '0' }, [drawn]);
      expect(sheet.questions[0]!.prompt, q.id).toContain(`Steps of the scenario:\n${drawn.steps!.join('\n')}`);
      const gift = questionToGift(drawn, 7);
      expect(gift, q.id).toContain('Steps of the scenario\\:\\n');
      for (const line of drawn.steps!) expect(gift).toContain(line.replace(/[:=]/g, (c) => `\\${c}`));
    }
  });

  it('leaves the other kinds without steps', () => {
    for (const q of bank.questions.filter((x) => x.type !== 'predict')) expect(presentQuestion(q, 7).steps, q.id).toBeUndefined();
  });
});
