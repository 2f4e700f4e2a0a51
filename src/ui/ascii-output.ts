/**
 * The last guard of --ascii (and of a non-UTF-8 locale): every frame Ink
 * writes passes through foldToAscii, so no glyph the terminal cannot show
 * reaches it. The screens already draw ASCII symbols from the theme; this
 * catches what they cannot choose: Ink cuts a `wrap="truncate"` line with
 * '…' (cli-truncate, not configurable), and a string a screen forgot.
 * Each glyph keeps its cell width, so what Ink laid out still lines up.
 */

import { foldToAscii } from '../render/ascii-fold.js';

interface WriteStream {
  write: (chunk: string, ...rest: never[]) => boolean;
}

/** `stream`, with what is written to it folded to ASCII; everything else (columns, rows, resize events) is the stream's own. */
export function asciiOnly<T extends object>(stream: T): T {
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'write') {
        const write = (target as unknown as WriteStream).write.bind(target);
        return (chunk: unknown, ...rest: never[]) => write(typeof chunk === 'string' ? foldToAscii(chunk) : (chunk as string), ...rest);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
