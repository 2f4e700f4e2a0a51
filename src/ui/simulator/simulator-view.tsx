/**
 * The simulator, for one scenario: settings, the animated timeline, the
 * narration of the moment, and the panels (predict, explore) over it.
 * Everything shown comes from the store, which got it from the engine.
 */
import { Box, Static, Text } from 'ink';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { narrateEvents, narrateOutcome, narrateTicks } from '../../core/narration.js';
import { timelineFromSim } from '../../core/timeline/index.js';
import { formatToken } from '../../core/token.js';
import type { ConfigOverrides, Scenario } from '../../core/types.js';
import { type EngineCalls, endTick, SPEEDS } from '../../store/simulator-store.js';
import { useAppContext } from '../app-context.js';
import { useFocusGuards } from '../use-focus-guards.js';
import { useScreenInput } from '../use-screen-input.js';
import { ExplorePanel } from './explore-panel.js';
import { ExploreProgress } from './explore-progress.js';
import { PredictPanel } from './predict-panel.js';
import { TimelineView } from './timeline-view.js';
import { TogglesLine } from './toggles-line.js';
import { useSimulatorStore } from './use-simulator.js';
import { useSpokenNarration } from './use-spoken-narration.js';

export interface SimulatorViewProps {
  scenario: Scenario;
  overrides: ConfigOverrides;
  engine: EngineCalls;
  /** Open with the explorer's panel showing (home's Explore entry). */
  explore?: boolean;
}

