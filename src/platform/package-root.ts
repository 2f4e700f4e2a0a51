/**
 * Shipped content (lessons/, quizzes/, scenarios/) is found relative to the
 * installed package, never the working directory: walk up from this module
 * until the package.json that names us. Works from src/ (tests) and dist/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: { root: string; version: string } | undefined;

function locate(): { root: string; version: string } {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'fence-tutor') {
        cached = { root: dir, version: pkg.version ?? '0.0.0' };
        return cached;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('fence-tutor: cannot find its own package.json');
    dir = parent;
  }
}

export function packageRoot(): string {
  return locate().root;
}

export function toolVersion(): string {
  return locate().version;
}

/** A folder of shipped content: `lessons`, `quizzes`, `scenarios` or `challenges`. */
export function shippedDir(kind: 'lessons' | 'quizzes' | 'scenarios' | 'challenges'): string {
  return join(packageRoot(), kind);
}
