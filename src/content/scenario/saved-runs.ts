/**
 * "Your runs": runs saved from the simulator as scenario files, by default
 * in the data directory's `runs/` folder. A run is checked by the scenario
 * loader before it is written, so a file that would not load is never
 * written, and it is written atomically, never over an existing file.
 */
import { existsSync } from 'node:fs';
import { basename, isAbsolute, resolve } from 'node:path';
import type { Scenario } from '../../core/types.js';
import { writeFileAtomic } from '../../platform/atomic-file.js';
import { errorMessage } from '../../platform/error-message.js';
import { ContentError, formatProblem } from '../shared/problems.js';
import { sanitizeLine } from '../shared/sanitize.js';
import { loadScenarioFile, loadScenarioText } from './scenario-loader.js';
import { scenarioFiles } from './scenario-files.js';
import { runsDir } from './run-paths.js';

export type SaveOutcome = { saved: string } | { refused: string };

/**
 * Validates `text` as a scenario file and writes it to `path` (relative to
 * `cwd`). Refused, writing nothing: an invalid scenario, an existing file,
 * a name that is not .yaml/.yml/.json.
 */
export function saveRun(text: string, path: string, cwd = process.cwd()): SaveOutcome {
  const target = isAbsolute(path) ? path : resolve(cwd, path);
  if (!/\.(ya?ml|json)$/i.test(target)) return { refused: `${target}: a scenario file ends in .yaml; add it to the name` };
  try {
    loadScenarioText(text, target);
  } catch (err) {
    const why = err instanceof ContentError ? err.problems.map(formatProblem).join('; ') : errorMessage(err);
    return { refused: `the run is not a valid scenario, so nothing was written: ${why}` };
  }
  if (existsSync(target)) return { refused: `${target} already exists; choose another name (nothing was written)` };
  try {
    writeFileAtomic(target, text);
  } catch (err) {
    return { refused: `${target} could not be written: ${errorMessage(err)}` };
  }
  return { saved: target };
}

export interface SavedRuns {
  runs: Scenario[];
  /** Each file in the folder that does not load: "NAME:LINE: problem" (named, never opened). */
  problems: string[];
}

/** How "Your runs" names a saved run: its file name (two runs may share an id), neutralised. */
export function savedRunName(run: Scenario): string {
  return sanitizeLine(basename(run.origin?.file ?? run.id));
}

/** The saved runs in `<data>/runs/`, in file-name order; files that fail to load are reported, not fatal. */
export function listSavedRuns(env: NodeJS.ProcessEnv = process.env): SavedRuns {
  const dir = runsDir(env);
  if (!existsSync(dir)) return { runs: [], problems: [] };
  const runs: Scenario[] = [];
  const problems: string[] = [];
  for (const file of scenarioFiles(dir).sort()) {
    try {
      runs.push(loadScenarioFile(file, true));
    } catch (err) {
      // Short enough for one line of the list: the file's name, the line, the first problem.
      // A file name is data (a run shared by someone else keeps its name): neutralised like its content.
      const first = err instanceof ContentError ? err.problems[0] : undefined;
      problems.push(sanitizeLine(first ? `${basename(file)}:${first.line}: ${first.message}` : `${basename(file)}: ${errorMessage(err)}`));
    }
  }
  return { runs, problems };
}
