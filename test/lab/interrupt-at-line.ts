/**
 * A `fence-tutor lab --plain ARGS` run interrupted with `signal` as soon as
 * its output shows `line` (a phase the run announces): the etcd cluster's
 * and the ZooKeeper ensemble's phase tests share it.
 */
import { spawn } from 'node:child_process';
import { bin, root } from './helpers.js';

export function interruptAtLine(
  home: string,
  args: string[],
  line: RegExp,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [bin, 'lab', '--plain', ...args], {
    cwd: root,
    env: { ...process.env, FENCE_TUTOR_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let sent = false;
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (!sent && line.test(stdout)) {
      sent = true;
      child.kill(signal);
    }
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
