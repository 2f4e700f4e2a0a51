/**
 * Every shortcut of the app, in one place. The `?` help overlay and the key
 * hint line at the bottom of each screen are generated from this table, so a
 * key documented here is a key that works, and the other way round.
 *
 * To add a screen's keys: add ONE entry to `KEY_CONTEXTS` below (its id is the
 * `keyContext` of the screen in src/ui/screens/index.ts), then in the screen:
 *   useScreenInput('myscreen', (action) => { switch (action) { ... } });
 * The table is `as const`: context ids and each context's actions are types
 * (KeyContextId, ActionOf), so a misspelled context or `case` does not compile.
 * Letters are commands; digits 1-9 are kept for choosing options (quiz, predict).
 */
import type { Key } from 'ink';
import type { KeyBinding, KeyContext, KeyName } from './keymap-types.js';
import { ORDERING_KEYS, QUIZ_KEY_CONTEXTS } from './screens/quiz/quiz-keys.js';
import type { Symbols } from './theme.js';
import { SANDBOX_KEY_CONTEXTS, SANDBOX_KEYS } from './simulator/sandbox-keys.js';
import { timelineKeys } from './timeline-keys.js';

export type { KeyBinding, KeyContext, KeyName } from './keymap-types.js';

/** The contexts. Global applies everywhere unless a screen part captures keys. */
export const KEY_CONTEXTS = {
  global: {
    title: 'Everywhere',
    bindings: [
      { action: 'help', keys: ['?'], label: '?', hint: 'help', help: 'show or hide this help', inHints: true },
      {
        action: 'back',
        keys: ['q', 'esc'],
        label: 'q/esc',
        hintLabel: 'q',
        hint: 'back',
        help: 'go back (closes a panel first; quits from home)',
        inHints: true,
      },
      { action: 'quit', keys: ['ctrl-c'], label: 'ctrl-c', hint: 'quit', help: 'quit at once, saving what is worth saving' },
    ],
  },
  home: {
    title: 'Home',
    backHint: 'quit',
    bindings: [
      { action: 'move', keys: ['up', 'down', 'k', 'j'], label: '{up}/{down}', hint: 'move', help: 'move through the menu', inHints: true },
      { action: 'open', keys: ['enter'], label: 'enter', hint: 'open', help: 'open the highlighted entry', inHints: true },
      { action: 'pick', keys: ['1', '2', '3', '4', '5', '6', '7', '8', '9'], label: '1-9', hint: 'jump', help: 'open the entry with that number' },
    ],
  },
  'not-built': {
    title: 'This screen',
    bindings: [],
  },
  // A screen that only says something (nothing due for review, nothing to pick): q goes back, and no other key is offered.
  message: {
    title: 'This screen',
    bindings: [],
  },
  'scenario-picker': {
    title: 'Scenario picker',
    bindings: [
      { action: 'move', keys: ['up', 'down', 'k', 'j'], label: '{up}/{down}', hint: 'move', help: 'move through the scenarios', inHints: true },
      { action: 'open', keys: ['enter'], label: 'enter', hint: 'open', help: 'open the highlighted scenario', inHints: true },
      // The list (SelectMenu) takes digits itself: listed so that help names every key that works.
      { action: 'pick', keys: ['1', '2', '3', '4', '5', '6', '7', '8', '9'], label: '1-9', hint: '', help: 'open the scenario in that place of the list' },
    ],
  },
  // The toggles (f, d, a, [/]) are not in the hint line: the settings line
  // above the timeline shows each with its key, where the eye lands.
  simulator: {
    title: 'Simulator',
    bindings: [
      ...timelineKeys(['play', 'step-back', 'step-forward', 'step', 'faster', 'slower', 'speed'], ['play', 'step', 'speed']),
      { action: 'ttl-down', keys: ['['], label: '[', hint: '', help: 'shorten the lease by one tick (replays)' },
      { action: 'ttl-up', keys: [']'], label: ']', hint: '', help: 'lengthen the lease by one tick (replays)' },
      ...timelineKeys(['fencing', 'minting', 'check'], []),
      { action: 'predict', keys: ['p'], label: 'p', hint: 'predict', help: 'guess the final value, then watch', inHints: true },
      { action: 'explore', keys: ['e'], label: 'e', hint: 'explore', help: 'every ordering of the writes, for these settings', inHints: true },
      ...timelineKeys(['restart'], ['restart']),
      ...SANDBOX_KEYS,
    ],
  },
  ...SANDBOX_KEY_CONTEXTS,
  predict: {
    title: 'Predict',
    bindings: [
      { action: 'move', keys: ['up', 'down'], label: '{up}/{down}', hint: 'move', help: 'move through the choices', inHints: true },
      { action: 'choose', keys: ['enter'], label: 'enter', hint: 'answer', help: 'answer with the highlighted value', inHints: true },
      { action: 'pick', keys: ['1', '2', '3', '4', '5', '6', '7', '8', '9'], label: '1-9', hint: 'pick', help: 'answer with that value', inHints: true },
    ],
  },
  reader: {
    title: 'Lesson',
    bindings: [
      { action: 'down', keys: ['down', 'j'], label: '{down}/j', hint: '', help: 'scroll down one line' },
      { action: 'up', keys: ['up', 'k'], label: '{up}/k', hint: '', help: 'scroll up one line' },
      { action: 'scroll', keys: [], label: '{up}/{down}', hint: 'scroll', help: '(scroll)', inHints: true },
      { action: 'page-down', keys: ['pagedown', 'space'], label: 'pgdn/space', hint: '', help: 'one screen down' },
      { action: 'page-up', keys: ['pageup', 'b'], label: 'pgup/b', hint: '', help: 'one screen up' },
      { action: 'top', keys: ['g'], label: 'g', hint: '', help: 'to the top of the lesson' },
      { action: 'bottom', keys: ['G'], label: 'G', hint: '', help: 'to the end of the lesson' },
      { action: 'focus', keys: ['enter'], label: 'enter', hint: 'use', help: 'give the keys to the timeline or self-check on screen', inHints: true },
      { action: 'next-part', keys: ['tab'], label: 'tab', hint: '', help: 'scroll to the next timeline or self-check' },
      { action: 'slide', keys: ['left', 'right'], label: '{left}/{right}', hint: '', help: 'slide a row wider than the screen (a long URL) sideways' },
      { action: 'next-lesson', keys: ['n'], label: 'n', hint: 'next', help: 'next lesson', inHints: true },
      { action: 'prev-lesson', keys: ['p'], label: 'p', hint: 'previous', help: 'previous lesson', inHints: true },
      { action: 'search', keys: ['/'], label: '/', hint: 'search', help: 'search all lessons and jump to a hit', inHints: true },
    ],
  },
  // The simulator's own keys, for a timeline inside a lesson (q/esc gives the keys back to the text).
  'reader-timeline': {
    title: 'Timeline in the lesson',
    bindings: timelineKeys(
      ['play', 'step-back', 'step-forward', 'step', 'faster', 'slower', 'restart', 'fencing', 'minting', 'check'],
      ['play', 'step', 'restart', 'fencing'],
    ),
  },
  'reader-quiz': {
    title: 'Self-check',
    bindings: [
      {
        action: 'pick',
        keys: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
        label: '1-9',
        hint: 'answer',
        help: 'choose that option (multiple: tick or untick it; ordering: select that event)',
        inHints: true,
      },
      { action: 'move', keys: ['up', 'down'], label: '{up}/{down}', hint: 'move', help: 'move through the options', inHints: true },
      { action: 'toggle', keys: ['space'], label: 'space', hint: '', help: 'choose the highlighted option (several for a multiple choice)' },
      {
        action: 'choose',
        keys: ['enter'],
        label: 'enter',
        hint: 'answer/next',
        help: 'answer with the highlighted option, the ticked options or the order shown; or go on after the feedback',
        inHints: true,
      },
      ...ORDERING_KEYS,
      { action: 'prev-question', keys: ['left'], label: '{left}', hint: '', help: 'previous question' },
      { action: 'next-question', keys: ['right'], label: '{right}', hint: '', help: 'next question' },
    ],
  },
  'reader-search': {
    title: 'Search',
    bindings: [
      { action: 'jump', keys: ['enter'], label: 'enter', hint: 'jump', help: 'open the highlighted hit', inHints: true },
      { action: 'move', keys: ['up', 'down'], label: '{up}/{down}', hint: 'move', help: 'move through the hits', inHints: true },
      { action: 'cancel', keys: ['esc'], label: 'esc', hint: 'cancel', help: 'close the search', inHints: true },
      { action: 'erase', keys: ['backspace'], label: 'backspace', hint: '', help: 'delete the last letter of the query (any other letter is typed)' },
    ],
  },
  lessons: {
    title: 'Lessons',
    bindings: [
      { action: 'move', keys: ['up', 'down', 'k', 'j'], label: '{up}/{down}', hint: 'move', help: 'move through the lessons', inHints: true },
      { action: 'open', keys: ['enter'], label: 'enter', hint: 'read', help: 'read the highlighted lesson', inHints: true },
      // The list (SelectMenu) takes digits itself: listed so that help names every key that works.
      { action: 'pick', keys: ['1', '2', '3', '4', '5', '6', '7', '8', '9'], label: '1-9', hint: '', help: 'read the lesson with that number (1 to 9)' },
    ],
  },
  challenges: {
    title: 'Challenges',
    bindings: [
      { action: 'move', keys: ['up', 'down', 'k', 'j'], label: '{up}/{down}', hint: 'move', help: 'move through the challenges', inHints: true },
      { action: 'open', keys: ['enter'], label: 'enter', hint: 'open', help: 'open the highlighted challenge', inHints: true },
    ],
  },
  challenge: {
    title: 'Challenge',
    bindings: [
      { action: 'move', keys: ['up', 'down', 'k', 'j'], label: '{up}/{down}', hint: 'step', help: 'select a step of the run', inHints: true },
      // The same keys as the simulator's sandbox for the same acts (x adds, del deletes, u/y undo/redo).
      {
        action: 'add',
        keys: ['x', 'n'],
        label: 'x',
        hint: 'add',
        help: "add a step at the selected step's tick (the steps the challenge allows)",
        inHints: true,
      },
      { action: 'delete', keys: ['backspace'], label: 'del', hint: 'delete', help: 'delete the selected step', inHints: true },
      { action: 'earlier', keys: ['left', '<', ','], label: '{left}', hint: '', help: 'move the selected step one tick earlier' },
      { action: 'later', keys: ['right', '>', '.'], label: '{right}', hint: '', help: 'move the selected step one tick later' },
      { action: 'move-step', keys: [], label: '{left}/{right}', hint: 'tick', help: '(one tick earlier / later)', inHints: true },
      { action: 'delay-up', keys: ['+', '='], label: '+', hint: '', help: 'one more tick of delay (a write) or of pause (a pause)' },
      { action: 'delay-down', keys: ['-', '_'], label: '-', hint: '', help: 'one tick less of delay or of pause' },
      { action: 'ttl-down', keys: ['['], label: '[', hint: '', help: 'shorten the lease by one tick, if the challenge allows' },
      { action: 'ttl-up', keys: [']'], label: ']', hint: '', help: 'lengthen the lease by one tick, if the challenge allows' },
      { action: 'fencing', keys: ['f'], label: 'f', hint: '', help: 'fencing on/off, if the challenge allows' },
      { action: 'minting', keys: ['d'], label: 'd', hint: '', help: 'durable or volatile minting, if the challenge allows' },
      { action: 'check', keys: ['a'], label: 'a', hint: '', help: 'atomic or split check, if the challenge allows' },
      { action: 'undo', keys: ['u'], label: 'u', hint: 'undo', help: 'undo the last act', inHints: true },
      { action: 'redo', keys: ['y'], label: 'y', hint: '', help: 'redo what was undone' },
      { action: 'hint', keys: ['h'], label: 'h', hint: 'hint', help: 'show the next hint', inHints: true },
      { action: 'solution', keys: ['s'], label: 's', hint: '', help: 'the reference solution: in words, then in the scenario format, then hidden' },
      { action: 'save', keys: ['w'], label: 'w', hint: '', help: 'save the run as a scenario file (then: fence-tutor challenge ID --check FILE)' },
    ],
  },
  'challenge-add': {
    title: 'Add a step',
    bindings: [
      { action: 'move', keys: ['up', 'down', 'k', 'j'], label: '{up}/{down}', hint: 'move', help: 'move through the steps', inHints: true },
      { action: 'choose', keys: ['enter'], label: 'enter', hint: 'add', help: 'add the highlighted step', inHints: true },
    ],
  },
  progress: {
    title: 'Progress',
    bindings: [
      { action: 'continue', keys: ['enter'], label: 'enter', hint: 'continue', help: 'continue the last lesson, else start lesson 1', inHints: true },
      { action: 'down', keys: ['down', 'j'], label: '{down}/j', hint: '', help: 'scroll down one line' },
      { action: 'up', keys: ['up', 'k'], label: '{up}/k', hint: '', help: 'scroll up one line' },
      { action: 'scroll', keys: [], label: '{up}/{down}', hint: 'scroll', help: '(scroll)', inHints: true },
      { action: 'page-down', keys: ['pagedown', 'space'], label: 'pgdn/space', hint: '', help: 'one screen down' },
      { action: 'page-up', keys: ['pageup', 'b'], label: 'pgup/b', hint: '', help: 'one screen up' },
    ],
  },
  explore: {
    title: 'Explore',
    bindings: [
      { action: 'replay', keys: ['enter'], label: 'enter', hint: 'replay it', help: 'replay the counterexample, one operation at a time', inHints: true },
      { action: 'ce-step-back', keys: ['left'], label: '{left}', hint: '', help: 'replay: one operation back' },
      { action: 'ce-step-forward', keys: ['right'], label: '{right}', hint: '', help: 'replay: one operation forward' },
      { action: 'ce-step', keys: [], label: '{left}/{right}', hint: 'step', help: '(replay: back / forward)', inHints: true },
      { action: 'fencing', keys: ['f'], label: 'f', hint: 'fencing', help: 'fencing on/off', inHints: true },
      { action: 'minting', keys: ['d'], label: 'd', hint: 'minting', help: 'durable or volatile minting', inHints: true },
      { action: 'check', keys: ['a'], label: 'a', hint: 'check', help: 'atomic or split check', inHints: true },
    ],
  },
  // Explore with nothing to replay (no ordering goes wrong): the same keys
  // without enter/replay, so the hints never offer a counterexample that is not there.
  'explore-nothing': {
    title: 'Explore',
    bindings: [
      { action: 'fencing', keys: ['f'], label: 'f', hint: 'fencing', help: 'fencing on/off', inHints: true },
      { action: 'minting', keys: ['d'], label: 'd', hint: 'minting', help: 'durable or volatile minting', inHints: true },
      { action: 'check', keys: ['a'], label: 'a', hint: 'check', help: 'atomic or split check', inHints: true },
    ],
  },
  // Help itself, when it is longer than the terminal.
  help: {
    title: 'Help',
    bindings: [
      { action: 'down', keys: ['down', 'j'], label: '{down}/j', hint: '', help: 'scroll the help down one line' },
      { action: 'up', keys: ['up', 'k'], label: '{up}/k', hint: '', help: 'scroll the help up one line' },
      { action: 'scroll', keys: [], label: '{up}/{down}', hint: 'scroll', help: '(scroll)', inHints: true },
      { action: 'page-down', keys: ['pagedown', 'space'], label: 'pgdn/space', hint: '', help: 'one page of help down' },
      { action: 'page-up', keys: ['pageup', 'b'], label: 'pgup/b', hint: '', help: 'one page of help up' },
    ],
  },
  lab: {
    title: 'Lab',
    bindings: [
      { action: 'up', keys: ['up', 'k'], label: '{up}', hint: '', help: 'previous experiment' },
      { action: 'down', keys: ['down', 'j'], label: '{down}', hint: '', help: 'next experiment' },
      { action: 'move', keys: [], label: '{up}/{down}', hint: 'experiment', help: '(choose the experiment)', inHints: true },
      { action: 'start', keys: ['enter'], label: 'enter', hint: 'run', help: 'run the experiment on real processes (again, once done)', inHints: true },
      { action: 'coordinator', keys: ['c'], label: 'c', hint: 'coordinator', help: 'the lock service: embedded, etcd, Redis or ZooKeeper', inHints: true },
      {
        action: 'sink',
        keys: ['s'],
        label: 's',
        hint: 'sink',
        help: "the sink's database: SQLite or PostgreSQL (experiments that write to it)",
        inHints: true,
      },
      { action: 'ttl-down', keys: ['['], label: '[', hint: '', help: 'shorter lease (1 s steps)' },
      { action: 'ttl-up', keys: [']'], label: ']', hint: '', help: 'longer lease (1 s steps)' },
      { action: 'choose', keys: ['r'], label: 'r', hint: 'choose', help: 'back to the list of experiments', inHints: true },
    ],
  },
  // While a run goes the Lab's own keys do nothing: the hint line says only what does (q ends the run).
  'lab-running': {
    title: 'Lab',
    backHint: 'stop the run',
    bindings: [],
  },
  exercises: {
    title: 'Exercises',
    bindings: [
      { action: 'up', keys: ['up', 'k'], label: '{up}', hint: '', help: 'previous exercise' },
      { action: 'down', keys: ['down', 'j'], label: '{down}', hint: '', help: 'next exercise' },
      { action: 'move', keys: [], label: '{up}/{down}', hint: 'exercise', help: '(choose the exercise)', inHints: true },
      { action: 'start', keys: ['s'], label: 's', hint: 'start', help: 'write the starter file (never over your changes) and show its path', inHints: true },
      { action: 'check', keys: ['c', 'enter'], label: 'c', hint: 'check', help: 'run your code for real and check it', inHints: true },
      { action: 'watch', keys: ['w'], label: 'w', hint: 'watch', help: 'check again on every save of your file (w again stops)', inHints: true },
    ],
  },
  // The quiz's contexts live beside its screens (menu, practice, exam, confirm, summary).
  ...QUIZ_KEY_CONTEXTS,
} as const satisfies Record<string, KeyContext>;

