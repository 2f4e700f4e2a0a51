/**
 * How a lab child talks to its runner: JSON lines. The runner writes commands
 * to the child's stdin, the child answers on stdout. When stdin closes (the
 * runner is gone, even after a SIGKILL) the child ends itself.
 */
import { createInterface } from 'node:readline';

export function emitToRunner(message: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

export function onRunnerCommand(handle: (command: Record<string, unknown>) => void, onGone: () => void): void {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let command: unknown;
    try {
      command = JSON.parse(line);
    } catch {
      emitToRunner({ ev: 'error', message: `not JSON: ${line.slice(0, 80)}` });
      return;
    }
    if (command && typeof command === 'object') handle(command as Record<string, unknown>);
  });
  lines.on('close', onGone);
}
