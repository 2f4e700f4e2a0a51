/**
 * The keys for acting on a run (issue 20), spread into KEY_CONTEXTS
 * (src/ui/keymap.ts): the simulator's new letters (none of which meant
 * anything there before), and the contexts of the act menu, the steps list
 * and a text being typed. Help and the hint line come from here.
 */
import type { KeyBinding, KeyContext } from '../keymap-types.js';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
const UNDO = [
  { action: 'undo', keys: ['u'], label: 'u', hint: 'undo', help: 'undo the last act (a step or a setting)', inHints: true },
  { action: 'redo', keys: ['y'], label: 'y', hint: 'redo', help: 'redo what undo took back', inHints: true },
] as const satisfies readonly KeyBinding[];

/** In the simulator itself. */
export const SANDBOX_KEYS = [
  { action: 'act', keys: ['x'], label: 'x', hint: 'act', help: 'act on the run at this tick: add a step (the run replays from the start)', inHints: true },
  { action: 'steps', keys: ['s'], label: 's', hint: 'steps', help: 'the list of steps: delete one, move it a tick, change its delay', inHints: true },
  ...UNDO,
  { action: 'save', keys: ['w'], label: 'w', hint: 'save', help: 'save the run as a scenario file (title, then path)', inHints: true },
] as const satisfies readonly KeyBinding[];

export const SANDBOX_KEY_CONTEXTS = {
  'act-menu': {
    title: 'Act on the run',
    bindings: [
      { action: 'move', keys: ['up', 'down', 'k', 'j'], label: '{up}/{down}', hint: 'move', help: 'move through the choices', inHints: true },
      { action: 'choose', keys: ['enter'], label: 'enter', hint: 'choose', help: 'choose the highlighted one', inHints: true },
      { action: 'pick', keys: DIGITS, label: '1-9', hint: 'pick', help: 'choose the one with that number', inHints: true },
    ],
  },
  // While a value, a number of ticks, a title or a path is typed, every key is text but these.
  'act-type': {
    title: 'Typing',
    capturesText: true,
    bindings: [
      { action: 'confirm', keys: ['enter'], label: 'enter', hint: 'done', help: 'take what is typed (the suggestion if nothing is)', inHints: true },
      { action: 'erase', keys: ['backspace'], label: 'backspace', hint: 'erase', help: 'erase the last character', inHints: true },
      { action: 'cancel', keys: ['esc'], label: 'esc', hint: 'back', help: 'one step back, keeping the run as it is', inHints: true },
    ],
  },
  // Asked when q or Esc would leave a run with acts not saved.
  'sim-leave': {
    title: 'Leave without saving?',
    // Esc and q are the global back, which the simulator's back guard turns into "leave" here.
    backHint: 'leave',
    bindings: [
      { action: 'leave', keys: ['y'], label: 'y', hint: 'leave', help: 'leave the simulator; the acts not saved are lost', inHints: true },
      { action: 'stay', keys: ['n'], label: 'n', hint: 'stay', help: 'stay (then w saves the run)', inHints: true },
    ],
  },
  steps: {
    title: 'Steps of the run',
    bindings: [
      { action: 'move', keys: ['up', 'down', 'k', 'j'], label: '{up}/{down}', hint: 'select', help: 'select a step', inHints: true },
      { action: 'delete', keys: ['backspace'], label: 'del', hint: 'delete', help: 'delete the selected step', inHints: true },
      { action: 'earlier', keys: ['left', '<', ','], label: '{left}', hint: '', help: 'move the selected step one tick earlier' },
      { action: 'later', keys: ['right', '>', '.'], label: '{right}', hint: '', help: 'move the selected step one tick later' },
      { action: 'tick', keys: [], label: '{left}/{right}', hint: 'tick', help: '(one tick earlier / later)', inHints: true },
      { action: 'delay-down', keys: ['-', '_'], label: '-', hint: '', help: "a write's delay (or a pause's length) one tick shorter" },
      { action: 'delay-up', keys: ['+', '='], label: '+', hint: '', help: "a write's delay (or a pause's length) one tick longer" },
      { action: 'delay', keys: [], label: '+/-', hint: 'delay', help: '(delay longer / shorter)', inHints: true },
      ...UNDO,
      { action: 'act', keys: ['x'], label: 'x', hint: '', help: 'add a step at the tick shown' },
      { action: 'save', keys: ['w'], label: 'w', hint: '', help: 'save the run as a scenario file' },
    ],
  },
} as const satisfies Record<string, KeyContext>;
