/** Predict, then reveal: the question, the choices, and the engine's verdict. */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { NOTHING, quoteValue } from '../../core/display-text.js';
import type { SimResult } from '../../core/types.js';
import { NO_VALUE } from '../../core/prediction.js';
import type { Prediction } from '../../store/simulator-store.js';
import type { Theme } from '../theme.js';

function choiceLabel(value: string): string {
  return value === NO_VALUE ? `${NOTHING} (no value at all)` : quoteValue(value);
}

export function PredictPanel({ prediction, result, theme }: { prediction: Prediction; result: SimResult; theme: Theme }) {
  if (prediction.phase === 'asking') {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold>Before you watch: which value ends in the sink?</Text>
        {prediction.choices.map((value, i) => (
          <Text key={value} color={i === prediction.highlighted ? theme.color('selected') : undefined}>
            {i === prediction.highlighted ? theme.symbols.pointer : ' '} {i + 1} {choiceLabel(value)}
          </Text>
        ))}
      </Box>
    );
  }
  const final = choiceLabel(result.final.value ?? NO_VALUE);
  const chosen = choiceLabel(prediction.chosen ?? NO_VALUE);
  return (
    <Box paddingX={1} height={2} overflow="hidden">
      {prediction.correct ? (
        <Text color={theme.color('good')} wrap="wrap">
          {theme.symbols.accepted} Right: you said {chosen}, and the sink ends with {final}. Watch how it gets there.
        </Text>
      ) : (
        <Text color={theme.color('bad')} wrap="wrap">
          {theme.symbols.rejected} Not quite: you said {chosen}; the sink ends with {final}. Replaying up to t={prediction.wrongAt ?? 0}, where it goes another
          way.
        </Text>
      )}
    </Box>
  );
}
