/**
 * One chunk of terminal input as the keys a person pressed. Ink hands a
 * screen a run of plain characters read at once as one input ("jjj", or
 * "2\r"), which no key binding matches: that is how keys typed before the
 * first frame (all read in one go when the app starts listening) were lost.
 * Escape sequences (arrows, page keys, Alt+key) stay whole; every other code
 * point is a key of its own.
 */
const ESC = '\u001b';

const isFinalByte = (code: number) => code >= 0x40 && code <= 0x7e;
const isParameterOrIntermediate = (code: number) => code >= 0x20 && code <= 0x3f;

/** The length of the escape sequence at `start` (ESC included). */
function escapeLength(chunk: string, start: number): number {
  let i = start + 1;
  if (chunk[i] === ESC) i += 1; // ESC ESC [ A: Alt with an arrow
  const kind = chunk[i];
  if (kind === '[') {
    i += 1;
    if (chunk[i] === '[') i += 1; // ESC [ [ A: the Linux console's function keys
    while (i < chunk.length && isParameterOrIntermediate(chunk.charCodeAt(i))) i += 1;
    return i < chunk.length && isFinalByte(chunk.charCodeAt(i)) ? i + 1 - start : i - start;
  }
  if (kind === 'O' && i + 1 < chunk.length) return i + 2 - start;
  if (kind === undefined) return i - start; // a lone Escape
  // Alt with a key: ESC and one code point.
  return i + (chunk.codePointAt(i)! > 0xffff ? 2 : 1) - start;
}

export function splitKeys(chunk: string): string[] {
  const keys: string[] = [];
  let i = 0;
  while (i < chunk.length) {
    const length = chunk[i] === ESC ? escapeLength(chunk, i) : chunk.codePointAt(i)! > 0xffff ? 2 : 1;
    keys.push(chunk.slice(i, i + length));
    i += length;
  }
  return keys;
}
