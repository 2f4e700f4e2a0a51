/**
 * One question on screen: where you are (question k of n, and in an exam
 * how many are answered and the time left), the prompt, the scenario's
 * timeline for predict questions, the options, and below them the feedback
 * (practice), the hint, or the question waiting for confirmation.
 */
import { Box, Text } from 'ink';
import { answeredCount } from '../../../core/quiz/session.js';
import { formatCountdown, type QuizState, timeLeft } from '../../../store/quiz-store.js';
import type { Theme } from '../../theme.js';
import { OptionRows } from './option-rows.js';
import type { PredictFocus } from './predict-moment.js';
import { PredictTimeline } from './predict-timeline.js';
import { wrapText } from './wrap.js';

const KIND_HELP: Record<string, string> = {
  multiple: 'Tick every option that applies (a digit or space), then press enter.',
  ordering: 'First event at the top: select one (digit or arrows), move it with u/n or shift+arrows, then enter.',
};

export interface QuestionViewProps {
  state: QuizState;
  theme: Theme;
  columns: number;
  rows: number;
  focusOf: (id: string) => PredictFocus | undefined;
}

export function Countdown({ state, theme }: { state: QuizState; theme: Theme }) {
  const left = timeLeft(state);
  if (left === null) return null;
  const low = left <= 60_000;
  return (
    <Text color={low ? theme.color('warn') : undefined} bold={low}>
      time left {formatCountdown(left)}
      {low ? ' (under a minute)' : ''}
    </Text>
  );
}

export function QuestionView({ state, theme, columns, rows, focusOf }: QuestionViewProps) {
  const index = state.session.current;
  const q = state.questions[index];
  if (!q) return null;
  const exam = state.meta.mode === 'exam';
  const n = state.questions.length;
  const fb = state.feedback;
  const rule = theme.symbols.hrule.repeat(Math.max(1, columns - 2));
  const rec = state.session.answers[index];
  const kindHelp = KIND_HELP[q.type];

  return (
    <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
      <Box justifyContent="space-between" paddingX={1}>
        <Text bold color={theme.color('accent')}>
          Quiz {theme.symbols.separator} {state.meta.mode} {theme.symbols.dot} question {index + 1} of {n}
        </Text>
        <Text>
          {exam ? `answered ${answeredCount(state.session)} of ${n}` : ''}
          {exam && state.meta.timeLimitMs !== null ? '  ' : ''}
          <Countdown state={state} theme={theme} />
        </Text>
      </Box>
      <Text color={theme.color('muted')}> {rule}</Text>
      {/* Once answered, the prompt shrinks to one line so the feedback fits 80x24. */}
      {fb ? (
        <Text wrap="truncate-end"> {q.prompt.split('\n')[0]}</Text>
      ) : (
        <Para text={q.prompt.replace(/\n\s*\n/g, '\n')} width={columns} />
      )}
      {q.type === 'predict' ? (
        <PredictTimeline
          question={q}
          focus={focusOf(q.id)}
          reveal={!exam && fb !== null}
          width={columns - 2}
          withLegend={rows >= 30}
          theme={theme}
        />
      ) : null}
      {kindHelp && !fb ? (
        <Box paddingX={1}>
          <Text color={theme.color('muted')}>{kindHelp}</Text>
        </Box>
      ) : null}
      <Box marginTop={q.type === 'predict' ? 0 : 1}>
        <OptionRows state={state} theme={theme} width={columns} />
      </Box>
      {exam && rec?.current !== null && rec?.current !== undefined && !state.confirm ? (
        <Text color={theme.color('muted')}>
          {' '}
          Answer kept: change it any time until you submit (s).
        </Text>
      ) : null}
      {fb ? <FeedbackBlock state={state} theme={theme} columns={columns} /> : null}
      {state.hintShown && !fb ? (
        <Box paddingX={1} marginTop={1} flexDirection="column">
          <Text>
            <Text bold>Hint: </Text>
            {state.hintShown.text ?? (rec && rec.eliminated.length > 0 ? 'one wrong option is struck out.' : 'no option left to strike out.')}
          </Text>
          <Text color={theme.color('muted')}>Read more in the lesson "{state.hintShown.lesson}" (fence-tutor lesson {state.hintShown.lesson}).</Text>
        </Box>
      ) : null}
      {state.confirm ? <ConfirmBlock state={state} theme={theme} /> : null}
    </Box>
  );
}

/** Text wrapped at word boundaries by us (Ink's wrap keeps a space at the start of lines). */
function Para({ text, width, indent = ' ', color }: { text: string; width: number; indent?: string; color?: string | undefined }) {
  return (
    <Box flexDirection="column">
      {wrapText(text, width - 2, indent).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines of one paragraph
        <Text key={i} color={color}>
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}

function FeedbackBlock({ state, theme, columns }: { state: QuizState; theme: Theme; columns: number }) {
  const fb = state.feedback;
  if (!fb) return null;
  const rec = state.session.answers[state.session.current];
  const retried = (rec?.attempts ?? 0) > 1;
  return (
    <Box paddingX={1} marginTop={1} flexDirection="column">
      <Text bold color={theme.color(fb.correct ? 'good' : 'bad')}>
        {fb.correct
          ? `${theme.symbols.accepted} Right.${retried ? ' (Your first try is what the report keeps.)' : ''}`
          : `${theme.symbols.rejected} Not right. r (or another digit) tries again; the first try counts.`}
      </Text>
      <Para text={fb.explanation} width={columns - 1} indent="" />
      <Para text={`Source: ${fb.source}`} width={columns - 1} indent="" color={theme.color('muted')} />
    </Box>
  );
}

function ConfirmBlock({ state, theme }: { state: QuizState; theme: Theme }) {
  const n = state.questions.length;
  const unanswered = n - answeredCount(state.session);
  const text =
    state.confirm === 'submit'
      ? `Submit the exam?${unanswered > 0 ? ` ${unanswered} of ${n} not answered: they count as wrong.` : ' Every question is answered.'}`
      : 'Leave the exam? Your answers so far are saved as an incomplete report.';
  const keys = state.confirm === 'submit' ? 'enter submit · esc keep going' : 'enter (or ctrl-c) leave · esc keep going';
  return (
    <Box borderStyle={theme.ascii ? 'classic' : 'round'} borderColor={theme.color('warn')} paddingX={1} flexDirection="column">
      <Text bold>{text}</Text>
      <Text>{keys}</Text>
    </Box>
  );
}
