/**
 * What the learner sees while acting on a run: the act menu, the value being
 * typed, the steps list with the selected step, the save prompt, and one
 * line that says the last refusal or save, or the acts so far. Renders the
 * sandbox stores only; the keys are in use-sandbox.ts.
 */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useStore } from 'zustand';
import { sanitizeLine } from '../../core/neutralise.js';
import { isReservedActor } from '../../core/scenario-names.js';
import { stepsChanged } from '../../core/sandbox/act-count.js';
import { stepLineWords } from '../../core/sandbox/act-words.js';
import { typePrompt } from '../../store/act-menu.js';
import type { SandboxFocus } from '../../store/sandbox-controls.js';
import type { Theme } from '../theme.js';
import { KEY_CONTEXTS } from '../keymap.js';
import type { Sandbox } from './use-sandbox.js';

/** Rows of the steps list at most (the selected step is kept in view); fewer on a short terminal. */
const MAX_STEP_ROWS = 8;

/** Rows the steps list may take in a body of `rows`, leaving the timeline room for four lanes. */
export function stepRowsFor(rows: number): number {
  return Math.max(3, Math.min(MAX_STEP_ROWS, rows - 16));
}

/** How many rows the open panel takes (0 when nothing is open), so the timeline can give them up. */
export function sandboxPanelRows(focus: SandboxFocus, steps: number, stepRows = MAX_STEP_ROWS): number {
  if (focus.kind === 'none') return 0;
  if (focus.kind === 'steps') return 1 + Math.min(stepRows, steps);
  if (focus.kind === 'leave') return 2;
  if (focus.kind === 'save' || focus.menu.phase === 'type') return 2;
  return 1 + focus.menu.options.length;
}

function Choices({ title, labels, highlighted, theme }: { title: string; labels: string[]; highlighted: number; theme: Theme }) {
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate">
        {title}
      </Text>
      {labels.map((label, i) => (
        <Text key={label} color={i === highlighted ? theme.color('selected') : undefined} wrap="truncate">
          {i === highlighted ? theme.symbols.pointer : ' '} {i < 9 ? i + 1 : ' '} {label}
        </Text>
      ))}
    </Box>
  );
}

/** A key's label in the one keymap, so the question never names a key the screen does not take. */
const label = (context: 'global' | 'sim-leave' | 'simulator', action: string) =>
  KEY_CONTEXTS[context].bindings.find((b) => b.action === action)?.label ?? action;

function LeaveQuestion({ acts, theme }: { acts: number; theme: Theme }) {
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate">
        Leave the simulator? {acts === 1 ? '1 act' : `${acts} acts`} on this run {acts === 1 ? 'is' : 'are'} not saved.
      </Text>
      <Text wrap="truncate">
        {theme.symbols.pointer} {label('sim-leave', 'leave')} or {label('global', 'back')} leaves (the acts are lost), {label('sim-leave', 'stay')} stays (then{' '}
        {label('simulator', 'save')} saves the run)
      </Text>
    </Box>
  );
}

function Typing({ prompt, text, suggested, theme }: { prompt: string; text: string; suggested: boolean; theme: Theme }) {
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate">
        {prompt}:
      </Text>
      <Text wrap="truncate">
        {theme.symbols.pointer} <Text color={suggested ? theme.color('muted') : theme.color('selected')}>{sanitizeLine(text)}</Text>
        {suggested ? ' (suggested: type to replace, enter to keep)' : '_'}
      </Text>
    </Box>
  );
}

export function SandboxPanel({ sandbox, controls, theme, stepRows = MAX_STEP_ROWS }: Sandbox & { theme: Theme; stepRows?: number }) {
  const focus = useStore(controls, (s) => s.focus);
  const steps = useStore(sandbox, (s) => s.steps);
  const selected = useStore(sandbox, (s) => s.selected);
  const start = useStore(sandbox, (s) => s.start);
  const acts = useStore(sandbox, (s) => s.past.length);
  if (focus.kind === 'none') return null;
  if (focus.kind === 'menu') {
    const menu = focus.menu;
    if (menu.phase === 'type') return <Typing prompt={typePrompt(menu)} text={menu.text} suggested={menu.suggested} theme={theme} />;
    const title =
      menu.phase === 'who'
        ? `Act at t=${menu.tick} ${theme.symbols.separator} who acts?`
        : `Act at t=${menu.tick} ${theme.symbols.separator} ${isReservedActor(menu.actor) ? `the ${menu.actor}` : menu.actor}:`;
    return <Choices title={title} labels={menu.options.map((o) => o.label)} highlighted={menu.highlighted} theme={theme} />;
  }
  if (focus.kind === 'leave') return <LeaveQuestion acts={acts} theme={theme} />;
  if (focus.kind === 'save') {
    const prompt = focus.field === 'title' ? 'Save the run: its title' : `Save "${sanitizeLine(focus.title)}" to the file`;
    return <Typing prompt={prompt} text={focus.text} suggested={focus.suggested} theme={theme} />;
  }
  // The steps list: a window of at most stepRows around the selected step.
  const at = selected ?? 0;
  const first = Math.max(0, Math.min(at - Math.floor(stepRows / 2), steps.length - stepRows));
  const shown = steps.slice(first, first + stepRows);
  // Your steps (added or changed) are marked, so the acts that count are visible in the list.
  const yours = stepsChanged(start?.steps ?? [], steps);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate">
        Steps of the run ({steps.length}; + yours){first > 0 || first + stepRows < steps.length ? ` ${theme.symbols.dot} ${at + 1} of ${steps.length}` : ''}
      </Text>
      {shown.map((step, i) => {
        const index = first + i;
        const mine = index === at;
        return (
          <Text key={`${index}-${step.at}-${step.actor}-${step.do}`} color={mine ? theme.color('selected') : undefined} bold={mine} wrap="truncate">
            {mine ? theme.symbols.pointer : ' '} {yours[index] ? '+' : ' '}
            {sanitizeLine(stepLineWords(step))}
          </Text>
        );
      })}
    </Box>
  );
}

/** One line under the timeline: why an act was refused, where a run was saved, or the acts so far and the keys. */
export function SandboxStatus({ sandbox, controls, theme }: Sandbox & { theme: Theme }) {
  const refusal = useStore(sandbox, (s) => s.refusal);
  const notice = useStore(controls, (s) => s.notice);
  useStore(sandbox, (s) => s.revision);
  const acts = sandbox.getState().acts()?.total ?? 0;
  if (refusal) {
    return (
      <Text color={theme.color('bad')} wrap="truncate">
        {' '}
        {theme.symbols.rejected} Refused: {sanitizeLine(refusal)}
      </Text>
    );
  }
  if (notice) {
    return (
      <Text color={theme.color(notice.startsWith('Saved') ? 'good' : 'bad')} wrap="truncate">
        {' '}
        {sanitizeLine(notice)}
      </Text>
    );
  }
  return (
    <Text color={theme.color('muted')} wrap="truncate">
      {' '}
      {acts === 0 ? 'Your acts: none yet' : `Your acts: ${acts}`} {theme.symbols.dot} x act {theme.symbols.dot} s steps {theme.symbols.dot} u undo{' '}
      {theme.symbols.dot} w save
    </Text>
  );
}
