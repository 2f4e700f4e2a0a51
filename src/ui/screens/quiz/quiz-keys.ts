/**
 * The quiz's key contexts, spread into KEY_CONTEXTS (src/ui/keymap.ts), so
 * the hint line and `?` help come from the same table as every other screen.
 * Options are chosen with digits 1-9 or arrows + Enter; letters are commands
 * (h hint, r retry, s submit, u/n move an event), so none collides with an option.
 */
import type { KeyBinding, KeyContext } from '../../keymap-types.js';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * Moving an event of an ordering question: the same keys in the quiz and in a
 * lesson's self-check (the reader-quiz context spreads these too), so the two
 * cannot drift apart again (issue 17).
 */
export const ORDERING_KEYS = [
  { action: 'event-up', keys: ['u', 'shift-up'], label: 'u/shift+{up}', hint: '', help: 'ordering: move the selected event up' },
  { action: 'event-down', keys: ['n', 'shift-down'], label: 'n/shift+{down}', hint: '', help: 'ordering: move the selected event down' },
] as const satisfies readonly KeyBinding[];

/** Keys every question takes, practice or exam. */
const ANSWERING = [
  {
    action: 'pick',
    keys: DIGITS,
    label: '1-9',
    hint: 'choose',
    help: 'choose that option (multiple select: tick or untick it; ordering: select that event)',
    inHints: true,
  },
  { action: 'cursor-up', keys: ['up', 'k'], label: '{up}', hint: '', help: 'highlight the option above' },
  { action: 'cursor-down', keys: ['down', 'j'], label: '{down}', hint: '', help: 'highlight the option below' },
  { action: 'cursor', keys: [], label: '{up}/{down}', hint: 'move', help: '(highlight the option above / below)', inHints: true },
  {
    action: 'choose',
    keys: ['enter'],
    label: 'enter',
    hint: 'answer',
    help: 'answer with the highlighted option, the ticked options, or the order shown',
    inHints: true,
  },
  { action: 'toggle', keys: ['space'], label: 'space', hint: '', help: 'multiple select: tick or untick the highlighted option' },
  ...ORDERING_KEYS,
] as const satisfies readonly KeyBinding[];

export const QUIZ_KEY_CONTEXTS = {
  'quiz-menu': {
    title: 'Quiz menu',
    bindings: [
      { action: 'move', keys: ['up', 'down', 'k', 'j'], label: '{up}/{down}', hint: 'move', help: 'move through the menu', inHints: true },
      { action: 'open', keys: ['enter'], label: 'enter', hint: 'start', help: 'start the highlighted kind of quiz', inHints: true },
      { action: 'pick', keys: ['1', '2', '3'], label: '1-3', hint: '', help: 'start practice, exam or review' },
    ],
  },
  'quiz-intro': {
    title: 'Exam',
    bindings: [{ action: 'begin', keys: ['enter'], label: 'enter', hint: 'start the exam', help: 'start the exam (the clock starts now)', inHints: true }],
  },
  'quiz-practice': {
    title: 'Practice question',
    bindings: [
      ...ANSWERING,
      { action: 'hint', keys: ['h'], label: 'h', hint: 'hint', help: 'a hint: strikes out a wrong option and names the lesson', inHints: true },
      { action: 'next', keys: ['right'], label: '{right}', hint: 'skip', help: 'skip to the next question (counts as not answered)' },
    ],
  },
  'quiz-feedback': {
    title: 'Practice feedback',
    bindings: [
      { action: 'next', keys: ['enter', 'right'], label: 'enter', hint: 'next', help: 'go on to the next question', inHints: true },
      { action: 'retry', keys: ['r'], label: 'r', hint: 'try again', help: 'after a wrong answer: try again (the first try is what counts)', inHints: true },
      {
        action: 'reveal',
        keys: ['a'],
        label: 'a',
        hint: 'show the answer',
        help: 'after a wrong answer: show the right answer now (after a second wrong try it shows anyway)',
        inHints: true,
      },
      { action: 'pick', keys: DIGITS, label: '1-9', hint: '', help: 'after a wrong answer: answer again with that option' },
    ],
  },
  'quiz-solved': {
    title: 'Practice feedback',
    bindings: [{ action: 'next', keys: ['enter', 'right'], label: 'enter', hint: 'next', help: 'go on to the next question', inHints: true }],
  },
  'quiz-exam': {
    title: 'Exam question',
    bindings: [
      ...ANSWERING,
      { action: 'previous', keys: ['left'], label: '{left}', hint: '', help: 'the question before (answers can be changed until you submit)' },
      { action: 'next', keys: ['right'], label: '{right}', hint: '', help: 'the question after' },
      { action: 'go', keys: [], label: '{left}/{right}', hint: 'questions', help: '(the question before / after)', inHints: true },
      { action: 'submit', keys: ['s'], label: 's', hint: 'submit', help: 'submit the exam (asks first)', inHints: true },
    ],
  },
  'quiz-confirm': {
    title: 'Confirm',
    bindings: [
      { action: 'yes', keys: ['enter'], label: 'enter', hint: 'yes', help: 'yes, do it', inHints: true },
      // Esc and q are the global back, which the sitting's back guard turns into "no".
      { action: 'no', keys: [], label: 'esc', hint: 'keep going', help: 'no, back to the exam', inHints: true },
    ],
  },
  'quiz-summary': {
    title: 'Quiz summary',
    bindings: [
      { action: 'scroll-up', keys: ['up', 'k', 'pageup'], label: '{up}', hint: '', help: 'scroll up' },
      { action: 'scroll-down', keys: ['down', 'j', 'pagedown'], label: '{down}', hint: '', help: 'scroll down' },
      { action: 'scroll', keys: [], label: '{up}/{down}', hint: 'scroll', help: '(scroll up / down)', inHints: true },
      { action: 'done', keys: ['enter'], label: 'enter', hint: 'done', help: 'leave the summary', inHints: true },
    ],
  },
} as const satisfies Record<string, KeyContext>;
