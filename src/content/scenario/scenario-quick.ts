/**
 * Loading for `sim` and `explore`, which must start almost as fast as
 * `node -e 0`: a plain scenario file is read by the small subset reader and
 * validated without loading the YAML library; anything else (or any
 * problem, whose lines the real parser reports best) goes through the full
 * loader, loaded on demand. Same results either way.
 */
import type { Scenario } from '../../core/types.js';
import { shippedDir } from '../../platform/package-root.js';
import { parseScenarioSubset } from './scenario-fast-yaml.js';
import { candidateFiles, readScenarioText } from './scenario-files.js';
import { SCENARIO_ID, scenarioFromParsed } from './scenario-validate.js';
import { MAX_CONTENT_BYTES } from '../shared/input-limits.js';

/**
 * The scenario in `text` by the subset reader alone; undefined when only the
 * full loader can judge it (YAML beyond the subset, a problem to report with
 * the real parser's line numbers, a file over the size cap).
 */
export function subsetScenarioText(text: string, file: string): Scenario | undefined {
  // Over the size cap: the full loader refuses it with the limit's message.
  const parsed = text.length > MAX_CONTENT_BYTES ? undefined : parseScenarioSubset(text, file);
  if (!parsed) return undefined;
  try {
    return scenarioFromParsed(parsed, file);
  } catch {
    return undefined;
  }
}

/** The scenario in `text`, by the quick path when it can, else by the full loader. */
export async function quickScenarioText(text: string, file: string): Promise<Scenario> {
  const quick = subsetScenarioText(text, file);
  if (quick) return quick;
  const { loadScenarioText } = await import('./scenario-loader.js');
  return loadScenarioText(text, file);
}

/**
 * quickScenarioFile and quickFindScenario without the full loader, for the
 * fast command path: the same scenario when the subset reader decides it
 * alone, else undefined (the caller then takes the async path, which
 * decides the rest). A file that cannot be read throws the same ContentError.
 */
export function subsetScenarioFile(path: string, local = true): Scenario | undefined {
  const scenario = subsetScenarioText(readScenarioText(path), path);
  if (scenario) scenario.origin = { file: path, local };
  return scenario;
}

/**
 * The scenario `flags` name (exactly one of --scenario ID, shipped, or
 * --scenario-file FILE; no --content) when the subset reader decides it
 * alone; else undefined (the full path decides the rest).
 */
export function subsetScenarioOf(flags: {
  scenario?: string | undefined;
  scenarioFile?: string | undefined;
  content?: string | undefined;
}): Scenario | undefined {
  if (flags.content !== undefined || (flags.scenario === undefined) === (flags.scenarioFile === undefined)) return undefined;
  return flags.scenarioFile !== undefined ? subsetScenarioFile(flags.scenarioFile) : subsetFindScenario(flags.scenario!);
}

export function subsetFindScenario(id: string, dir = shippedDir('scenarios'), local = false): Scenario | undefined {
  if (!SCENARIO_ID.test(id)) return undefined;
  for (const path of candidateFiles(dir, id)) {
    let text: string;
    try {
      text = readScenarioText(path);
    } catch {
      continue;
    }
    const s = subsetScenarioText(text, path);
    if (!s) return undefined;
    if (s.id === id) {
      s.origin = { file: path, local };
      return s;
    }
  }
  return undefined;
}

export async function quickScenarioFile(path: string, local = true): Promise<Scenario> {
  const scenario = await quickScenarioText(readScenarioText(path), path);
  scenario.origin = { file: path, local };
  return scenario;
}

/** A scenario by id from a folder of files named after their ids (the shipped one by default). */
export async function quickFindScenario(id: string, dir = shippedDir('scenarios'), local = false): Promise<Scenario | undefined> {
  if (!SCENARIO_ID.test(id)) return undefined;
  for (const path of candidateFiles(dir, id)) {
    let text: string;
    try {
      text = readScenarioText(path);
    } catch {
      continue;
    }
    const s = await quickScenarioText(text, path);
    if (s.id === id) {
      s.origin = { file: path, local };
      return s;
    }
  }
  const { loadScenarioDir } = await import('./scenario-loader.js');
  return loadScenarioDir(dir, local).find((s) => s.id === id);
}
