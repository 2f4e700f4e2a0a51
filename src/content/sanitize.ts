/**
 * Content from files is data. Before any of it reaches a terminal we remove
 * escape sequences (CSI, OSC, DCS, ...) and control characters, so a lesson
 * or quiz cannot move the cursor, retitle the window or hide text.
 */

// ESC followed by a CSI / OSC / DCS / SOS / PM / APC body, or a two-byte escape.
const ESCAPE_SEQUENCE =
  /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[PX^_][^\u001b]*(?:\u001b\\)?|[@-Z\\-_])/g;
// C1 CSI (0x9b) sequences, then any remaining C0 (but tab/newline), DEL and C1.
const C1_SEQUENCE = /\u009b[0-?]*[ -/]*[@-~]/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Multi-line text: keeps newlines and tabs (tabs become two spaces). */
export function sanitizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(ESCAPE_SEQUENCE, '')
    .replace(C1_SEQUENCE, '')
    .replace(CONTROL, '')
    .replace(/\t/g, '  ');
}

/** One-line text (titles, options, names): newlines fold to spaces as well. */
export function sanitizeLine(text: string): string {
  return sanitizeText(text).replace(/\n+/g, ' ');
}
