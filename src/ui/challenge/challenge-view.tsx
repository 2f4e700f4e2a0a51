/**
 * A challenge in the app: the goal stated above the timeline, the run's
 * steps below it, and the verdict of the run as it is now. Acting on the
 * run goes through the sandbox store (challenge-session.ts): add (n), delete
 * (x), move (< >), delay (+ -), the toggles and TTL the challenge allows,
 * undo and redo. An ordering goal is decided off the UI thread; "checking
 * every ordering" shows until its verdict arrives. A solve is recorded in
 * progress with its acts.
 */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { missWords, verdictText } from '../../challenges/check-run.js';
import { allowedLine, goalLine } from '../../challenges/goal-text.js';
import { solutionScenarioLines, solutionWords } from '../../challenges/solution-text.js';
import { stepLineWords } from '../../core/sandbox/act-words.js';
import { narrateOutcome, narrateTicks } from '../../core/narration.js';
import { timelineFromSim } from '../../core/timeline/index.js';
import type { ConfigOverrides } from '../../core/types.js';
import type { Challenge } from '../../content/challenges/challenge-types.js';
import { type ChallengeEngine, createChallengeSession } from '../../store/challenge-session.js';
import { appProgressStore } from '../../store/progress-store.js';
import { useAppContext } from '../app-context.js';
import { TimelineView } from '../simulator/timeline-view.js';
import { TogglesLine } from '../simulator/toggles-line.js';
import { useFocusGuards } from '../use-focus-guards.js';
import { wrapText } from '../../render/lesson-wrap.js';
import { useScreenInput } from '../use-screen-input.js';
import { menuWindow } from './menu-window.js';
import { saveChallengeRun } from './save-run.js';
import { stepDrafts } from './step-drafts.js';

/** Steps shown at once below the timeline (the list scrolls with the selection). */
const STEP_ROWS = 3;

