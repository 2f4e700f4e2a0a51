/**
 * The in-process adversary: replays a scenario in every interleaving of the
 * requests in flight, at the granularity of the learner's database calls,
 * each against a fresh database. The interleavings are enumerated depth
 * first over the choice points the runs reveal (a choice point is a moment
 * when more than one request is held), so each distinct schedule runs once:
 * a wrong sink fails on every check run, never just on some.
 *
 * The search has stated caps (runs per check, database calls per request,
 * time per check). A cap that cuts it short is reported in `cutShort`, in
 * words naming what was not explored, so a check is never "passed" on a
 * search it did not finish.
 */
import type { CheckSpec, TrialItem, Tokens } from './scenario.js';
import type { Choice } from './sink-session.js';
import type { TrialRun } from './types.js';

/** More than any sensible sink needs (two requests of four calls each: 70). */
const MAX_RUNS_PER_CHECK = 256;
/** Calls of one request the adversary interleaves; past this the request runs on without choice points. */
export const MAX_CALLS_PER_REQUEST = 12;
/** Wall time the search of one check may take before it stops and says so. */
const CHECK_BUDGET_MS = 60_000;

/** What the adversary needs of a session: a fresh database, and one run by a schedule. */
export interface TrialDriver {
  openFresh(): Promise<void>;
  run(items: TrialItem[], schedule: number[]): Promise<{ run: TrialRun; choices: Choice[]; capped?: string[] }>;
}

export interface Exploration {
  runs: number;
  wrong: number;
  /** The first wrong run and what was wrong with it. */
  firstWrong?: { run: TrialRun; problem: string };
  /** The first right run. */
  firstRight?: TrialRun;
  /** Set when a cap stopped the search early: what was not explored, in words. */
  cutShort?: string;
}

export interface ExploreLimits {
  maxRuns: number;
  budgetMs: number;
  now: () => number;
}

const DEFAULT_LIMITS: ExploreLimits = { maxRuns: MAX_RUNS_PER_CHECK, budgetMs: CHECK_BUDGET_MS, now: () => performance.now() };

/** The schedules still to try after a run that chose `chosen` among `options` at each point. */
function nextSchedules(prefixLength: number, choices: { chosen: number; options: number }[]): number[][] {
  const out: number[][] = [];
  for (let i = choices.length - 1; i >= prefixLength; i -= 1) {
    const head = choices.slice(0, i).map((c) => c.chosen);
    for (let j = choices[i]!.options - 1; j >= 1; j -= 1) out.push([...head, j]);
  }
  return out;
}

export async function explore(
  session: TrialDriver,
  spec: CheckSpec,
  tokens: Tokens,
  killPoints: (number | undefined)[] = [undefined],
  limits: ExploreLimits = DEFAULT_LIMITS,
): Promise<Exploration> {
  const result: Exploration = { runs: 0, wrong: 0 };
  const started = limits.now();
  const capped = new Set<string>();
  const inFlight = describeInFlight(spec.scenario(tokens));
  for (const [k, killAt] of killPoints.entries()) {
    const items = spec
      .scenario(tokens)
      .map((item) => ('send' in item && item.killAfterCalls !== undefined && killAt !== undefined ? { ...item, killAfterCalls: killAt } : item));
    const stack: number[][] = [[]];
    while (stack.length > 0) {
      const stop =
        result.runs >= limits.maxRuns
          ? `the cap of ${limits.maxRuns} runs`
          : limits.now() - started > limits.budgetMs
            ? `the time cap of ${limits.budgetMs / 1000} s`
            : undefined;
      if (stop) {
        const killsLeft = killPoints.length - k - 1;
        result.cutShort = `stopped at ${stop}: at least ${stack.length} interleaving(s) of ${inFlight} were not tried${killsLeft > 0 ? `, nor ${killsLeft} later kill point(s)` : ''}`;
        return result;
      }
      const schedule = stack.pop()!;
      await session.openFresh();
      const { run, choices, capped: cappedHere } = await session.run(items, schedule);
      for (const c of cappedHere ?? []) capped.add(c);
      result.runs += 1;
      // An exception in the learner's code is a failure whatever the outcome looked like.
      const thrown = run.answers.find((a) => a?.error)?.error;
      const problem = thrown ? `your code threw: ${thrown}` : spec.judge(run, tokens);
      if (problem === null) result.firstRight ??= run;
      else {
        result.wrong += 1;
        result.firstWrong ??= { run, problem };
      }
      // `some` checks stop at the first right run: it is the evidence they want.
      if (spec.mode === 'some' && problem === null) return result;
      for (const next of nextSchedules(schedule.length, choices).reverse()) stack.push(next);
    }
  }
  if (capped.size > 0) {
    result.cutShort = `${[...capped].join(' and ')} made more than ${MAX_CALLS_PER_REQUEST} database calls: interleavings after the ${MAX_CALLS_PER_REQUEST}th were not explored`;
  }
  return result;
}

/** The requests a check puts in flight together, in words ("B's write and A's register"). */
function describeInFlight(items: TrialItem[]): string {
  const groups = items.filter((i): i is Extract<TrialItem, { send: unknown }> => 'send' in i && i.send.length > 1);
  if (groups.length === 0) return 'its requests';
  return groups.map((g) => g.send.map((r) => `${r.writer}'s ${r.fn}`).join(' and ')).join('; ');
}
