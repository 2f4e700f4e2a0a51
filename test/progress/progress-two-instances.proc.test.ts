/**
 * Two app instances on one data directory, as real processes saving at the
 * same time: no update is lost. Each once rewrote the whole file it had
 * loaded, so the other's lessons vanished (10 of 10 tries); now each save
 * re-reads and merges under a lock.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, it, vi } from 'vitest';
import { loadProgress } from '../../src/progress/progress-file.js';
import { loadReview } from '../../src/reports/review-store.js';
import { bundleChild, runChild } from '../helpers/child-bundle.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

let script: string;
let reviewScript: string;
beforeAll(() => {
  script = bundleChild('progress-instance');
  reviewScript = bundleChild('review-instance');
});

const ROUNDS = 20;

// Concurrent: each try (and the review pair) has its own directory; what is
// raced is the two instances of one try, which still start together.
describe('two instances writing progress at once', { concurrent: true }, () => {
  it.for([1, 2])('try %i: every lesson, every answer and all the time spent of both are kept', async (_try, { expect }) => {
    const dir = mkdtempSync(join(process.env.FENCE_TUTOR_HOME!, 'two-instances-'));
    const one = runChild(script, [dir, String(ROUNDS), 'only-one', 'shared']);
    const two = runChild(script, [dir, String(ROUNDS), 'only-two', 'shared']);
    const [r1, r2] = await Promise.all([one.done, two.done]);
    expect(r1.stderr + r2.stderr).toBe('');
    expect([r1.code, r2.code]).toEqual([0, 0]);
    const warnings: string[] = [];
    const progress = loadProgress(dir, (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(Object.keys(progress.lessons).sort()).toEqual(['only-one', 'only-two', 'shared']);
    expect(progress.lessons['only-one']!.timeSpentMs).toBe(ROUNDS * 10);
    expect(progress.lessons['only-two']!.timeSpentMs).toBe(ROUNDS * 10);
    expect(progress.lessons.shared!.timeSpentMs).toBe(2 * ROUNDS * 10);
    expect(Object.keys(progress.lessons.shared!.selfCheck)).toHaveLength(2 * ROUNDS);
    expect(progress.lessons['only-one']!.readPercent).toBe(100);
    // No lock and no temp file is left.
    expect(readdirSync(dir).sort()).toEqual(['progress.json']);
  });
});

describe('two quiz sittings ending at once', { concurrent: true }, () => {
  it('both record their review results in review.json', async ({ expect }) => {
    const dir = mkdtempSync(join(process.env.FENCE_TUTOR_HOME!, 'two-reviews-'));
    const [r1, r2] = await Promise.all([runChild(reviewScript, [dir, String(ROUNDS), 'one']).done, runChild(reviewScript, [dir, String(ROUNDS), 'two']).done]);
    expect(r1.stderr + r2.stderr).toBe('');
    expect(Object.keys(loadReview(dir).questions)).toHaveLength(2 * ROUNDS);
    expect(readdirSync(dir).sort()).toEqual(['review.json']);
  });
});
