/**
 * A predict question's scenario, drawn by the same engine run and timeline
 * renderer as the simulator: up to the moment in question while the learner
 * thinks, then, once answered, played on to the end (at once with
 * --reduced-motion). The run comes from the engine, never from the question.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useEffect, useMemo, useState } from 'react';
import { simulate } from '../../../core/engine.js';
import type { DrawnQuestion } from '../../../core/quiz/types.js';
import { type TimelineModel, timelineFromSim } from '../../../core/timeline/index.js';
import { realScheduler } from '../../../store/playback-clock.js';
import { TimelineView } from '../../simulator/timeline-view.js';
import { wrapText } from '../../../render/lesson-wrap.js';
import type { Theme } from '../../theme.js';
import { useShippedScenarioLookup } from '../../shipped-scenarios.js';
import { type PredictFocus, predictMoment } from './predict-moment.js';

/** Ticks per second while playing to the end. */
const PLAY_TICKS_PER_SECOND = 12;

export interface PredictDrawing {
  model: TimelineModel;
  /** The tick the question is asked at. */
  moment: number;
  end: number;
}

/** The engine's run of a predict question's variant, as a timeline; null for other questions. */
export function usePredictDrawing(question: DrawnQuestion | undefined, focus: PredictFocus | undefined): PredictDrawing | null {
  const findShippedScenario = useShippedScenarioLookup();
  return useMemo(() => {
    const v = question?.variant;
    if (!v) return null;
    const scenario = findShippedScenario(v.scenario);
    if (!scenario) return null;
    const run = simulate(scenario, v.overrides);
    return { model: timelineFromSim(run, scenario), moment: predictMoment(run, focus ?? { ask: 'final-value' }), end: run.endTick };
  }, [question, focus, findShippedScenario]);
}

export interface PredictTimelineProps {
  drawing: PredictDrawing | null;
  /** True once answered: play on to the end. */
  reveal: boolean;
  width: number;
  /** Room for the legend under the lanes (every lane is always drawn). */
  withLegend: boolean;
  theme: Theme;
}

export function PredictTimeline({ drawing: drawn, reveal, width, withLegend, theme }: PredictTimelineProps) {
  const [cursor, setCursor] = useState(drawn?.moment ?? 0);
  useEffect(() => {
    if (!drawn) return;
    if (!reveal) {
      setCursor(drawn.moment);
      return;
    }
    // --narrate too: playing on would redraw the sentences at every tick.
    if (theme.reducedMotion || theme.narrate) {
      setCursor(drawn.end);
      return;
    }
    // The playback clock's scheduler, so tests drive it on fake timers.
    const stop = realScheduler.every(1000 / PLAY_TICKS_PER_SECOND, () => {
      setCursor((c) => {
        if (c >= drawn.end) {
          stop();
          return c;
        }
        return c + 1;
      });
    });
    return stop;
  }, [drawn, reveal, theme.reducedMotion, theme.narrate]);

  if (!drawn) return <Text color={theme.color('muted')}> (the scenario of this question is not a shipped one: no timeline to show)</Text>;
  const heading = (
    <Text color={theme.color('muted')}>
      {' '}
      {reveal ? (cursor >= drawn.end ? `the whole run, to t=${drawn.end}` : `playing on: t=${cursor}`) : `the run so far, up to t=${drawn.moment}`}
    </Text>
  );
  if (theme.narrate) {
    // --narrate: each moment so far as a sentence, not a drawing read out glyph by glyph.
    return (
      <Box flexDirection="column">
        {heading}
        <Text>
          {(drawn.model.notes ?? [])
            .filter((n) => n.t <= cursor)
            .flatMap((n) => wrapText(n.text, width - 1).map((l) => ` ${l}`))
            .join('\n')}
        </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      {heading}
      <TimelineView model={drawn.model} width={width} cursor={cursor} theme={theme} maxRows={drawn.model.lanes.length + (withLegend ? 4 : 2)} />
    </Box>
  );
}
