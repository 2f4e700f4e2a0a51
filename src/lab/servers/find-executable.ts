/**
 * Finding a server's executable without running it: the explicit path if
 * given (it must be executable), else each name on PATH, then the Debian
 * locations. Never starts anything (the Lab screen asks this for its first
 * frame).
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const DEBIAN_DIRS = ['/usr/bin', '/usr/sbin', '/usr/local/bin'];

export function findExecutable(names: readonly string[], explicit?: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dirs = [...(env.PATH ?? '').split(delimiter).filter(Boolean), ...DEBIAN_DIRS];
  const candidates = explicit ? [explicit] : names.flatMap((name) => dirs.map((d) => join(d, name)));
  return candidates.find(isExecutable);
}

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
