/**
 * `--content DIR` is checked whole before any command uses it: the checks
 * of `validate DIR` (with the real loaders; the shipped side from the
 * build's snapshot when it matches, snapshot-loaders.ts) and ids clashing with shipped
 * ones. Any problem throws ContentError (file, line, fix; exit 2).
 */
import { checkContentDir } from '../shared/content-sources.js';
import { ContentError } from '../shared/problems.js';
import { validateContent } from './validate.js';
import { snapshotLoaders } from './snapshot-loaders.js';

const checked = new Set<string>();

export function requireContentDir(dir: string): void {
  if (checked.has(dir)) return;
  const problems = checkContentDir(dir, (paths) => validateContent(paths, snapshotLoaders()).problems);
  if (problems.length > 0) throw new ContentError(problems);
  checked.add(dir);
}
