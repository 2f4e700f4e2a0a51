/**
 * Scenario files (spec sections 1 and 2): YAML or JSON in, a typed Scenario
 * out, or a ContentError listing every problem with its file, line and fix.
 * Nothing runs before the whole file is valid. The rules live in
 * scenario-validate.ts; `sim` and `explore` load through scenario-quick.ts,
 * which skips the YAML library for plain files.
 */
import type { Scenario } from '../../core/types.js';
import { shippedDir } from '../../platform/package-root.js';
import { candidateFiles, orderKey, readScenarioText, scenarioFiles } from './scenario-files.js';
import { SCENARIO_ID, scenarioFromParsed } from './scenario-validate.js';
import { MAX_CONTENT_BYTES, parseYaml } from '../shared/yaml.js';
import { readBoundedText } from '../../platform/bounded-read.js';

/** Parses and validates scenario text; `file` names it in messages. */
export function loadScenarioText(text: string, file: string): Scenario {
  return scenarioFromParsed(parseYaml(text, file), file);
}

/** Reads, parses and validates a scenario file. */
export function loadScenarioFile(path: string, local = true): Scenario {
  const scenario = loadScenarioText(readScenarioText(path), path);
  scenario.origin = { file: path, local };
  return scenario;
}

/** Every scenario in a folder, in curriculum order, then by id. */
export function loadScenarioDir(dir: string, local: boolean): Scenario[] {
  const all = scenarioFiles(dir).map((f) => loadScenarioFile(f, local));
  return all.sort((a, b) => orderKey(a.id) - orderKey(b.id) || a.id.localeCompare(b.id));
}

/** The scenarios shipped with the tool (the top-level `scenarios/` folder). */
export function listShippedScenarios(): Scenario[] {
  return loadScenarioDir(shippedDir('scenarios'), false);
}

/** One shipped scenario by id. */
export function findShippedScenario(id: string, dir = shippedDir('scenarios')): Scenario | undefined {
  return findScenarioIn(id, dir, false);
}

/**
 * A scenario by id from a folder. Reads only `<id>.yaml` when it exists (the
 * shipped files are named after their ids), so it parses one file, not seven.
 */
export function findScenarioIn(id: string, dir: string, local: boolean): Scenario | undefined {
  if (!SCENARIO_ID.test(id)) return undefined;
  for (const path of candidateFiles(dir, id)) {
    let text: string;
    try {
      text = readBoundedText(path, MAX_CONTENT_BYTES);
    } catch {
      continue;
    }
    const s = loadScenarioText(text, path);
    if (s.id === id) {
      s.origin = { file: path, local };
      return s;
    }
  }
  return loadScenarioDir(dir, local).find((s) => s.id === id);
}
