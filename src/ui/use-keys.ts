/**
 * The one place every screen's keys come in. Ink hands a run of plain
 * characters read at once ("jjj" from a held key's autorepeat, "]]]]", "234"
 * typed fast in a multiple-answer question) to a handler as one input,
 * which no binding matches, so a learner saw several presses act once or
 * not at all. Here such a run is split into its keys (split-keys.ts) and
 * each acts once, in order; only a text field (a search box, a value being
 * typed) takes a paste whole, and an Enter read with it still acts after it.
 * Ink's own escape-sequence parsing already gives arrows and page keys one
 * call each. Only Ink's public useInput is used.
 */
import { type Key, useInput } from 'ink';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { CTRL_C } from '../platform/early-keys.js';
import { splitKeys } from './split-keys.js';
import { isPrintableChar } from '../core/neutralise.js';

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

/**
 * The keys of one input, as if each had been read alone: a run of printable
 * characters (a trailing Enter included) becomes one call per character;
 * anything else (an escape sequence, a control key, a modifier) stays whole.
 * For a text field (`textField`) a run of printable characters stays whole
 * instead (a paste is typed as it came), and an Enter read with it still
 * acts, after the text before it: "lease ID" and Enter in one read, from a
 * fast typist or a paste ending in a newline, searches for "lease ID" (the
 * field used to refuse the whole read as not text).
 */
export function keysOf(input: string, key: Key, textField = false): [string, Key][] {
  if (key.ctrl || key.meta || key.escape) return [[input, key]];
  const pieces = splitKeys(input);
  if (pieces.length <= 1) return [[input, key]];
  // Ctrl-C read with other keys quits at once; the keys around it are dropped, not acted on after it.
  if (pieces.includes(CTRL_C)) return [['c', { ...PLAIN_KEY, ctrl: true }]];
  const keys: [string, Key][] = [];
  let text = '';
  const typed = (chars: string) => keys.push([chars, { ...PLAIN_KEY, shift: /^[A-Z]$/.test(chars) }]);
  const endText = () => {
    if (text !== '') typed(text);
    text = '';
  };
  for (const piece of pieces) {
    if (piece === '\r' || piece === '\n') {
      endText();
      keys.push(['', { ...PLAIN_KEY, return: true }]);
    } else if (!isPrintableChar(piece)) return [[input, key]];
    else if (textField) text += piece;
    else typed(piece);
  }
  // Text alone, no Enter: the read as it came.
  if (keys.length === 0) return [[input, key]];
  endText();
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
  const isActive = options.isActive ?? true;
  // The latest render's handler, set as that render commits. Ink subscribes
  // a useInput handler in a passive effect, which runs after the frame is on
  // the screen: a key read in between (a test, or a person, answering the
  // frame at once on a busy machine) went to the previous render's handler,
  // which saw the previous state ("r" after a Lab run's verdict was dropped
  // as if the run still went). The one listener below reads this ref instead.
  const latest = useRef({ handler, takesText: options.takesText, isActive });
  useLayoutEffect(() => {
    latest.current = { handler, takesText: options.takesText, isActive };
  });
  const listener = useCallback((input: string, key: Key) => {
    const { handler: current, takesText, isActive: active } = latest.current;
    if (!active) return;
    for (const [one, itsKey] of keysOf(input, key, takesText?.() === true)) current(one, itsKey);
  }, []);
  useInput(listener, { isActive });
}
