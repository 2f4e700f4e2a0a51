/**
 * The options of the question on screen, each with its digit. What an option
 * is (ticked, your answer, ruled out, right or not) is always said with a
 * symbol or a word; colour only repeats it.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { ORDERING_SELECTED_NOTE } from '../../../core/quiz/ordering-draft.js';
import { modeRules } from '../../../core/quiz/mode-rules.js';
import type { QuizFields } from '../../../store/quiz-store.js';
import { takesOneOption } from '../../../store/quiz-store.js';
import type { ColorRole, Theme } from '../../theme.js';
import { wrapText } from './wrap.js';

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
export function optionRows(s: QuizFields, theme: Theme): Row[] {
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

/** The columns before an option's text: pointer, digit and marker. */
function prefixWidth(r: Row): number {
  return 4 + String(r.number).length + (r.marker === '' ? 0 : r.marker.length + 1);
}

/**
 * An option's text as the lines it takes, its note after the last one (or on
 * a line of its own when it does not fit there). Wrapped here, not by Ink:
 * Ink's wrap starts a continuation line with the space it broke at when a
 * word ends exactly at the edge, which pushed that line one column right of
 * the others. The question's layout counts these same lines.
 */
function optionTextLines(r: Row, width: number): { text: string[]; noteOwnLine: boolean } {
  const room = Math.max(10, width - prefixWidth(r));
  const text = wrapText(r.text, room);
  const last = text.at(-1) ?? '';
  const noteOwnLine = r.note !== '' && [...last].length + 3 + [...r.note].length > room;
  return { text, noteOwnLine };
}

export function optionLineCount(r: Row, width: number): number {
  const { text, noteOwnLine } = optionTextLines(r, width);
  return text.length + (noteOwnLine ? 1 : 0);
}

export function OptionRows({ state, theme, width }: { state: QuizFields; theme: Theme; width: number }) {
  const rows = optionRows(state, theme);
  return (
    <Box flexDirection="column" width={width}>
      {rows.map((r) => {
        const { text, noteOwnLine } = optionTextLines(r, width);
        const note = r.note === '' ? null : <Text color={r.noteRole ? theme.color(r.noteRole) : undefined}>{`${noteOwnLine ? '' : '   '}${r.note}`}</Text>;
        return (
          <Box key={r.key}>
            {/* The pointer and digit never shrink: a long option wraps, its digit stays in its column. */}
            <Box flexShrink={0}>
              <Text color={r.highlighted ? theme.color('selected') : undefined}>{r.highlighted ? ` ${theme.symbols.pointer} ` : '   '}</Text>
              <Text bold={r.highlighted} dimColor={r.dim} color={r.highlighted ? theme.color('selected') : undefined}>
                {r.number} {r.marker === '' ? '' : `${r.marker} `}
              </Text>
            </Box>
            <Box flexShrink={1} flexDirection="column">
              {text.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one option, in order
                <Text key={i} bold={r.highlighted} dimColor={r.dim} strikethrough={r.dim && theme.colored} wrap="truncate">
                  {line}
                  {i === text.length - 1 && !noteOwnLine ? note : null}
                </Text>
              ))}
              {noteOwnLine ? <Text wrap="truncate">{note}</Text> : null}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
