/**
 * Lines from a stream a learner's code may write to, read with a bound: a
 * line longer than `maxChars` keeps its first and last parts and says how
 * much was dropped, so whatever the child prints (1 GiB without a newline)
 * the reader holds at most about `maxChars` of it. readline would hold the
 * whole line, and a string that long ends the tutor ("Invalid string length").
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** A long line is cut to this much at its start and this much at its end. */
const KEEP_PART = 2000;

function droppedNote(dropped: number): string {
  return ` … [${dropped} characters dropped] … `;
}

/** Calls `onLine` for each line of `stream` (without its newline); never holds more than `maxChars` + KEEP_PART of one line. */
export function onBoundedLines(stream: Readable, maxChars: number, onLine: (line: string) => void): void {
  const decoder = new StringDecoder('utf8');
  let head = '';
  let tail = '';
  let dropped = 0;
  const long = () => dropped > 0 || head.length > maxChars;
  const emit = () => {
    onLine(dropped > 0 ? `${head.slice(0, KEEP_PART)}${droppedNote(dropped + Math.max(0, head.length - KEEP_PART))}${tail}` : head);
    head = '';
    tail = '';
    dropped = 0;
  };
  const add = (part: string) => {
    if (!long()) {
      head += part;
      if (head.length <= maxChars) return;
      // Too long: keep the first part, from now on only a moving last part.
      tail = head.slice(-KEEP_PART);
      dropped = head.length - KEEP_PART - tail.length;
      head = head.slice(0, KEEP_PART);
      return;
    }
    const joined = tail + part;
    dropped += Math.max(0, joined.length - KEEP_PART);
    tail = joined.slice(-KEEP_PART);
  };
  stream.on('data', (chunk: Buffer | string) => {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      add(text.slice(from, nl));
      emit();
      from = nl + 1;
    }
    if (from < text.length) add(text.slice(from));
  });
  stream.on('end', () => {
    const rest = decoder.end();
    if (rest) add(rest);
    if (head !== '' || dropped > 0) emit();
  });
}
