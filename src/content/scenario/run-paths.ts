/**
 * Where "Your runs" live: `<data>/runs/`. Apart from saved-runs.ts, which
 * reads and checks scenario files and so brings the YAML parser: the
 * simulator suggests a path as the learner saves, and its first frame does
 * without the parser (issue 32).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '../../platform/data-dir.js';

/** Where saved runs go unless the learner names another place. */
export function runsDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDir(env), 'runs');
}

/** `<data>/runs/ID.yaml`, or ID-2.yaml, ID-3.yaml, ... when taken. */
export function defaultRunPath(id: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = runsDir(env);
  for (let n = 1; ; n++) {
    const path = join(dir, n === 1 ? `${id}.yaml` : `${id}-${n}.yaml`);
    if (!existsSync(path)) return path;
  }
}