/** A keymap context's id: `actionFor('simulater', ...)` is a compile error. */
export type KeyContextId = keyof typeof KEY_CONTEXTS;

/** The actions of a context (of any of them, for a union): a misspelled `case` in a screen's switch is a compile error. */
export type ActionOf<C extends KeyContextId> = (typeof KEY_CONTEXTS)[C]['bindings'][number]['action'];

/** Every context id, in table order (global first). */
export const KEY_CONTEXT_IDS = Object.keys(KEY_CONTEXTS) as KeyContextId[];

export function isKeyContext(id: string): id is KeyContextId {
  return Object.hasOwn(KEY_CONTEXTS, id);
}

function contextEntry(context: KeyContextId): KeyContext | undefined {
  // Robust at run time too: a context id that came through the router store is only a string there.
  return (KEY_CONTEXTS as Record<string, KeyContext | undefined>)[context];
}

function bindingsOf(context: KeyContextId): readonly KeyBinding[] {
  return contextEntry(context)?.bindings ?? [];
}

/** Ink's (input, key) as one name, so bindings can be plain data. */
export function keyName(input: string, key: Key): KeyName {
  if (key.ctrl && input === 'c') return 'ctrl-c';
  if (input === '\u0003') return 'ctrl-c';
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return 'tab';
  if (key.backspace || key.delete) return 'backspace';
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (input === ' ') return 'space';
  return input;
}

