/**
 * One FENCE_TUTOR_HOME for the whole run, in a temp dir; removed afterwards.
 * The lab's teardown hook (reaping pidfiles of killed runs) plugs in here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const home = mkdtempSync(join(tmpdir(), 'fence-tutor-test-home-'));
  process.env.FENCE_TUTOR_HOME = home;
  return () => {
    rmSync(home, { recursive: true, force: true });
  };
}
