/**
 * For the test suite's global teardown: every lab run under a test data
 * directory (its own `run/`, and those of per-test homes one level down)
 * is over by then, so whatever its pidfiles still name is reaped, forced.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { reapLeftovers } from '../../src/lab/processes/pidfile.js';

export async function reapTestHomes(home: string): Promise<number[]> {
  const runDirs = [join(home, 'run')];
  try {
    for (const entry of readdirSync(home, { withFileTypes: true })) {
      if (entry.isDirectory()) runDirs.push(join(home, entry.name, 'run'));
    }
  } catch {
    return [];
  }
  const ended: number[] = [];
  for (const dir of runDirs) {
    const report = await reapLeftovers(dir, { force: true });
    ended.push(...report.ended);
  }
  if (ended.length > 0) process.stderr.write(`lab teardown: ended leftover processes ${ended.join(', ')}\n`);
  return ended;
}
