/** Predict first: the choices of final value, the highlight, and the answer (a wrong one replays to where it departs). */
import { NO_VALUE, predictionChoices, wrongMoment } from '../../core/prediction.js';
import { endTick } from '../run-ticks.js';
import type { SimSlice, SimulatorContext } from './simulator-context.js';

type PredictionKeys = 'askPrediction' | 'movePrediction' | 'answerPrediction' | 'cancelPrediction';

export const predictionSlice =
  ({ options }: SimulatorContext): SimSlice<PredictionKeys> =>
  (set, get) => ({
    askPrediction: () => {
      const { result, scenario } = get();
      if (!result || !scenario) return;
      set({
        prediction: { phase: 'asking', choices: predictionChoices(scenario), highlighted: 0 },
        playing: false,
        cursor: 0,
        stopAt: null,
      });
    },
    movePrediction: (delta) => {
      const { prediction } = get();
      if (prediction?.phase !== 'asking') return;
      const n = prediction.choices.length;
      set({ prediction: { ...prediction, highlighted: (prediction.highlighted + delta + n) % n } });
    },
    answerPrediction: (choiceIndex) => {
      const { prediction, result } = get();
      if (prediction?.phase !== 'asking' || !result) return;
      const index = choiceIndex ?? prediction.highlighted;
      const chosen = prediction.choices[index];
      if (chosen === undefined) return;
      const correct = chosen === (result.final.value ?? NO_VALUE);
      if (correct) {
        set({
          prediction: { ...prediction, phase: 'answered', chosen, correct, highlighted: index },
          cursor: options.reducedMotion ? endTick(result) : 0,
          playing: !options.reducedMotion,
          stopAt: null,
        });
        return;
      }
      const moment = wrongMoment(result, chosen);
      set({
        prediction: {
          ...prediction,
          phase: 'answered',
          chosen,
          correct,
          highlighted: index,
          wrongAt: moment?.t,
          wrongEvent: moment?.index,
        },
        // Replay up to the moment the guess goes wrong, and stop there.
        cursor: options.reducedMotion ? (moment?.t ?? 0) : 0,
        playing: !options.reducedMotion && (moment?.t ?? 0) > 0,
        stopAt: moment?.t ?? null,
      });
    },
    cancelPrediction: () => set({ prediction: null, stopAt: null }),
  });
