/**
 * TTY or plain, Unicode or ASCII, colour or not: decided once from the
 * streams, the environment and the global flags (conventions: "Terminal or not").
 * `CI` is deliberately never consulted.
 */
import { fstatSync } from 'node:fs';
import type { Display } from '../platform/display.js';

export interface DisplayFlags {
  plain?: boolean;
  json?: boolean;
  ascii?: boolean;
  color?: boolean;
  reducedMotion?: boolean;
  narrate?: boolean;
}

export function isUtf8Locale(env: NodeJS.ProcessEnv): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  // No locale at all (common in containers and CI) still gets Unicode; an
  // explicit non-UTF-8 locale (C, POSIX, latin1) gets ASCII.
  if (locale === '') return true;
  return /utf-?8/i.test(locale);
}

/** False when descriptor `fd` is surely no terminal (a pipe, a file, a socket, closed), found without building its stream. */
function mayBeTerminal(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return false;
  }
}

/**
 * The process's streams as decideDisplay reads them. process.stdin and
 * process.stdout are built on first touch, which for a pipe loads Node's
 * net and stream modules (issue 18: a few milliseconds of every plain
 * command): they are touched only for a character device, which may be a
 * terminal (or /dev/null).
 */
const processStreams = {
  stdin: {
    get isTTY() {
      return mayBeTerminal(0) && process.stdin.isTTY === true;
    },
  },
  stdout: {
    get isTTY() {
      return mayBeTerminal(1) && process.stdout.isTTY === true;
    },
    get columns() {
      return mayBeTerminal(1) ? process.stdout.columns : undefined;
    },
    get rows() {
      return mayBeTerminal(1) ? process.stdout.rows : undefined;
    },
  },
};

export function decideDisplay(
  flags: DisplayFlags,
  streams: { stdin: { isTTY?: boolean }; stdout: { isTTY?: boolean; columns?: number | undefined; rows?: number | undefined } } = processStreams,
  env: NodeJS.ProcessEnv = process.env,
): Display {
  const tty = Boolean(streams.stdin.isTTY && streams.stdout.isTTY);
  return {
    interactive: tty && !flags.plain && !flags.json,
    ascii: Boolean(flags.ascii) || !isUtf8Locale(env),
    color: flags.color !== false && !('NO_COLOR' in env && env.NO_COLOR !== ''),
    reducedMotion: Boolean(flags.reducedMotion),
    narrate: Boolean(flags.narrate),
    columns: streams.stdout.isTTY && streams.stdout.columns ? streams.stdout.columns : 80,
    rows: streams.stdout.isTTY && streams.stdout.rows ? streams.stdout.rows : 24,
  };
}
