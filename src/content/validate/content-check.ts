/**
 * `--content DIR` is checked whole before any command uses it: the checks
 * of `validate DIR` (with the real loaders) and ids clashing with shipped
 * ones. Any problem throws ContentError (file, line, fix; exit 2).
 */
import { checkContentDir } from '../shared/content-sources.js';
import { ContentError } from '../shared/problems.js';
import { validateContent } from './validate.js';
import { realLoaders } from './validate-loaders.js';

const checked = new Set<string>();

export function requireContentDir(dir: string): void {
  if (checked.has(dir)) return;
  const problems = checkContentDir(dir, (paths) => validateContent(paths, realLoaders).problems);
  if (problems.length > 0) throw new ContentError(problems);
  checked.add(dir);
}
