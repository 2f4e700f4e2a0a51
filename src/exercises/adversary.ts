/**
 * The in-process adversary: replays a scenario in every interleaving of the
 * requests in flight, at the granularity of the learner's database calls,
 * each against a fresh database. The interleavings are enumerated depth
 * first over the choice points the runs reveal (a choice point is a moment
 * when more than one request is held), so each distinct schedule runs once:
 * a wrong sink fails on every check run, never just on some.
 */
import type { CheckSpec, Tokens } from './scenario.js';
import type { SinkSession } from './sink-session.js';
import type { TrialRun } from './types.js';

/** More than any sensible sink needs (two requests of four calls each: 70). */
export const MAX_RUNS_PER_CHECK = 256;

export interface Exploration {
  runs: number;
  wrong: number;
  /** The first wrong run and what was wrong with it. */
  firstWrong?: { run: TrialRun; problem: string };
  /** The first right run. */
  firstRight?: TrialRun;
}

/** The schedules still to try after a run that chose `chosen` among `options` at each point. */
export function nextSchedules(prefixLength: number, choices: { chosen: number; options: number }[]): number[][] {
  const out: number[][] = [];
  for (let i = choices.length - 1; i >= prefixLength; i -= 1) {
    const head = choices.slice(0, i).map((c) => c.chosen);
    for (let j = choices[i]!.options - 1; j >= 1; j -= 1) out.push([...head, j]);
  }
  return out;
}

export async function explore(session: SinkSession, spec: CheckSpec, tokens: Tokens, killPoints: (number | undefined)[] = [undefined]): Promise<Exploration> {
  const result: Exploration = { runs: 0, wrong: 0 };
  for (const killAt of killPoints) {
    const items = spec
      .scenario(tokens)
      .map((item) => ('send' in item && item.killAfterCalls !== undefined && killAt !== undefined ? { ...item, killAfterCalls: killAt } : item));
    const stack: number[][] = [[]];
    while (stack.length > 0 && result.runs < MAX_RUNS_PER_CHECK) {
      const schedule = stack.pop()!;
      await session.openFresh();
      const { run, choices } = await session.run(items, schedule);
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
  return result;
}
