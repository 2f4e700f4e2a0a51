/**
 * The shape of a key binding (the table itself is src/ui/keymap.ts). Apart
 * from the table so the files that contribute bindings to it (the quiz's
 * contexts, the timeline's keys) can import the shape without a cycle.
 */

/** A normalised key name: a printable character, or one of these words. */
export type KeyName =
  | 'space'
  | 'enter'
  | 'esc'
  | 'tab'
  | 'backspace'
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'shift-up'
  | 'shift-down'
  | 'pageup'
  | 'pagedown'
  | 'ctrl-c'
  | (string & {});

export interface KeyBinding {
  /** What the screen's code switches on. */
  readonly action: string;
  /** Key names that trigger it (see `keyName`). */
  readonly keys: readonly KeyName[];
  /** How the key is written in help and hints; `{left}` etc. become symbols. */
  readonly label: string;
  /** Short words for the hint line. */
  readonly hint: string;
  /** One sentence for the help overlay. */
  readonly help: string;
  /** Shown in the hint line at the bottom of the screen (help shows all). */
  readonly inHints?: boolean;
  /** A shorter key label for the hint line (help shows `label`). */
  readonly hintLabel?: string;
}

export interface KeyContext {
  readonly title: string;
  readonly bindings: readonly KeyBinding[];
  /** Every other key is text (a field being typed): the global keys are not offered in its hints. */
  readonly capturesText?: boolean;
  /** The hint line's word for q/esc where it is not "back" (home has nothing behind it: q quits). */
  readonly backHint?: string;
}
