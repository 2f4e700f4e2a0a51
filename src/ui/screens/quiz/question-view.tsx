/**
 * One question on screen: where you are (question k of n, and in an exam
 * how many are answered and the time left), the prompt, the scenario's
 * timeline for predict questions, the options, and below them the feedback
 * (practice), the hint, or the question waiting for confirmation.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { ORDERING_HELP } from '../../../core/quiz/ordering-draft.js';
import { modeRules } from '../../../core/quiz/mode-rules.js';
import { answeredCount } from '../../../core/quiz/session.js';
import { formatCountdown, type QuizFields, timeLeft } from '../../../store/quiz-store.js';
import { boxBorder, type Theme } from '../../theme.js';
import { optionLineCount, OptionRows, optionRows } from './option-rows.js';
import type { PredictFocus } from './predict-moment.js';
import { PredictTimeline, usePredictDrawing } from './predict-timeline.js';
import { layoutQuestion, paraWidth } from './question-layout.js';
import { wrapText } from './wrap.js';
import { lessonPointer } from '../../../content/shared/lesson-pointer.js';

const KIND_HELP: Record<string, string> = {
  multiple: 'Tick every option that applies (a digit or space), then press enter.',
  ordering: ORDERING_HELP,
};

export interface QuestionViewProps {
  state: QuizFields;
  theme: Theme;
  columns: number;
  rows: number;
  focusOf: (id: string) => PredictFocus | undefined;
  /** Whether the feedback shows the right answer (answer-reveal.ts); default: whenever there is feedback. */
  answerShown?: boolean;
}

