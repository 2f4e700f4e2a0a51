/**
 * Text folded to ASCII for --ascii and a non-UTF-8 locale: every non-ASCII
 * character becomes a stand-in of the same cell width, so what was laid out
 * still lines up. The app's last guard (src/ui/ascii-output.ts) and the
 * plain exercise report (src/exercises/report-text.ts) both fold with it:
 * their text carries glyphs the code that wrote them could not choose (Ink's
 * '…', a check's '→', what a learner's code printed).
 */

/** Single-width glyphs the app or Ink may draw, with an ASCII stand-in of one cell. */
const ONE_CELL: Record<string, string> = {
  '…': '~',
  '·': '.',
  '•': '*',
  '‹': '<',
  '›': '>',
  '❯': '>',
  '←': '<',
  '→': '>',
  '↑': '^',
  '↓': 'v',
  '▶': '>',
  '■': '=',
  '✓': '+',
  '✗': 'x',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '×': 'x',
  '█': '#',
  '░': '.',
  '═': '=',
};

/** Code points a terminal draws two cells wide (East Asian wide and emoji blocks), near enough for a stand-in. */
function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Combining marks and zero-width characters: no cell of their own. */
function isZeroWidth(cp: number): boolean {
  return (cp >= 0x0300 && cp <= 0x036f) || (cp >= 0x200b && cp <= 0x200f) || cp === 0xfe0f || cp === 0xfeff;
}

function standIn(ch: string): string {
  const known = ONE_CELL[ch];
  if (known !== undefined) return known;
  const cp = ch.codePointAt(0) ?? 0;
  if (isZeroWidth(cp)) return '';
  if (cp >= 0x2500 && cp <= 0x257f) return boxStandIn(ch);
  return isWide(cp) ? '??' : '?';
}

/** Box drawing: horizontal lines to '-', vertical to '|', corners and joints to '+'. */
function boxStandIn(ch: string): string {
  if ('─━┄┅┈┉╌╍═'.includes(ch)) return '-';
  if ('│┃┆┇┊┋╎╏║'.includes(ch)) return '|';
  return '+';
}

/** Text with every non-ASCII character replaced by an ASCII stand-in of the same width (escape sequences are ASCII and pass). */
export function foldToAscii(text: string): string {
  // Printable ASCII (with escapes and newlines) is by far the common frame: return it as it is.
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return text.replace(/[^\x00-\x7f]/gu, standIn);
}
