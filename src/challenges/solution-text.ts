/**
 * A challenge's reference solution as the learner needs it: the steps that
 * differ from the start, in words ("add: A pauses for 15 ticks at t=2"), or
 * on request in the scenario format of the challenge file. Pure.
 */
import { diffActs } from '../core/challenge-acts.js';
import { stepNoun, stepWords } from '../core/sandbox/act-words.js';
import { stepLine } from '../core/sandbox/scenario-text.js';
import type { Challenge } from '../content/challenges/challenge-types.js';

/** One line per act of the solution, in words. */
export function solutionWords(challenge: Pick<Challenge, 'start' | 'solution'>): string[] {
  const diff = diffActs(challenge.start, challenge.solution);
  const lines = diff.steps.map((c) => {
    if (c.kind === 'added') return `add: ${stepWords(c.step)} at t=${c.step.at}`;
    if (c.kind === 'removed') return `remove: ${stepWords(c.step)} at t=${c.step.at}`;
    const from = c.from!;
    return `change: ${stepNoun(from)} at t=${from.at} becomes ${stepWords(c.step)} at t=${c.step.at}`;
  });
  for (const t of diff.toggles) {
    const value = challenge.solution.config[t];
    lines.push(`set: ${t === 'ttl' ? `the lease to ${value} ticks` : `${t} to ${String(value)}`}`);
  }
  return lines;
}

/** The same acts in the scenario format: the changed config keys, then each step it adds or changes. */
export function solutionScenarioLines(challenge: Pick<Challenge, 'start' | 'solution'>): string[] {
  const diff = diffActs(challenge.start, challenge.solution);
  const lines: string[] = [];
  if (diff.toggles.length > 0) lines.push(`config: { ${diff.toggles.map((t) => `${t}: ${String(challenge.solution.config[t])}`).join(', ')} }`);
  for (const c of diff.steps) {
    const line = stepLine(c.step).trim();
    lines.push(c.kind === 'removed' ? `# remove ${line}` : c.kind === 'changed' ? `${line}  # was ${stepLine(c.from!).trim().slice(2)}` : line);
  }
  return lines;
}
