/**
 * `challenge ID --check FILE`: a saved run (a scenario file, as the
 * sandbox's `w` writes it) checked against a challenge, headless. A file
 * that does not load, or that makes a change the challenge does not allow,
 * is bad input (ContentError: file, line, fix; exit 2); otherwise the
 * verdict (exit 0 solved, 1 not solved).
 */
import type { ForbiddenAct } from '../core/challenge-acts.js';
import { explore } from '../core/explorer.js';
import type { Scenario } from '../core/types.js';
import type { Challenge } from '../content/challenges/challenge-types.js';
import { ContentError, type Problem } from '../content/shared/problems.js';
import { type RunCheck, checkRun, type Verdict } from './check-run.js';

export interface FileCheck {
  check: RunCheck;
  verdict: Verdict;
}

/** Throws ContentError for changes the challenge does not allow (`text`: the file's, to point at a config key's line). */
export function checkRunScenario(challenge: Challenge, run: Scenario, file: string, text = ''): FileCheck {
  const result = checkRun(challenge, run, (s) => explore(s, {}));
  if (result.check.forbidden.length > 0) throw new ContentError(result.check.forbidden.map((f) => forbiddenProblem(challenge, f, file, text)));
  return result;
}

/** The 1-based line where `key:` is written, else 1. */
function keyLine(text: string, key: string): number {
  const index = text.split('\n').findIndex((l) => new RegExp(`(^|[\\s{,"])${key}"?\\s*:`).test(l));
  return index + 1 || 1;
}

function forbiddenProblem(challenge: Challenge, f: ForbiddenAct, file: string, text: string): Problem {
  const steps = challenge.allow.steps.length > 0 ? `steps ${challenge.allow.steps.join(', ')}` : 'no step';
  const toggles = challenge.allow.toggles.length > 0 ? `toggles ${challenge.allow.toggles.join(', ')}` : 'no toggle';
  return {
    file,
    line: f.step?.line ?? (f.key ? keyLine(text, f.key) : 1),
    message: `challenge "${challenge.id}" does not allow ${f.what}`,
    fix: `undo that change; this challenge allows ${steps} and ${toggles}`,
  };
}
