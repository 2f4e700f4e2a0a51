/**
 * The options of the question on screen, each with its digit. What an option
 * is (ticked, your answer, ruled out, right or not) is always said with a
 * symbol or a word; colour only repeats it.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { ORDERING_SELECTED_NOTE } from '../../../core/quiz/ordering-draft.js';
import { modeRules } from '../../../core/quiz/mode-rules.js';
import type { QuizState } from '../../../store/quiz-store.js';
import { takesOneOption } from '../../../store/quiz-store.js';
import type { ColorRole, Theme } from '../../theme.js';

export interface Row {
  key: string;
  number: number;
  text: string;
  highlighted: boolean;
  marker: string;
  note: string;
  noteRole: ColorRole | undefined;
  dim: boolean;
}

/** The rows as shown (exported so the question's layout can count their lines). */
export function optionRows(s: QuizState, theme: Theme): Row[] {
  const index = s.session.current;
  const q = s.questions[index];
  if (!q) return [];
  const rec = s.session.answers[index];
  // Answers kept and changeable until submitted, with no feedback (an exam).
  const keeps = modeRules(s.meta.mode).changeAnswers;
  const ascii = theme.ascii;
  if (q.type === 'ordering') {
    const order = s.drafts[index] ?? q.options.map((_, i) => i);
    return order.map((opt, pos) => ({
      key: `o${opt}`,
      number: pos + 1,
      text: q.options[opt] ?? '',
      highlighted: pos === s.cursor,
      marker: '',
      note: pos === s.cursor ? ORDERING_SELECTED_NOTE : '',
      noteRole: 'muted',
      dim: false,
    }));
  }
  const fb = s.feedback;
  const chosen = new Set(fb && s.feedbackFor !== null ? (typeof s.feedbackFor === 'number' ? [s.feedbackFor] : s.feedbackFor) : []);
  const ticked = new Set(q.type === 'multiple' ? (s.drafts[index] ?? []) : []);
  const examAnswer = keeps && typeof rec?.current === 'number' ? rec.current : null;
  return q.options.map((text, i) => {
    const eliminated = rec?.eliminated.includes(i) ?? false;
    let marker = '';
    if (q.type === 'multiple') marker = ticked.has(i) ? '[x]' : '[ ]';
    else if (keeps && takesOneOption(q)) marker = examAnswer === i ? (ascii ? '(*)' : '(•)') : '( )';
    let note = '';
    let noteRole: ColorRole | undefined;
    if (fb && chosen.has(i)) {
      if (q.type === 'multiple') {
        note = 'your pick';
        noteRole = fb.correct ? 'good' : 'bad';
      } else {
        note = fb.correct ? `${theme.symbols.accepted} your answer: right` : `${theme.symbols.rejected} your answer: not right`;
        noteRole = fb.correct ? 'good' : 'bad';
      }
    } else if (eliminated) {
      note = 'ruled out by the hint';
      noteRole = 'muted';
    } else if (examAnswer === i) {
      note = 'your answer';
      noteRole = 'accent';
    }
    return { key: `o${i}`, number: i + 1, text, highlighted: i === s.cursor && !fb, marker, note, noteRole, dim: eliminated };
  });
}

export function OptionRows({ state, theme, width }: { state: QuizState; theme: Theme; width: number }) {
  const rows = optionRows(state, theme);
  return (
    <Box flexDirection="column" width={width}>
      {rows.map((r) => (
        <Box key={r.key}>
          {/* The pointer and digit never shrink: a long option wraps, its digit stays in its column. */}
          <Box flexShrink={0}>
            <Text color={r.highlighted ? theme.color('selected') : undefined}>{r.highlighted ? ` ${theme.symbols.pointer} ` : '   '}</Text>
            <Text bold={r.highlighted} dimColor={r.dim} color={r.highlighted ? theme.color('selected') : undefined}>
              {r.number} {r.marker === '' ? '' : `${r.marker} `}
            </Text>
          </Box>
          <Box flexShrink={1}>
            <Text bold={r.highlighted} dimColor={r.dim} strikethrough={r.dim && theme.colored}>
              {r.text}
              {r.note === '' ? '' : <Text color={r.noteRole ? theme.color(r.noteRole) : undefined}>{`   ${r.note}`}</Text>}
            </Text>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