export function SimulatorView({ scenario, overrides, engine, explore }: SimulatorViewProps) {
  const { theme, area } = useAppContext();
  const store = useSimulatorStore(engine, scenario, overrides, { reducedMotion: theme.reducedMotion, explore });
  const s = useStore(store);
  const result = s.result;
  const panel = s.exploreOpen ? 'explore' : s.prediction?.phase === 'asking' ? 'predict' : 'simulator';
  // "enter replay it" only when there is a counterexample to replay.
  const hintContext = panel === 'explore' && s.explore && !s.explore.counterexample ? 'explore-nothing' : panel;

  // Help, hints and q/Esc follow the focused part: an open panel closes first.
  useFocusGuards({
    keyContext: hintContext === 'simulator' ? null : hintContext,
    back: () => {
      const st = store.getState();
      if (st.counterexampleStep !== null) {
        st.stopCounterexample();
        return true;
      }
      if (st.exploreOpen) {
        st.closeExplore();
        return true;
      }
      if (st.prediction?.phase === 'asking') {
        st.cancelPrediction();
        return true;
      }
      return false;
    },
  });

  useScreenInput(panel, (action, input, key) => {
    const st = store.getState();
    switch (action) {
      case 'play':
        st.togglePlay();
        break;
      case 'step-forward':
        st.stepForward();
        break;
      case 'step-back':
        st.stepBack();
        break;
      case 'faster':
        st.faster();
        break;
      case 'slower':
        st.slower();
        break;
      case 'restart':
        st.restart();
        break;
      case 'ttl-down':
        st.changeTtl(-1);
        break;
      case 'ttl-up':
        st.changeTtl(1);
        break;
      case 'fencing':
      case 'minting':
      case 'check':
        st.toggle(action);
        break;
      case 'predict':
        st.askPrediction();
        break;
      case 'explore':
        st.openExplore();
        break;
      case 'move':
        st.movePrediction(key.upArrow ? -1 : 1);
        break;
      case 'choose':
        st.answerPrediction();
        break;
      case 'pick':
        st.answerPrediction(Number(input) - 1);
        break;
      case 'replay':
        st.replayCounterexample();
        break;
      case 'ce-step-back':
        st.stepCounterexample(-1);
        break;
      case 'ce-step-forward':
        st.stepCounterexample(1);
        break;
    }
  });

  const model = useMemo(() => (result ? timelineFromSim(result, scenario) : null), [result, scenario]);
  const ticks = useMemo(() => (result ? narrateTicks(result, theme.ascii) : []), [result, theme.ascii]);
  // One sentence per event: only narration mode reads them.
  const events = useMemo(() => (result && theme.narrate ? narrateEvents(result, theme.ascii) : []), [result, theme.ascii, theme.narrate]);
  const spoken = useSpokenNarration(
    theme.narrate,
    events,
    s.cursor,
    result ? JSON.stringify(result.config) : '',
    `Simulator: ${scenario.id}${scenario.title ? `, ${scenario.title}` : ''}. Space plays, right arrow steps, f, d and a change the settings.`,
    s.change,
  );
  if (!result || !model) return <Text>{s.error ?? 'Loading the scenario...'}</Text>;

  const width = area.columns - 1;
  const last = endTick(result);
  const atEnd = s.cursor >= last;
  const now = ticks.filter((t) => t.t <= s.cursor).at(-1);
  const speed = SPEEDS[s.speedIndex] ?? 1;
  const header = (
    <Box width={width}>
      <Box flexGrow={1} flexShrink={1}>
        <Text bold wrap="truncate">
          {' '}
          Simulator {theme.symbols.separator} {scenario.id}
          {scenario.origin?.local ? ' (your file)' : ''}
          {scenario.title ? ` ${theme.symbols.dot} ${scenario.title}` : ''}
        </Text>
      </Box>
      <Box flexShrink={0}>
        <Text>
          {'  '}
          {s.playing ? `${theme.symbols.playing} playing` : `${theme.symbols.paused} paused`} {speed}x{'  '}t = {s.cursor}{' '}
          of {last}
        </Text>
      </Box>
    </Box>
  );
  const toggles = <TogglesLine config={result.config} theme={theme} />;
  const rule = <Text color={theme.color('muted')}>{` ${theme.symbols.hrule.repeat(Math.max(0, width - 1))}`}</Text>;
  const change = s.change ? (
    <Box paddingX={1} flexDirection="column">
      <Text color={theme.color('warn')} wrap="wrap">
        Changed by {s.change}
      </Text>
      {s.changeOrderings ? <Text wrap="wrap">{s.changeOrderings}</Text> : null}
    </Box>
  ) : null;
  // The run's outcome and the sink's final mark, both as the engine reported them.
  const mark = result.config.fencing ? ` Its mark ends at ${formatToken(result.final.hwm, theme.ascii)}.` : ' It keeps no mark (fencing off).';
  const outcome = atEnd ? `${narrateOutcome(result, theme.ascii)}${mark}` : null;

  if (theme.narrate) {
    // Narration only: sentences written once, in order (<Static>), under
    // them only the settings and the outcome, in words. No drawing.
    return (
      <Box flexDirection="column">
        <Static items={spoken}>
          {(item) => (
            <Text key={item.key} wrap="wrap">
              {item.text}
            </Text>
          )}
        </Static>
        {toggles}
        {s.prediction ? <PredictPanel prediction={s.prediction} result={result} theme={theme} /> : null}
        {s.exploreOpen && s.exploring ? <ExploreProgress statesVisited={s.exploring.statesVisited} theme={theme} /> : null}
        {s.exploreOpen && s.explore ? (
          <ExplorePanel result={s.explore} theme={theme} width={width} rows={area.rows - 4} step={s.counterexampleStep} />
        ) : (
          <Text wrap="wrap">
            {outcome ?? `t=${s.cursor} of ${last}, ${s.playing ? 'playing' : 'paused'}.`}
          </Text>
        )}
      </Box>
    );
  }

  const exploreHeader = (
    <Text bold wrap="truncate">
      {' '}
      Explore {theme.symbols.separator} {scenario.id} {theme.symbols.dot} fencing {result.config.fencing ? 'ON' : 'OFF'}{' '}
      {theme.symbols.dot} {result.config.minting} {theme.symbols.dot} {result.config.check}
    </Text>
  );
  if (s.exploreOpen && s.exploring) {
    return (
      <Box flexDirection="column">
        {exploreHeader}
        {rule}
        <ExploreProgress statesVisited={s.exploring.statesVisited} theme={theme} />
      </Box>
    );
  }

  if (s.exploreOpen && s.explore) {
    return (
      <Box flexDirection="column">
        {exploreHeader}
        {rule}
        <ExplorePanel result={s.explore} theme={theme} width={width} rows={area.rows - 3} step={s.counterexampleStep} />
      </Box>
    );
  }

  // Rows: header, toggles, rule | timeline | rule, narration (3), change (2) | rule, status.
  const asking = s.prediction?.phase === 'asking';
  const predictRows = asking ? 1 + (s.prediction?.choices.length ?? 0) : s.prediction ? 2 : 0;
  const narrationRows = asking ? 0 : s.prediction ? 2 : 3;
  const changeRows = s.change && !asking ? 2 + (s.changeOrderings ? 2 : 0) : 0;
  const fixedRows = 3 + 1 + predictRows + narrationRows + changeRows + 2;
  const timelineRows = Math.max(3, area.rows - fixedRows);
  return (
    <Box flexDirection="column">
      {header}
      {toggles}
      {rule}
      <TimelineView model={model} width={width - 1} cursor={s.cursor} theme={theme} maxRows={timelineRows} />
      {rule}
      {s.prediction ? <PredictPanel prediction={s.prediction} result={result} theme={theme} /> : null}
      {asking ? null : (
        <Box height={narrationRows} paddingX={1} overflow="hidden">
          <Text wrap="wrap">
            {/* An engine error (such as the explorer's state limit) is read in full here, not cut off on the outcome line. */}
            {s.error ?? (now ? now.text : `t=0: nothing yet. Press space to play, ${theme.symbols.right} to step, or p to predict the end first.`)}
          </Text>
        </Box>
      )}
      {asking ? null : change}
      {rule}
      <Text wrap="truncate">
        {' '}
        {outcome ?? `${result.writes.length} write${result.writes.length === 1 ? '' : 's'} in this run; play to the end for the outcome.`}
      </Text>
    </Box>
  );
}
