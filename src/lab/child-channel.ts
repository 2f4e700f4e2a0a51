/**
 * How a lab child talks to its runner: JSON lines. The runner writes commands
 * to the child's stdin, the child answers on stdout. When stdin closes (the
 * runner is gone, even after a SIGKILL) the child ends itself. Each command
 * is parsed once, by the protocol's parser; one it cannot read is answered
 * with an `error` naming the problem (with its id when it had a usable one).
 */
import { createInterface } from 'node:readline';
import { parseJsonLine, ProtocolError } from './protocol/fields.js';

export function emitToRunner<M extends { ev: string }>(message: M): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

export function onRunnerCommand<C>(parse: (value: unknown) => C, handle: (command: C) => void, onGone: () => void): void {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let command: C;
    let raw: unknown;
    try {
      raw = parseJsonLine(line, 'the runner');
      command = parse(raw);
    } catch (err) {
      if (!(err instanceof ProtocolError)) throw err;
      const id = (raw as { id?: unknown } | undefined)?.id;
      emitToRunner({ ev: 'error', ...(Number.isSafeInteger(id) ? { id } : {}), message: err.message });
      return;
    }
    handle(command);
  });
  lines.on('close', onGone);
}
