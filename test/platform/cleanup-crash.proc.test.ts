/**
 * src/platform/cleanup.ts: in the CLI a crash (an exception nobody caught, a
 * promise nobody awaited) runs the cleanup hooks, so the children a command
 * started are ended, and exits 1 with the error reported once.
 */
import { describe, expect, it, vi } from 'vitest';
import { bundleChild, runChild } from '../helpers/child-bundle.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

describe('a crash runs the cleanup hooks', () => {
  const script = bundleChild('crash-after-cleanup-hook');

  it.each([
    ['an uncaught exception', 'throw', 'reported: boom\n'],
    ['an unhandled rejection', 'reject', 'reported: boom by rejection\n'],
  ])('%s: hook ran, reported, exit 1', async (_name, mode, report) => {
    const r = await runChild(script, [mode]).done;
    expect(r.stdout).toBe('hook ran\n');
    expect(r.stderr).toBe(report);
    expect(r.code).toBe(1);
  });
});
