/**
 * The simulator, for one scenario: settings, the animated timeline, the
 * narration of the moment, and the panels (predict, explore) over it.
 * Everything shown comes from the store, which got it from the engine.
 */
import { Box, Static } from 'ink';
import { Text } from '../components/text.js';
import { useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { narrateEvents, narrateOutcome, narrateTicks } from '../../core/narration.js';
import { timelineFromSim } from '../../core/timeline/index.js';
import { formatToken } from '../../core/token.js';
import { wrapText } from '../../render/lesson-wrap.js';
import type { ConfigOverrides, Scenario, SimResult } from '../../core/types.js';
import { type EngineCalls, endTick, SPEEDS } from '../../store/simulator-store.js';
import { useAppContext } from '../app-context.js';
import { useFocusGuards } from '../use-focus-guards.js';
import { useScreenInput } from '../use-screen-input.js';
import { ExplorePanel } from './explore-panel.js';
import { ExploreProgress } from './explore-progress.js';
import { PredictPanel } from './predict-panel.js';
import { TimelineView } from './timeline-view.js';
import { TogglesLine } from './toggles-line.js';
import { SandboxPanel, SandboxStatus, sandboxPanelRows, stepRowsFor } from './sandbox-panel.js';
import { useSandbox } from './use-sandbox.js';
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
  // Subscribed to the fields drawn here only (actions are read from getState when a key arrives).
  const s = useStore(
    store,
    useShallow((st) => ({
      result: st.result,
      cursor: st.cursor,
      playing: st.playing,
      speedIndex: st.speedIndex,
      change: st.change,
      changeOrderings: st.changeOrderings,
      prediction: st.prediction,
      explore: st.explore,
      exploreOpen: st.exploreOpen,
      exploring: st.exploring,
      counterexampleStep: st.counterexampleStep,
      error: st.error,
    })),
  );
  const sandbox = useSandbox(store, engine, scenario, overrides);
  const focus = useStore(sandbox.controls, (c) => c.focus);
  const stepCount = useStore(sandbox.sandbox, (b) => b.steps.length);
  const result = s.result;
  const runSerial = useRef<{ result: SimResult | null; key: string }>({ result: null, key: '0' });
  const panel = s.exploreOpen ? 'explore' : s.prediction?.phase === 'asking' ? 'predict' : 'simulator';
  // Acting has its own focus: the act menu, a text being typed, or the steps list.
  const typing = focus.kind === 'save' || (focus.kind === 'menu' && focus.menu.phase === 'type');
  const acting = focus.kind === 'none' ? null : focus.kind === 'steps' ? 'steps' : focus.kind === 'leave' ? 'sim-leave' : typing ? 'act-type' : 'act-menu';
  // "enter replay it" only when there is a counterexample to replay.
  const hintContext = acting ?? (panel === 'explore' && s.explore && !s.explore.counterexample ? 'explore-nothing' : panel);

  // Help, hints and q/Esc follow the focused part: an open panel closes first.
  useFocusGuards({
    keyContext: hintContext === 'simulator' ? null : hintContext,
    back: () => {
      if (sandbox.controls.getState().back()) return true;
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
      // Last, with every panel closed: acts not saved are asked about before they are lost.
      return sandbox.controls.getState().askToLeave();
    },
  });

  useScreenInput(panel, (action, input, key) => {
    const st = store.getState();
    const act = sandbox.controls.getState();
    // Read when the key arrives: while acting has the keys (or has just taken them), they are not the simulator's.
    if (act.focus.kind !== 'none') return;
    switch (action) {
      case 'act':
        // The moment stays put while the learner chooses: the act lands at the tick shown.
        if (st.playing) st.togglePlay();
        act.openMenu();
        break;
      case 'steps':
        act.openSteps();
        break;
      case 'save':
        act.openSave();
        break;
      case 'undo':
        sandbox.sandbox.getState().undo();
        break;
      case 'redo':
        sandbox.sandbox.getState().redo();
        break;
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
  if (runSerial.current.result !== result) runSerial.current = { result, key: `${Number(runSerial.current.key) + 1}` };
  const spoken = useSpokenNarration(
    theme.narrate,
    events,
    s.cursor,
    // Every new run (a setting or an act) is announced, not only a new config.
    runSerial.current.key,
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
          {s.playing ? `${theme.symbols.playing} playing` : `${theme.symbols.paused} paused`} {speed}x{'  '}t = {s.cursor} of {last}
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
        <SandboxPanel {...sandbox} theme={theme} />
        <SandboxStatus {...sandbox} theme={theme} />
        {s.prediction ? <PredictPanel prediction={s.prediction} result={result} theme={theme} /> : null}
        {s.exploreOpen && s.exploring ? <ExploreProgress statesVisited={s.exploring.statesVisited} theme={theme} /> : null}
        {s.exploreOpen && s.explore ? (
          <ExplorePanel result={s.explore} theme={theme} width={width} rows={area.rows - 4} step={s.counterexampleStep} />
        ) : (
          <Text wrap="wrap">{outcome ?? `t=${s.cursor} of ${last}, ${s.playing ? 'playing' : 'paused'}.`}</Text>
        )}
      </Box>
    );
  }

  const exploreHeader = (
    <Text bold wrap="truncate">
      {' '}
      Explore {theme.symbols.separator} {scenario.id} {theme.symbols.dot} fencing {result.config.fencing ? 'ON' : 'OFF'} {theme.symbols.dot}{' '}
      {result.config.minting} {theme.symbols.dot} {result.config.check}
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
  // An open act menu or steps list takes the place of the narration and the change line.
  const stepRows = stepRowsFor(area.rows);
  const actRows = sandboxPanelRows(focus, stepCount, stepRows);
  const belowRows = actRows > 0 ? actRows : narrationRows + changeRows;
  // The outcome wraps (at 80 columns it ran past the edge and lost its mark, cut with an ellipsis): its rows are counted.
  const outcomeText = outcome ?? `${result.writes.length} write${result.writes.length === 1 ? '' : 's'} in this run; play to the end for the outcome.`;
  const outcomeLines = wrapText(outcomeText, Math.max(20, area.columns - 2)).slice(0, 3);
  const fixedRows = 3 + 1 + predictRows + belowRows + 2 + outcomeLines.length;
  const timelineRows = Math.max(3, area.rows - fixedRows);
  return (
    <Box flexDirection="column">
      {header}
      {toggles}
      {rule}
      <TimelineView model={model} width={width - 1} cursor={s.cursor} theme={theme} maxRows={timelineRows} />
      {rule}
      {s.prediction ? <PredictPanel prediction={s.prediction} result={result} theme={theme} /> : null}
      {actRows > 0 ? <SandboxPanel {...sandbox} theme={theme} stepRows={stepRows} /> : null}
      {asking || actRows > 0 ? null : (
        <Box height={narrationRows} paddingX={1} overflow="hidden">
          <Text wrap="wrap">
            {/* An engine error (such as the explorer's state limit) is read in full here, not cut off on the outcome line. */}
            {s.error ?? (now ? now.text : `t=0: nothing yet. Press space to play, ${theme.symbols.right} to step, or p to predict the end first.`)}
          </Text>
        </Box>
      )}
      {asking || actRows > 0 ? null : change}
      <SandboxStatus {...sandbox} theme={theme} />
      {rule}
      {outcomeLines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one wrapped sentence, in order
        <Text key={i} wrap="truncate">
          {' '}
          {line}
        </Text>
      ))}
    </Box>
  );
}
