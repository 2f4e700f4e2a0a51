/**
 * What `validate` checks of a loaded challenge beyond its shape: the
 * reference solution uses only the acts the challenge allows, takes exactly
 * `par` acts and meets the goal; the starting scenario does not; an
 * ordering goal is only set where no failover or sink restart can be in the
 * run (the explorer does not replay them, spec section 5); a proof
 * challenge's goal is that no ordering accepts a stale write.
 */
import { diffActs, forbiddenActs } from '../../core/challenge-acts.js';
import { type GoalMiss, goalMisses } from '../../core/challenge-goal.js';
import { explore } from '../../core/explorer.js';
import type { Problem } from '../shared/problems.js';
import type { Challenge } from './challenge-types.js';
import { errorMessage } from '../../platform/error-message.js';

const RESTARTS = ['failover', 'sink-restart'] as const;

function missText(misses: readonly GoalMiss[]): string {
  return misses.map((m) => `${m.field}: wanted ${m.wanted}, got ${m.actual}`).join('; ');
}

export function challengeProblems(c: Challenge): Problem[] {
  const problems: Problem[] = [];
  const at = (key: string, message: string, fix: string) => problems.push({ file: c.file, line: c.lines[key] ?? 1, message, fix });
  if (c.goal.explore) {
    const restart = [...c.start.steps, ...c.solution.steps].find((s) => (RESTARTS as readonly string[]).includes(s.do));
    const allowed = c.allow.steps.filter((k) => (RESTARTS as readonly string[]).includes(k));
    if (restart)
      at(
        'goal',
        `an ordering goal (\`explore\`) on a run with a ${restart.do} step (tick ${restart.at}): the explorer does not replay it`,
        'state the goal about the timed run instead, or remove the step',
      );
    else if (allowed.length > 0)
      at(
        'allow',
        `an ordering goal (\`explore\`) while \`allow\` permits ${allowed.join(' and ')}: the explorer does not replay ${allowed.length === 1 ? 'it' : 'them'}`,
        `remove ${allowed.join(' and ')} from \`allow.steps\``,
      );
  }
  if (c.proof !== undefined && c.goal.explore?.stale !== 'none') {
    at(
      'proof',
      'a proof challenge must end with the explorer showing that no ordering accepts a stale write',
      'add `explore: { stale: none }` to the goal, or remove `proof`',
    );
  }
  const diff = diffActs(c.start, c.solution);
  const forbidden = forbiddenActs(diff, c.allow);
  if (forbidden.length > 0)
    at(
      'solution',
      `the solution makes ${forbidden.map((f) => f.what).join(', ')}, which \`allow\` does not permit`,
      'allow it, or solve the challenge another way',
    );
  if (diff.acts !== c.par)
    at(
      'par',
      `par is ${c.par}, but the solution takes ${diff.acts} act${diff.acts === 1 ? '' : 's'}`,
      `write \`par: ${diff.acts}\`, or a solution with ${c.par} acts`,
    );
  const run = (s: Challenge['start']) => {
    try {
      return goalMisses(s, c.goal, (x) => explore(x, {}));
    } catch (err) {
      return [{ field: 'run', wanted: 'a run', actual: errorMessage(err) }];
    }
  };
  const solutionMisses = run(c.solution);
  if (solutionMisses.length > 0) at('solution', `the solution does not meet the goal (${missText(solutionMisses)})`, 'correct the solution or the goal');
  if (run(c.start).length === 0)
    at('goal', 'the starting scenario already meets the goal', 'change the start or the goal so that the learner has something to do');
  return problems;
}
