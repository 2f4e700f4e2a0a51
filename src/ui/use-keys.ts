/**
 * The one place every screen's keys come in. Ink hands a run of plain
 * characters read at once ("jjj" from a held key's autorepeat, "]]]]", "234"
 * typed fast in a multiple-answer question) to a handler as one input,
 * which no binding matches, so a learner saw several presses act once or
 * not at all. Here such a run is split into its keys (split-keys.ts) and
 * each acts once, in order; only a text field (a search box, a value being
 * typed) takes a paste whole. Ink's own escape-sequence parsing already gives
 * arrows and page keys one call each. Only Ink's public useInput is used.
 */
import { type Key, useInput } from 'ink';
import { CTRL_C } from '../platform/early-keys.js';
import { splitKeys } from './split-keys.js';

/** A key with no modifier and no special name: a printable character. */
const PLAIN_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

const PRINTABLE = /^[^\p{C}]$/u;

/**
 * The keys of one input, as if each had been read alone: a run of printable
 * characters (a trailing Enter included) becomes one call per character;
 * anything else (an escape sequence, a control key, a modifier) stays whole.
 */
export function keysOf(input: string, key: Key): [string, Key][] {
  if (key.ctrl || key.meta || key.escape) return [[input, key]];
  const pieces = splitKeys(input);
  if (pieces.length <= 1) return [[input, key]];
  // Ctrl-C read with other keys quits at once; the keys around it are dropped, not acted on after it.
  if (pieces.includes(CTRL_C)) return [['c', { ...PLAIN_KEY, ctrl: true }]];
  const keys: [string, Key][] = [];
  for (const piece of pieces) {
    if (piece === '\r' || piece === '\n') keys.push(['', { ...PLAIN_KEY, return: true }]);
    else if (PRINTABLE.test(piece)) keys.push([piece, { ...PLAIN_KEY, shift: /^[A-Z]$/.test(piece) }]);
    else return [[input, key]];
  }
  return keys;
}

export function useKeys(
  handler: (input: string, key: Key) => void,
  options: {
    isActive?: boolean;
    /** True while a text field has the keys: a paste reaches it whole. */
    takesText?: () => boolean;
  } = {},
): void {
  useInput(
    (input, key) => {
      if (options.takesText?.()) {
        handler(input, key);
        return;
      }
      for (const [one, itsKey] of keysOf(input, key)) handler(one, itsKey);
    },
    { isActive: options.isActive ?? true },
  );
}
