/**
 * A signal after a command's result is printed (issue 38, minor: a failover
 * --json result, then Ctrl-C) still ends what runs, but exits with the
 * result's status, not 130 as an interrupted run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleChild, runChild } from '../helpers/child-bundle.js';
import { waitUntil } from '../helpers/wait-until.js';

let script: string;
beforeAll(() => {
  script = bundleChild('decided-then-signal');
});

describe('outcomeDecided', { timeout: 60_000 }, () => {
  it('SIGINT after the outcome: hooks run, exit with the outcome, not 130', async () => {
    const child = runChild(script, []);
    await waitUntil(() => child.output().includes('decided\n'), { timeout: 30_000, what: 'the outcome' });
    child.kill('SIGINT');
    const r = await child.done;
    expect(r.stdout).toContain('cleaned\n');
    expect(r.code).toBe(1);
  });
});
