/** Where scenario files are and how they are read: shared by the full and the quick loader. */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { shippedDir } from '../../platform/package-root.js';
import { SHIPPED_ORDER } from './scenario-validate.js';
import { readContentText } from '../shared/read-text.js';

const EXTENSIONS = ['.yaml', '.yml', '.json'];

/** The text of a file, or a ContentError naming it and saying what to do. */
export function readScenarioText(path: string): string {
  return readContentText(path, 'a scenario file', 'give the path of a scenario file (.yaml or .json)');
}

/** Scenario files in a folder (none if it does not exist). */
export function scenarioFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => /\.(ya?ml|json)$/.test(n)).map((n) => join(dir, n));
}

/** The files that would hold scenario `id` if it is named after it. */
export function candidateFiles(dir: string, id: string): string[] {
  return EXTENSIONS.map((ext) => join(dir, id + ext));
}

/** Curriculum position of a shipped id; others after, by id. */
export function orderKey(id: string): number {
  const i = SHIPPED_ORDER.indexOf(id);
  return i === -1 ? SHIPPED_ORDER.length : i;
}

/** The ids a user may pass to `--scenario`, for "did you mean" messages. */
export function shippedScenarioIds(dir = shippedDir('scenarios')): string[] {
  return scenarioFiles(dir)
    .map((f) => basename(f).replace(/\.(ya?ml|json)$/, ''))
    .sort((a, b) => orderKey(a) - orderKey(b) || a.localeCompare(b));
}
