/**
 * Issue 15: the build patches third-party source by string replacement only
 * where a test pins each patch to its dependency's version and the build
 * fails loudly when the pattern is gone (scripts/build-patches.mjs). An
 * upgrade of a patched package fails here first, naming the patch to review.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATCHES, patchOrFail } from '../../scripts/build-patches.mjs';

const root = new URL('../..', import.meta.url).pathname;
const modules = join(root, 'node_modules');

describe.each(PATCHES)('build patch $name', (patch) => {
  it.each(patch.packages)('is pinned to the installed $dir', (pkg) => {
    const installed = (JSON.parse(readFileSync(join(modules, pkg.dir, 'package.json'), 'utf8')) as { version: string }).version;
    expect(installed, `${pkg.dir} is ${installed}, the patch ${patch.name} was written for ${pkg.version}: review it`).toBe(pkg.version);
  });

  it.each(patch.packages)('still changes $dir/$file, which its filter selects', (pkg) => {
    const path = join(modules, pkg.dir, pkg.file);
    expect(patch.filter.test(path)).toBe(true);
    const source = readFileSync(path, 'utf8');
    const result = patchOrFail(patch, source, path);
    expect(result.errors).toBeUndefined();
    expect(result.contents).not.toBe(source);
  });

  it('fails the build, naming itself and the pinned version, when the pattern is gone', () => {
    const result = patchOrFail(patch, 'export const nothing = 1;\n', '/x/index.js');
    expect(result.contents).toBeUndefined();
    expect(result.errors?.[0]?.text).toContain(patch.name);
    expect(result.errors?.[0]?.text).toContain(`@${patch.packages[0]!.version}`);
  });
});
