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
  if (redirected) redirected.stdout(text);
  else writeFd(1, text, () => process.stdout);
}

/** The same for fd 2 (the quiz's summary beside a report on stdout): touching process.stderr builds its stream too. */
export function writeStderr(text: string): void {
  if (redirected) redirected.stderr(text);
  else writeFd(2, text, () => process.stderr);
}

/** Where the two writers send their text instead of the descriptors. */
export interface OutputSink {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

let redirected: OutputSink | undefined;

/**
 * Sends what writeStdout and writeStderr print to `sink` until the returned
 * function is called. For running the program inside a test's process
 * (test/helpers/cli-in-process.ts), where descriptors 1 and 2 are the test
 * runner's, not a pipe the test reads.
 */
export function redirectOutput(sink: OutputSink): () => void {
  const before = redirected;
  redirected = sink;
  return () => {
    redirected = before;
  };
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
