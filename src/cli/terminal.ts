/**
 * TTY or plain, Unicode or ASCII, colour or not: decided once from the
 * streams, the environment and the global flags (conventions: "Terminal or not").
 * `CI` is deliberately never consulted.
 */
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

export function decideDisplay(
  flags: DisplayFlags,
  streams: { stdin: { isTTY?: boolean }; stdout: { isTTY?: boolean; columns?: number; rows?: number } } = process,
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
