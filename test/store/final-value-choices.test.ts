/**
 * Final-value choices have one order (issue 15, "one place per rule"): the
 * start value, then each written value in the order the steps run.
 * `finalValueChoices` owns it; the simulator's prediction and a quiz's
 * final-value question both offer their values in it.
 */
import { describe, expect, it } from 'vitest';
import { explore } from '../../src/core/explorer.js';
import { simulate } from '../../src/core/engine.js';
import { finalValueChoices, NO_VALUE, predictionChoices } from '../../src/core/prediction.js';
import { NO_VALUE_OPTION, resolvePredict, valueOption } from '../../src/core/quiz/predict.js';
import type { Scenario } from '../../src/core/types.js';
import { createSimulatorStore } from '../../src/store/simulator-store.js';
import { scenario, SPEC_LATE_WRITE } from '../core/helpers.js';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';

// File order, tick order and send order all differ: "b" is written first in
// the file, "a" first by tick, and "a" is sent last (A is paused until t=6).
const shuffled = (): Scenario =>
  scenario(
    [
      '- { at: 0, actor: A, do: acquire }',
      '- { at: 1, actor: A, do: pause, for: 5 }',
      '- { at: 4, actor: B, do: write, value: "b" }',
      '- { at: 2, actor: A, do: write, value: "a" }',
      '- { at: 7, actor: B, do: write, value: "a" }',
    ].join('\n'),
    'initial: start',
  );

function finalValueQuestion(s: Scenario) {
  const resolved = resolvePredict({ id: 'q', type: 'predict', scenario: s.id, ask: 'final-value', variants: [{}], prompt: 'Which value ends?' } as never, s);
  if (!resolved.question) throw new Error(JSON.stringify(resolved.problems));
  return resolved.question.variants[0]!.options;
}

describe('final-value choices: one order', () => {
  it('is the start value, then each written value once, in the order the steps run (not file order, not send order)', () => {
    const s = shuffled();
    expect(
      simulate(s)
        .writes.sort((x, y) => x.sendIndex - y.sendIndex)
        .map((w) => w.value),
    ).toEqual(['b', 'a', 'a']);
    expect(finalValueChoices(s)).toEqual(['start', 'a', 'b']);
    expect(finalValueChoices(loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml'))).toEqual([null, '0', '100', '1']);
  });

  it('the simulator offers them in that order, "no value" as its key', () => {
    for (const s of [shuffled(), loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml')]) {
      const store = createSimulatorStore({ simulate, explore });
      store.getState().open(s);
      store.getState().askPrediction();
      const expected = finalValueChoices(s).map((v) => v ?? NO_VALUE);
      expect(store.getState().prediction?.choices).toEqual(expected);
      expect(predictionChoices(s)).toEqual(expected);
    }
  });

  it('a quiz question offers them in that order, "no value" only where a variant ends with it', () => {
    const s = shuffled();
    expect(finalValueQuestion(s)).toEqual(finalValueChoices(s).map((v) => valueOption(v)));
    // late-write starts empty but always ends with a value: "no value" is left out.
    const late = loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml');
    expect(finalValueQuestion(late)).toEqual(
      finalValueChoices(late)
        .slice(1)
        .map((v) => valueOption(v)),
    );
    // A scenario that never writes ends empty: "no value" is offered, first.
    const empty = scenario('- { at: 0, actor: A, do: acquire }\n- { at: 1, actor: A, do: pause }\n- { at: 2, actor: A, do: write, value: "x" }');
    expect(finalValueQuestion(empty)).toEqual([NO_VALUE_OPTION, '"x"']);
  });
});