export function ChallengeView({ challenge, engine }: { challenge: Challenge; engine: ChallengeEngine }) {
  const { theme, area } = useAppContext();
  const session = useMemo(
    () => createChallengeSession(challenge, engine, (acts) => appProgressStore().getState().solveChallenge(challenge.id, acts)),
    [challenge, engine],
  );
  // Subscribed to the fields drawn here only, not the whole store: a change elsewhere draws nothing.
  const s = useStore(
    session,
    useShallow((c) => ({
      sandbox: c.sandbox,
      check: c.check,
      verdict: c.verdict,
      exploring: c.exploring,
      hintsShown: c.hintsShown,
      solutionView: c.solutionView,
      nextHint: c.nextHint,
      toggleSolution: c.toggleSolution,
    })),
  );
  const sandbox = useStore(
    s.sandbox,
    useShallow((b) => ({
      revision: b.revision,
      scenario: b.scenario,
      selected: b.selected,
      steps: b.steps,
      overrides: b.overrides,
      result: b.result,
      refusal: b.refusal,
      lastAct: b.lastAct,
    })),
  );
  const [menu, setMenu] = useState<number | null>(null);
  /** The last `w`, in words: where the run went and how to check it, or why nothing was written. */
  const [saved, setSaved] = useState<string | null>(null);

  // Every act (and the opening) re-decides the verdict; leaving stops a count under way.
  const revision = sandbox.revision;
  useEffect(() => {
    if (revision >= 0) session.getState().recheck();
    setSaved(null); // a saved notice is about the run as it was
  }, [session, revision]);
  useEffect(() => () => session.getState().dispose(), [session]);
  // The act menu takes q/Esc first, and its own keys and help.
  useFocusGuards({
    keyContext: menu === null ? null : 'challenge-add',
    back: () => {
      if (menu === null) return false;
      setMenu(null);
      return true;
    },
  });

  const run = sandbox.scenario();
  const drafts = useMemo(() => (run ? stepDrafts(run, challenge.allow.steps) : []), [run, challenge.allow.steps]);
  const selected = sandbox.selected;

  const toggle = (name: 'fencing' | 'minting' | 'check' | 'ttl', next: ConfigOverrides) => {
    if (!challenge.allow.toggles.includes(name)) {
      s.sandbox.setState({ refusal: `this challenge does not let you change ${name === 'ttl' ? 'the lease' : name}` });
      return;
    }
    s.sandbox.getState().setOverrides({ ...sandbox.overrides, ...next }, `changing ${name === 'ttl' ? 'the lease' : name}`);
  };

  useScreenInput(menu === null ? 'challenge' : 'challenge-add', (action, _input, key) => {
    const st = s.sandbox.getState();
    const config = st.result?.config;
    if (menu !== null) {
      if (action === 'move') setMenu(Math.max(0, Math.min(drafts.length - 1, menu + (key.upArrow || _input === 'k' ? -1 : 1))));
      if (action === 'choose') {
        const choice = drafts[menu];
        const tick = selected === null ? 0 : (st.steps[selected]?.at ?? 0);
        if (choice) st.addStep(tick, choice.draft);
        setMenu(null);
      }
      return;
    }
    const index = selected ?? -1;
    switch (action) {
      case 'move':
        st.select(selected === null ? 0 : selected + (key.upArrow || _input === 'k' ? -1 : 1));
        break;
      case 'add':
        if (drafts.length > 0) setMenu(0);
        else s.sandbox.setState({ refusal: 'this challenge allows no new steps' });
        break;
      case 'delete':
        st.deleteStep(index);
        break;
      case 'earlier':
        st.moveStep(index, -1);
        break;
      case 'later':
        st.moveStep(index, 1);
        break;
      case 'delay-up':
      case 'delay-down': {
        const step = st.steps[index];
        const now = step?.do === 'write' ? step.delay : step?.do === 'pause' ? (step.for ?? 0) : 0;
        st.setDelay(index, Math.max(0, now + (action === 'delay-up' ? 1 : -1)));
        break;
      }
      case 'fencing':
        if (config) toggle('fencing', { fencing: !config.fencing });
        break;
      case 'minting':
        if (config) toggle('minting', { minting: config.minting === 'durable' ? 'volatile' : 'durable' });
        break;
      case 'check':
        if (config) toggle('check', { check: config.check === 'atomic' ? 'split' : 'atomic' });
        break;
      case 'ttl-down':
      case 'ttl-up':
        if (config) toggle('ttl', { ttl: Math.max(2, config.ttl + (action === 'ttl-up' ? 1 : -1)) });
        break;
      case 'undo':
        st.undo();
        break;
      case 'redo':
        st.redo();
        break;
      case 'hint':
        s.nextHint();
        break;
      case 'solution':
        s.toggleSolution();
        break;
      case 'save':
        setSaved(saveChallengeRun(challenge.id, st));
        break;
    }
  });

  const result = sandbox.result;
  const model = useMemo(() => (result && run ? timelineFromSim(result, run) : null), [result, run]);
  if (!result || !model || !run) return <Text>{sandbox.refusal ?? 'Opening the challenge...'}</Text>;

  const width = area.columns - 1;
  const rule = <Text color={theme.color('muted')}>{` ${theme.symbols.hrule.repeat(Math.max(0, width - 1))}`}</Text>;
  const acts = s.check?.diff.acts ?? 0;
  const v = s.verdict;
  const verdictLine = s.exploring
    ? `Checking every ordering of this run${theme.ascii ? '...' : '…'}`
    : v
      ? v.solved
        ? `${theme.symbols.accepted} ${verdictText(v)}${challenge.proof !== undefined ? ` Why no ordering can: ${challenge.proof}` : challenge.debrief ? ` ${challenge.debrief}` : ''}`
        : `Not yet: ${v.misses.map(missWords).join('; ')}.`
      : '';
  const message = sandbox.refusal
    ? `Refused: ${sandbox.refusal}`
    : saved !== null
      ? saved
      : s.solutionView !== 'hidden'
        ? // Below the steps box it replaces: it points up, never reads as a heading of what follows.
          `Above: the solution, the steps that differ from the start (s ${s.solutionView === 'words' ? 'shows them in the scenario format' : 'hides them'}).`
        : s.hintsShown > 0
          ? `Hint ${s.hintsShown} of ${challenge.hints.length}: ${challenge.hints[s.hintsShown - 1] ?? ''}`
          : sandbox.lastAct
            ? `Last act: ${sandbox.lastAct}`
            : `Press x to add a step, h for a hint.`;

  // What the learner may change is wrapped, never cut: at 80 columns the toggles at its end were lost to a '…'.
  const stepsHeader = wrapText(`Steps (${sandbox.steps.length}) ${theme.symbols.dot} ${allowedLine(challenge.allow)}`, width - 2);
  const first = Math.max(0, Math.min((selected ?? 0) - 2, sandbox.steps.length - STEP_ROWS));
  const stepRows = sandbox.steps.slice(first, first + STEP_ROWS).map((step, i) => {
    const index = first + i;
    const mark = index === selected ? theme.symbols.pointer : ' ';
    return (
      <Text key={`${index}-${step.at}-${step.actor}-${step.do}`} wrap="truncate" color={index === selected ? theme.color('selected') : undefined}>
        {` ${mark} ${stepLineWords(step)}`}
      </Text>
    );
  });
  // The steps box's rows, less the menu's own header line; the window keeps the pointer in view.
  const window = menu === null ? null : menuWindow(menu, drafts.length, STEP_ROWS + stepsHeader.length - 1);
  const menuRows =
    menu === null || window === null ? null : (
      <Box flexDirection="column">
        <Text bold wrap="truncate">
          {` Add at t=${selected === null ? 0 : (sandbox.steps[selected]?.at ?? 0)} (${menu + 1} of ${drafts.length}; enter adds, q closes):`}
        </Text>
        {drafts.slice(window.first, window.last).map((d, i) => {
          const index = window.first + i;
          return (
            <Text key={d.label} wrap="truncate" color={index === menu ? theme.color('selected') : undefined}>
              {` ${index === menu ? theme.symbols.pointer : ' '} ${d.label}`}
            </Text>
          );
        })}
      </Box>
    );
  // The task and the goal are the challenge: wrapped, never cut (most were cut at 80 columns).
  const taskLines = wrapText(challenge.task, width - 2);
  const goalLines = wrapText(goalLine(challenge.goal), width - 2);
  // Rows: title, task, goal, toggles, rule | timeline | rule, steps (header + STEP_ROWS), verdict (2), message (1).
  // The verdict too: every miss is a thing to fix (three misses took three lines, and the third was cut).
  const verdictLines = wrapText(verdictLine, width - 2);
  const verdictRows = Math.max(2, verdictLines.length);
  // The message may take up to three rows (a saved file's path and the command that checks it).
  const messageLines = wrapText(message, width - 2).slice(0, 3);
  const fixed = 3 + taskLines.length + goalLines.length + 1 + (STEP_ROWS + stepsHeader.length) + verdictRows + messageLines.length;
  const timelineRows = Math.max(3, area.rows - fixed);
  return (
    <Box flexDirection="column">
      <Box width={width}>
        <Box flexGrow={1} flexShrink={1}>
          <Text bold wrap="truncate">
            {' '}
            Challenge {theme.symbols.separator} {challenge.title}
            {challenge.proof !== undefined ? ' (proof)' : ''}
          </Text>
        </Box>
        <Box flexShrink={0}>
          <Text color={acts > challenge.par ? theme.color('warn') : undefined}>
            {'  '}acts {acts} {theme.symbols.dot} par {challenge.par}
          </Text>
        </Box>
      </Box>
      <Text>{taskLines.map((l) => ` ${l}`).join('\n')}</Text>
      <Text color={theme.color('accent')}>{goalLines.map((l) => ` ${l}`).join('\n')}</Text>
      <TogglesLine config={result.config} theme={theme} />
      {rule}
      {theme.narrate ? (
        // --narrate: the run in sentences, not a drawing read out glyph by glyph (the frame grows to fit there).
        <Text>
          {[...narrateTicks(result, theme.ascii).map((t) => t.text), narrateOutcome(result, theme.ascii)]
            .flatMap((l) => wrapText(l, width - 2).map((w) => ` ${w}`))
            .join('\n')}
        </Text>
      ) : (
        <TimelineView model={model} width={width - 1} cursor={result.endTick} theme={theme} maxRows={timelineRows} />
      )}
      {rule}
      <Box height={STEP_ROWS + stepsHeader.length} flexDirection="column" overflow="hidden">
        {menuRows ??
          (s.solutionView !== 'hidden' ? (
            <Text>
              {(s.solutionView === 'words' ? solutionWords(challenge) : solutionScenarioLines(challenge))
                .flatMap((l) => wrapText(l, width - 4))
                .map((l) => `   ${l}`)
                .join('\n')}
            </Text>
          ) : null) ?? (
            <>
              {stepsHeader.map((line, i) => (
                <Text key={line} bold={i === 0}>
                  {` ${line}`}
                </Text>
              ))}
              {stepRows}
            </>
          )}
      </Box>
      <Box height={verdictRows} paddingX={1} overflow="hidden">
        <Text color={v?.solved ? theme.color('good') : undefined}>{verdictLines.join('\n')}</Text>
      </Box>
      <Box height={messageLines.length} paddingX={1} overflow="hidden">
        <Text color={sandbox.refusal ? theme.color('warn') : theme.color('muted')}>{messageLines.join('\n')}</Text>
      </Box>
    </Box>
  );
}
