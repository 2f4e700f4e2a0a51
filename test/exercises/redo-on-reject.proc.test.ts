/**
 * Exercise 6 on real processes: the learner's worker is stopped with
 * SIGSTOP past its lease on the embedded coordinator; the starter fails,
 * the solution passes, two plausible wrong workers fail by name. Side by
 * side: each check has its own child, coordinator and temp dir.
 */
import { describe, it } from 'vitest';
import { checkClientFile } from './client-helpers.js';
import { fixture, shipped, statuses } from './helpers.js';

const ID = 'redo-on-reject';

describe.skipIf(process.platform === 'win32')(`exercise ${ID}`, { concurrent: true, timeout: 120_000 }, () => {
  it('the starter fails: its work is lost after the 409', async ({ expect }) => {
    const report = await checkClientFile(ID, shipped(ID, 'worker.mjs'));
    expect(report.passed).toBe(false);
    expect(statuses(report)).toMatchObject({ 'adds-one': 'passed', 'lands-once': 'failed', 'keeps-b-work': 'failed' });
    expect(report.output).toContain('the write was refused');
  });

  it("the shipped solution passes: its work lands once, under a token above B's", async ({ expect }) => {
    const report = await checkClientFile(ID, shipped(ID, 'solution.mjs'));
    expect(statuses(report)).toEqual({
      'adds-one': 'passed',
      'stops-on-409': 'passed',
      'lands-once': 'passed',
      'under-new-token': 'passed',
      'keeps-b-work': 'passed',
      'redo-beside-grant': 'passed',
    });
    const race = report.checks.find((c) => c.id === 'redo-beside-grant')!;
    expect(race.summary).toMatch(/before each of the redo's 3 call\(s\)/);
    expect(race.detail).toEqual([
      expect.stringMatching(/^C granted before the redo's call 1 of 3 \(A's acquire\): the counter ended at 3/),
      expect.stringMatching(/^C granted before the redo's call 2 of 3 \(A's read\): the counter ended at 3/),
      expect.stringMatching(/^C granted before the redo's call 3 of 3 \(A's write\): the counter ended at 3/),
    ]);
    const story = report.checks.find((c) => c.id === 'lands-once')!;
    expect(story.detail!.join('\n')).toMatch(/SIGSTOP; its lease expires; B takes the lock with token \d+/);
  });

  it('retrying the write with the refused token is caught by stops-on-409', async ({ expect }) => {
    const report = await checkClientFile(ID, fixture(ID, 'same-token-retry.mjs'));
    expect(statuses(report)).toMatchObject({ 'stops-on-409': 'failed', 'lands-once': 'failed' });
    expect(report.checks.find((c) => c.id === 'stops-on-409')!.summary).toMatch(/wrote 2 more time\(s\) with the refused token/);
  });

  it('re-acquiring without reading again is caught by keeps-b-work', async ({ expect }) => {
    const report = await checkClientFile(ID, fixture(ID, 'no-reread.mjs'));
    expect(statuses(report)).toMatchObject({ 'stops-on-409': 'passed', 'lands-once': 'passed', 'under-new-token': 'passed', 'keeps-b-work': 'failed' });
    expect(report.checks.find((c) => c.id === 'keeps-b-work')!.summary).toMatch(/the counter ended at 1, not 2/);
  });

  it("racy redo: reading before the new acquire passes the story but loses C's work when C is granted between them", async ({ expect }) => {
    const report = await checkClientFile(ID, fixture(ID, 'read-before-acquire.mjs'));
    expect(statuses(report)).toEqual({
      'adds-one': 'passed',
      'stops-on-409': 'passed',
      'lands-once': 'passed',
      'under-new-token': 'passed',
      'keeps-b-work': 'passed',
      'redo-beside-grant': 'failed',
    });
    const race = report.checks.find((c) => c.id === 'redo-beside-grant')!;
    expect(race.summary).toBe(
      "with C granted the lock before your redo's call 2 (A's acquire), the counter ended at 2, not 3 (B, C, A each added 1): a value read before another holder's write was written back",
    );
    expect(race.detail!.join('\n')).toMatch(/it holds no lock; C takes the lock with token \d+ and writes 2 → 200/);
  });

  it('racy redo: a single redo passes the story but gives up when its own write is refused too', async ({ expect }) => {
    const report = await checkClientFile(ID, fixture(ID, 'retry-once.mjs'));
    expect(statuses(report)).toMatchObject({ 'lands-once': 'passed', 'keeps-b-work': 'passed', 'redo-beside-grant': 'failed' });
    expect(report.checks.find((c) => c.id === 'redo-beside-grant')!.summary).toBe(
      "with C granted the lock before your redo's call 2 (A's read), A's work landed 0 times: the redo gave up after its own write was refused",
    );
  });

  it('a worker that ends its own process on the 409 is told as such (exit code named), and the tutor goes on', async ({ expect }) => {
    const report = await checkClientFile(ID, fixture(ID, 'exits-on-409.mjs'));
    expect(statuses(report)).toEqual({
      'adds-one': 'passed',
      'stops-on-409': 'threw',
      'lands-once': 'threw',
      'under-new-token': 'threw',
      'keeps-b-work': 'threw',
      'redo-beside-grant': 'threw',
    });
    const ended = report.checks.find((c) => c.id === 'lands-once')!;
    expect(ended.summary).toBe('addOne(worker): your process ended (exit code 5) before it returned: does your code call process.exit?');
  });
});