function Countdown({ state, theme }: { state: QuizFields; theme: Theme }) {
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

export function QuestionView({ state, theme, columns, rows, focusOf, answerShown = true }: QuestionViewProps) {
  const index = state.session.current;
  const q = state.questions[index];
  const drawing = usePredictDrawing(q, q ? focusOf(q.id) : undefined);
  if (!q) return null;
  // Answers kept and changeable until submitted, with no feedback (an exam).
  const keeps = modeRules(state.meta.mode).changeAnswers;
  const n = state.questions.length;
  const fb = state.feedback;
  const rule = theme.symbols.hrule.repeat(Math.max(1, columns - 2));
  const rec = state.session.answers[index];
  const width = paraWidth(columns);
  const kindHelp = KIND_HELP[q.type] && !fb ? wrapText(KIND_HELP[q.type] ?? '', width, ' ') : [];
  const withLegend = rows >= 30;
  const timelineLines = q.type === 'predict' ? 1 + (drawing ? drawing.model.lanes.length + (withLegend ? 4 : 2) : 0) : 0;
  const optionLines = optionRows(state, theme).reduce((sum, r) => sum + optionLineCount(r, columns), 0);
  const examKept = keeps && rec?.current !== null && rec?.current !== undefined && !state.confirm;
  const hintLines = state.hintShown && !fb ? 1 + wrapText(hintText(state), width).length + wrapText(lessonLine(state.hintShown.lesson), width).length : 0;
  const fixedLines =
    2 + timelineLines + kindHelp.length + (q.type === 'predict' ? 0 : 1) + optionLines + (examKept ? 1 : 0) + hintLines + (state.confirm ? 4 : 0);
  // --narrate: the frame grows like a transcript (app.tsx), so nothing is cut to fit the rows.
  // Practice offers the retry before the answer: the feedback holds it back until asked (a) or a second wrong try.
  const withheld = fb !== null && !answerShown;
  const layout = layoutQuestion({
    rows: theme.narrate ? Number.MAX_SAFE_INTEGER : rows,
    columns,
    prompt: q.prompt,
    fixedLines,
    feedback: withheld ? null : fb,
  });

  return (
    <Box flexDirection="column" width={columns} {...(theme.narrate ? {} : { height: rows, overflow: 'hidden' as const })}>
      <Box justifyContent="space-between" paddingX={1}>
        <Text bold color={theme.color('accent')}>
          Quiz {theme.symbols.separator} {state.meta.mode} {theme.symbols.dot} question {index + 1} of {n}
        </Text>
        <Text>
          {keeps ? `answered ${answeredCount(state.session)} of ${n}` : ''}
          {keeps && state.meta.timeLimitMs !== null ? '  ' : ''}
          <Countdown state={state} theme={theme} />
        </Text>
      </Box>
      <Text color={theme.color('muted')}> {rule}</Text>
      {/* Once answered, the prompt gives way to the feedback (question-layout.ts). */}
      <Lines lines={layout.prompt} />
      {q.type === 'predict' ? (
        <PredictTimeline drawing={drawing} reveal={fb !== null && !withheld} width={columns - 2} withLegend={withLegend} theme={theme} />
      ) : null}
      <Lines lines={kindHelp} color={theme.color('muted')} />
      <Box marginTop={q.type === 'predict' ? 0 : 1}>
        <OptionRows state={state} theme={theme} width={columns} />
      </Box>
      {examKept ? <Text color={theme.color('muted')}> Answer kept: change it any time until you submit (s).</Text> : null}
      {fb ? (
        <Box flexDirection="column" marginTop={layout.feedbackMargin ? 1 : 0}>
          <Text bold color={theme.color(fb.correct ? 'good' : 'bad')}>
            {' '}
            {fb.correct
              ? `${theme.symbols.accepted} Right.${(rec?.attempts ?? 0) > 1 ? ' (Your first try is what the report keeps.)' : ''}`
              : withheld
                ? `${theme.symbols.rejected} Not right. r or a digit: try again; a: see the answer. First try counts.`
                : `${theme.symbols.rejected} Not right. r (or another digit) tries again; the first try counts.`}
          </Text>
          <Lines lines={layout.answer} />
          <Lines lines={layout.explanation} />
          <Lines lines={layout.source} color={theme.color('muted')} />
        </Box>
      ) : null}
      {state.hintShown && !fb ? (
        <Box paddingX={1} marginTop={1} flexDirection="column">
          <Text>
            <Text bold>Hint: </Text>
            {hintText(state)}
          </Text>
          <Text color={theme.color('muted')}>{lessonLine(state.hintShown.lesson)}</Text>
        </Box>
      ) : null}
      {state.confirm ? <ConfirmBlock state={state} theme={theme} /> : null}
    </Box>
  );
}

function hintText(state: QuizFields): string {
  const rec = state.session.answers[state.session.current];
  return state.hintShown?.text ?? (rec && rec.eliminated.length > 0 ? 'one wrong option is struck out.' : 'no option left to strike out.');
}

/** Computed only while a hint is shown: the snapshot is read then, not at the quiz's first frame. */
function lessonLine(lessonId: string): string {
  const { name, command } = lessonPointer(lessonId);
  return `Read more in ${name} (${command}).`;
}

/** Lines already wrapped (by layoutQuestion), one Text each. */
function Lines({ lines, color }: { lines: string[]; color?: string | undefined }) {
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines of one paragraph
        <Text key={i} color={color}>
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}

function ConfirmBlock({ state, theme }: { state: QuizFields; theme: Theme }) {
  const n = state.questions.length;
  const unanswered = n - answeredCount(state.session);
  const text =
    state.confirm === 'submit'
      ? `Submit the exam?${unanswered > 0 ? ` ${unanswered} of ${n} not answered: they count as wrong.` : ' Every question is answered.'}`
      : 'Leave the exam? Your answers so far are saved as an incomplete report.';
  const dot = theme.symbols.dot;
  const keys = state.confirm === 'submit' ? `enter submit ${dot} esc keep going` : `enter (or ctrl-c) leave ${dot} esc keep going`;
  return (
    <Box {...boxBorder(theme)} borderColor={theme.color('warn')} paddingX={1} flexDirection="column">
      <Text bold>{text}</Text>
      <Text>{keys}</Text>
    </Box>
  );
}
