/**
 * The adversary's caps (issue 33): when runs, time or calls per request cut
 * the search short, the check is "not exhaustive", naming what was not
 * explored, and never "passed". A fake driver stands in for the learner's
 * sink: each run reveals `depth` two-way choice points.
 */
import { describe, expect, it } from 'vitest';
import { type ExploreLimits, explore, MAX_CALLS_PER_REQUEST, type TrialDriver } from '../../src/exercises/adversary.js';
import { oneTransaction } from '../../src/exercises/checks/fence-the-sink.js';
import { verdict } from '../../src/exercises/run-checks.js';
import type { TrialRun } from '../../src/exercises/types.js';

const tokens = { A: 1, B: 3 };

function rightRun(): TrialRun {
  return {
    requests: [
      { writer: 'B', fn: 'write', value: 'B-current', token: 3 },
      { writer: 'A', fn: 'write', value: 'A-late', token: 1 },
    ],
    answers: [
      { accepted: true, status: 200 },
      { accepted: false, status: 409 },
    ],
    steps: [],
    final: { value: 'B-current', mark: 3 },
    sentAt: [0, 0],
    answeredAt: [0, 0],
  };
}

function driver(depth: number, capped: string[] = []): TrialDriver & { runs: number } {
  return {
    runs: 0,
    async openFresh() {},
    async run(_items, schedule) {
      this.runs += 1;
      const choices = Array.from({ length: depth }, (_, i) => ({ chosen: schedule[i] ?? 0, options: 2 }));
      return { run: rightRun(), choices, capped };
    },
  };
}

const roomy: ExploreLimits = { maxRuns: 1000, budgetMs: 1e9, now: () => 0 };

describe('explore: the caps', () => {
  it('a search that fits under the caps runs every schedule once and passes', async () => {
    const d = driver(3);
    const x = await explore(d, oneTransaction, tokens, [undefined], roomy);
    expect(x.runs).toBe(8);
    expect(x.cutShort).toBeUndefined();
    expect(verdict(oneTransaction, tokens, x, 1).status).toBe('passed');
  });

  it('the run cap: not exhaustive, naming the requests whose interleavings were not tried', async () => {
    const x = await explore(driver(4), oneTransaction, tokens, [undefined], { ...roomy, maxRuns: 5 });
    expect(x.runs).toBe(5);
    expect(x.cutShort).toMatch(/^stopped at the cap of 5 runs: at least \d+ interleaving\(s\) of B's write and A's write were not tried$/);
    const v = verdict(oneTransaction, tokens, x, 1);
    expect(v.status).toBe('not-exhaustive');
    expect(v.summary).toContain('nothing wrong in 5 runs, but stopped at the cap of 5 runs');
  });

  it('the time cap: the clock passing the budget stops the search and says so', async () => {
    let clock = 0;
    const d = driver(4);
    const limits: ExploreLimits = { maxRuns: 1000, budgetMs: 10_000, now: () => clock };
    const real = d.run.bind(d);
    d.run = async (items, schedule) => {
      clock += 4000; // each run "takes" 4 s of the 10 s budget
      return real(items, schedule);
    };
    const x = await explore(d, oneTransaction, tokens, [undefined], limits);
    expect(x.runs).toBe(3);
    expect(x.cutShort).toMatch(/^stopped at the time cap of 10 s/);
    expect(verdict(oneTransaction, tokens, x, 1).status).toBe('not-exhaustive');
  });

  it('the calls-per-request cap: a request past it is named, and the check is not passed', async () => {
    const x = await explore(driver(1, ['B\'s write "B-current" with token 3']), oneTransaction, tokens, [undefined], roomy);
    expect(x.cutShort).toBe(
      `B's write "B-current" with token 3 made more than ${MAX_CALLS_PER_REQUEST} database calls: interleavings after the ${MAX_CALLS_PER_REQUEST}th were not explored`,
    );
    expect(verdict(oneTransaction, tokens, x, 1).status).toBe('not-exhaustive');
  });

  it('a wrong run found before the cap is still a failure, not "not exhaustive"', async () => {
    const d = driver(4);
    const real = d.run.bind(d);
    d.run = async (items, schedule) => {
      const out = await real(items, schedule);
      return { ...out, run: { ...out.run, final: { value: 'A-late', mark: 1 } } };
    };
    const x = await explore(d, oneTransaction, tokens, [undefined], { ...roomy, maxRuns: 2 });
    expect(verdict(oneTransaction, tokens, x, 1).status).toBe('failed');
  });
});