/** Shift+up/down by their own names (an ordering moves an event with them); undefined for any other key. */
function shiftedArrow(key: Key): KeyName | undefined {
  if (key.shift && key.upArrow) return 'shift-up';
  if (key.shift && key.downArrow) return 'shift-down';
  return undefined;
}

/**
 * The action a key triggers in a context, or undefined. Shift+arrow means
 * its own binding where a context has one, else the plain arrow's (so a
 * held shift still scrolls everywhere else).
 */
export function actionFor<C extends KeyContextId>(context: C, input: string, key: Key): ActionOf<C> | undefined {
  const bindings = bindingsOf(context);
  const named = (name: KeyName) => bindings.find((b) => b.keys.includes(name))?.action as ActionOf<C> | undefined;
  const shifted = shiftedArrow(key);
  return (shifted === undefined ? undefined : named(shifted)) ?? named(keyName(input, key));
}

function keyLabel(label: string, symbols: Symbols): string {
  return label.replace('{up}', symbols.up).replace('{down}', symbols.down).replace('{left}', symbols.left).replace('{right}', symbols.right);
}

function hints(bindings: readonly KeyBinding[], symbols: Symbols): string[] {
  return bindings.filter((b) => b.inHints && b.hint !== '').map((b) => `${keyLabel(b.hintLabel ?? b.label, symbols)} ${b.hint}`);
}

