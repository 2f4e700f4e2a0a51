/**
 * Where PostgreSQL's binaries are, found by looking for files and never by
 * running anything: the Lab screen asks this for its first frame, so it
 * imports nothing but node:fs and node:path (postgres-server.ts, which
 * launches the server, would bring the launcher and child_process along).
 */
import { readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { isExecutable } from '../servers/find-executable.js';

/** The Debian package that brings `initdb` and `postgres` (in /usr/lib/postgresql/VERSION/bin, not on PATH). */
export const POSTGRES_DEBIAN_PACKAGE = 'postgresql';

/** The folder holding `initdb` and `postgres`: the flag's, else PATH, else Debian's /usr/lib/postgresql/VERSION/bin (newest first). */
export function findPostgresBin(explicit?: string, env: NodeJS.ProcessEnv = process.env, debianRoot = '/usr/lib/postgresql'): string | undefined {
  const candidates = explicit ? [explicit] : [...(env.PATH ?? '').split(delimiter).filter(Boolean), ...debianBins(debianRoot)];
  return candidates.find((dir) => isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'postgres')));
}

function debianBins(root: string): string[] {
  try {
    return readdirSync(root)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => join(root, v, 'bin'));
  } catch {
    return [];
  }
}
