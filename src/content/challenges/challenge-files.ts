/**
 * Where challenges are: the shipped `challenges/` folder and an instructor's
 * `--content DIR/challenges`. Files are taken in name order (the shipped
 * ones are numbered in lesson order), shipped first; an id given twice is
 * refused with both places.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { shippedDir } from '../../platform/package-root.js';
import { ContentError, type Problem } from '../shared/problems.js';
import { type ContentFlags, findScenario } from '../shared/content-sources.js';
import { loadChallengeFile, type ScenarioLookup } from './challenge-loader.js';
import type { Challenge } from './challenge-types.js';

const CHALLENGE_FILE = /\.ya?ml$/;

/** The challenge files of a folder, in name order (none if it does not exist). */
function challengeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => CHALLENGE_FILE.test(n))
    .sort()
    .map((n) => join(dir, n));
}

/** Every challenge of a folder; every problem of every file at once. */
function loadChallengeDir(dir: string, findScenario: ScenarioLookup, local: boolean): Challenge[] {
  const problems: Problem[] = [];
  const out: Challenge[] = [];
  for (const file of challengeFiles(dir)) {
    try {
      out.push(loadChallengeFile(file, findScenario, local));
    } catch (err) {
      if (!(err instanceof ContentError)) throw err;
      problems.push(...err.problems);
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  return out;
}

/** The shipped challenges, then the content directory's (`--content DIR`: DIR/challenges). */
export function allChallenges(flags: ContentFlags = {}): Challenge[] {
  const shipped = loadChallengeDir(shippedDir('challenges'), (id) => findScenario(id), false);
  if (!flags.content) return shipped;
  const local = loadChallengeDir(join(flags.content, 'challenges'), (id) => findScenario(id, flags), true);
  const taken = new Map(shipped.map((c) => [c.id, c.file] as const));
  const problems: Problem[] = [];
  for (const c of local) {
    const first = taken.get(c.id);
    if (first)
      problems.push({
        file: c.file,
        line: c.lines.id ?? 1,
        message: `challenge id "${c.id}" is already used (${first})`,
        fix: 'give the challenge another id',
      });
    taken.set(c.id, c.file);
  }
  if (problems.length > 0) throw new ContentError(problems);
  return [...shipped, ...local];
}