/**
 * The hint line for a screen: its hinted keys in table order, as many as fit,
 * then the global ones, which always fit (help and the way out stay visible).
 */
export function hintLine(context: KeyContextId, symbols: Symbols, width: number): string {
  const entry = contextEntry(context);
  const globals = bindingsOf('global').map((b) => (b.action === 'back' && entry?.backHint ? { ...b, hint: entry.backHint } : b));
  const tail = entry?.capturesText ? '' : hints(globals, symbols).join('  ');
  const room = width - tail.length - 2;
  let line = '';
  for (const part of hints(context === 'global' ? [] : bindingsOf(context), symbols)) {
    const next = line === '' ? part : `${line}  ${part}`;
    if (next.length > room) break;
    line = next;
  }
  return [line, tail].filter((part) => part !== '').join('  ');
}

export interface HelpSection {
  title: string;
  rows: { keys: string; help: string }[];
}

/** The help overlay's content: the focused context first, then global. */
export function helpSections(context: KeyContextId, symbols: Symbols): HelpSection[] {
  const sections: HelpSection[] = [];
  for (const id of [context, 'global'] as const) {
    const ctx: KeyContext = KEY_CONTEXTS[id];
    // Combined rows like "←/→" only exist for the hint line; help lists each key.
    const rows = ctx.bindings.filter((b: KeyBinding) => b.keys.length > 0).map((b) => ({ keys: keyLabel(b.label, symbols), help: b.help }));
    if (rows.length > 0) sections.push({ title: ctx.title, rows });
  }
  return sections;
}
