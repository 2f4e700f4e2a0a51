/**
 * The one place where text from files is made safe for a terminal. Content
 * is data: before any of it reaches stdout or stderr, escape sequences (CSI,
 * OSC, DCS, ...) are removed, so a lesson or quiz cannot move the cursor,
 * retitle the window or hide text; and every other character a terminal would
 * act on or hide is shown as a visible placeholder such as `<U+202E>`:
 * C0 and C1 controls, Unicode bidirectional controls (the "Trojan Source"
 * trick: U+202A-202E, U+2066-2069, U+200E/200F, U+061C), the other invisible
 * format characters (category Cf: zero-width space and joiners, soft hyphen,
 * word joiner, BOM, tag characters) and the line/paragraph separators.
 * A placeholder, not a deletion: a grader sees that a file holds something
 * hidden instead of reading text that differs from the bytes.
 *
 * Pure (no I/O) so the core (narration, timelines) and the loaders share it;
 * src/content/shared/sanitize.ts re-exports it for the loaders.
 */

// ESC followed by a CSI / OSC / DCS / SOS / PM / APC body, or a two-byte escape.
// A string body (OSC, DCS, ...) is removed only with its terminator: one that
// never ends ("x\u001b]0;" and the rest of a field, or a quoted value cut
// short inside one) loses only its ESC ] and the rest stays visible text;
// it used to swallow the rest of the field, the closing quote and the Fix
// of an error message.
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[PX^_][^\u001b]*\u001b\\|[@-Z\\-_])/g;
// C1 CSI (0x9b) sequences.
const C1_SEQUENCE = /\u009b[0-?]*[ -/]*[@-~]/g;
/**
 * What is left that a terminal would act on or not show: C0 (but tab and
 * newline), DEL, C1, format characters (Cf, which holds every bidi control),
 * line and paragraph separators, lone surrogates (invalid UTF-16, which
 * a terminal would show as something else), and the blank letters and marks
 * that are not Cf but show nothing: the Hangul fillers (U+115F, U+1160,
 * U+3164, U+FFA0), the braille blank (U+2800), the combining grapheme joiner
 * (U+034F), the Mongolian free variation selectors and the variation
 * selectors but VS15/VS16 (U+FE0E/FE0F, text or emoji presentation of an
 * emoji), which can carry a hidden message after any letter.
 */
const HIDDEN =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}\u2028\u2029\u115f\u1160\u2800\u3164\uffa0]|\p{Cs}|\u034f|[\u180b-\u180f]|[\ufe00-\ufe0d]|[\u{e0100}-\u{e01ef}]/gu;
/**
 * Combining marks a terminal shows on one letter. More (a "Zalgo" flood: a
 * letter with thousands of accents) stack up over the lines above and below
 * and, counted one column each by the plain layout, wrap into screens of
 * nothing; the rest of a run is shown as one `<+N marks>`. Real text needs
 * fewer: Vietnamese stacks two, pointed Hebrew and Tibetan four or so.
 */
const MAX_COMBINING_MARKS = 8;
const MARK_FLOOD = new RegExp(`(?<=\\p{M}{${MAX_COMBINING_MARKS}})\\p{M}+`, 'gu');
// The same two patterns without /g, for isNeutral's tests (a /g pattern's test() carries lastIndex from call to call).
const HAS_HIDDEN = new RegExp(HIDDEN.source, 'u');
const HAS_MARK_FLOOD = new RegExp(MARK_FLOOD.source, 'u');

/** Text none of the steps of sanitizeText changes (no CR, tab, ESC, C1, or anything not ASCII). */
const PLAIN_ASCII = /^[\n\x20-\x7e]*$/;

/** `<U+202E>`: how a hidden character is shown. */
function placeholder(ch: string): string {
  return `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** Each character a terminal would act on or hide (but tab and newline), as `show` spells it: a placeholder here, a JSON escape in `--json` output. */
export function mapHidden(text: string, show: (ch: string) => string): string {
  return text.replace(HIDDEN, show);
}

/** Multi-line text: keeps newlines; tabs become two spaces; see the file comment. */
export function sanitizeText(text: string): string {
  // Printable ASCII and newlines hold nothing the steps below change: most of
  // a lesson, sanitised span by span as the reader lays it out (issue 18).
  if (PLAIN_ASCII.test(text)) return text;
  return foldMarkFloods(mapHidden(text.replace(/\r\n?/g, '\n').replace(ESCAPE_SEQUENCE, '').replace(C1_SEQUENCE, '').replace(/\t/g, '  '), placeholder));
}

/** Keeps the first MAX_COMBINING_MARKS marks of a run and counts the rest. */
function foldMarkFloods(text: string): string {
  return text.replace(MARK_FLOOD, (rest) => `<+${[...rest].length} marks>`);
}

/** One-line text (titles, options, names, messages): newlines fold to spaces as well. */
export function sanitizeLine(text: string): string {
  return sanitizeText(text).replace(/\n+/g, ' ');
}

/** True when `text` holds nothing that sanitizeText would change (but newlines and tabs). */
export function isNeutral(text: string): boolean {
  return !/[\u001b\u009b]/.test(text) && !HAS_HIDDEN.test(text.replace(/\r\n/g, '\n').replace(/\r/g, '')) && !HAS_MARK_FLOOD.test(text);
}

/** A key press that is text to type into a field: printable, with nothing a terminal would act on (no newline or tab either). */
export function isTypedText(text: string): boolean {
  return text.length > 0 && !/[\n\r\t]/.test(text) && isNeutral(text);
}

/** The characters of a key press a field keeps, one by one by isTypedText (a paste may bring controls among them). */
export function typedChars(text: string): string {
  return [...text].filter(isTypedText).join('');
}

/** Characters that take no terminal column: combining marks, format and control characters (display-width.ts counts with it). */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]$/u;

export function isZeroWidth(ch: string): boolean {
  return ZERO_WIDTH.test(ch);
}

/** One character a key press may type as itself: not a control, format or other \p{C} character (use-keys.ts splits runs of them). */
export function isPrintableChar(ch: string): boolean {
  return /^[^\p{C}]$/u.test(ch);
}
