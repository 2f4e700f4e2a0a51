/**
 * Keys typed while the app is still loading (React, Ink and the first
 * screen take a few hundred milliseconds to arrive) are kept for it.
 *
 * Until a program reads them, the terminal is in cooked mode: it echoes
 * each key onto the screen (the first frame then starts after them) and a
 * Ctrl-C is a SIGINT. So the CLI calls `holdEarlyKeys` the moment it knows
 * the app will open: raw mode from then on (no echo; Linux keeps what was
 * typed before), and what arrives is read and kept here. The app takes it
 * with `takeEarlyKeys` just before its first frame and puts it back into
 * stdin (ui/run-app.tsx), where Ink reads it as typed.
 *
 * A Ctrl-C among the kept keys quits at once: line editing back on, exit 130
 * through the cleanup hooks, as a Ctrl-C on a screen does.
 */
import { exitAfterCleanup } from './cleanup.js';
import { EXIT } from './exit-codes.js';

/** Ctrl-C as a raw terminal reads it: never kept: it quits at once. */
export const CTRL_C = '\u0003';

/** The part of a TTY read stream the hold uses (process.stdin; a fake in tests). */
export interface KeyStream {
  isTTY?: boolean;
  setRawMode: (mode: boolean) => unknown;
  setEncoding: (encoding: BufferEncoding) => unknown;
  read: () => unknown;
  on: (event: 'readable', listener: () => void) => unknown;
  off: (event: 'readable', listener: () => void) => unknown;
  pause: () => unknown;
}

interface Hold {
  stdin: KeyStream;
  stopReading: () => void;
  kept: () => string;
}

let hold: Hold | undefined;

/**
 * From now on keys are kept, not echoed. Does nothing when stdin is not a
 * terminal or a hold is already on. `onCtrlC` is the exit (a test passes its own).
 */
export function holdEarlyKeys(stdin: KeyStream = process.stdin, onCtrlC: () => unknown = () => exitAfterCleanup(EXIT.interrupted)): void {
  if (hold !== undefined || stdin.isTTY !== true) return;
  let kept = '';
  const onReadable = () => {
    for (let chunk = stdin.read(); chunk !== null; chunk = stdin.read()) {
      kept += String(chunk);
      if (kept.includes(CTRL_C)) {
        releaseEarlyKeys();
        void onCtrlC();
        return;
      }
    }
  };
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.on('readable', onReadable);
  hold = { stdin, stopReading: () => stdin.off('readable', onReadable), kept: () => kept };
}

/**
 * The keys kept so far, and the hold ends; undefined when there was none.
 * Raw mode stays on: the app takes the terminal over in the same tick, and
 * what arrives meanwhile waits in the stream for Ink's own listener.
 */
export function takeEarlyKeys(): string | undefined {
  if (hold === undefined) return undefined;
  const { stopReading, kept } = hold;
  hold = undefined;
  stopReading();
  return kept();
}

/** The app will not open after all (it failed to load): the terminal gets its line editing back. */
export function releaseEarlyKeys(): void {
  if (hold === undefined) return;
  const { stdin, stopReading } = hold;
  hold = undefined;
  stopReading();
  stdin.setRawMode(false);
  stdin.pause();
}
