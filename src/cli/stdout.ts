import { writeSync } from 'node:fs';

/**
 * Writes straight to file descriptor 1 (JSON, `--version`, `--help`).
 * Touching `process.stdout` builds a stream, and for a pipe that loads Node's
 * net and stream modules: a few milliseconds, a large share of `sim --json`
 * over `node -e 0` (issue 2's speed goal). A descriptor the parent left
 * non-blocking may refuse a write (EAGAIN); what is left then goes through
 * `process.stdout`, which waits. A reader that has gone (EPIPE, `| head`)
 * ends the output quietly.
 */
export function writeStdout(text: string): void {
  writeFd(1, text, () => process.stdout);
}

/** The same for fd 2 (the quiz's summary beside a report on stdout): touching process.stderr builds its stream too. */
export function writeStderr(text: string): void {
  writeFd(2, text, () => process.stderr);
}

function writeFd(fd: number, text: string, stream: () => NodeJS.WriteStream): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  try {
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') stream().write(bytes.subarray(offset));
    else if (code !== 'EPIPE') throw err;
  }
}
