// Third-party source the build patches by string replacement, each pinned to
// the version it was written against. Issue 15: a patch is allowed only where
// a test pins it to its dependency's version and the build fails loudly when
// its pattern is gone. test/build/build-patches.test.ts checks every pinned
// version against node_modules and that each patch still changes its file;
// the build stops with an error (never a warning) on a file it cannot patch.
// After upgrading one of these packages: check the pattern still means what
// the comment says, then update `version`.
/**
 * @typedef {{ dir: string, file: string, version: string }} PatchedPackage
 * @typedef {{ name: string, why: string, filter: RegExp, packages: PatchedPackage[], apply: (source: string) => string }} BuildPatch
 */

/** @type {BuildPatch[]} */
export const PATCHES = [
  {
    name: 'yoga-without-fetch',
    why:
      "yoga-layout (Ink's layout engine) ships its WebAssembly as a base64 data: URI and, finding a global fetch, " +
      'loads it through fetch(): in Node that loads undici, tens of milliseconds before the first frame. ' +
      'Telling it there is no fetch makes it decode the base64 itself (its own fallback path). ' +
      'Kept (issue 32, goal: every first frame <= 3.0x node -e 0 in a pty): without it, side by side on a loaded machine, ' +
      'every screen was slower in one run (home 3.05x -> 3.89x, lab 3.55x -> 4.17x), three of five in the other, and ' +
      'every screen held 3-12 MB more in both.',
    filter: /yoga-layout[\\/]dist[\\/]binaries[\\/].*\.js$/,
    packages: [{ dir: 'yoga-layout', file: 'dist/binaries/yoga-wasm-base64-esm.js', version: '3.2.1' }],
    apply: (source) => source.replaceAll('"function"!=typeof fetch', 'true'),
  },
];

/** The patched source, or an esbuild error naming the patch and the fix. */
export function patchOrFail(patch, source, path) {
  const contents = patch.apply(source);
  if (contents !== source) return { contents, loader: 'js' };
  const pinned = patch.packages.map((p) => `${p.dir}@${p.version}`).join(', ');
  return {
    errors: [
      {
        text: `${patch.name}: its pattern is not in ${path}. It was written for ${pinned}; a newer version changed the code. See scripts/build-patches.mjs: rewrite or drop the patch, then update its version.`,
      },
    ],
  };
}

/** An esbuild plugin applying one patch by name. */
export function patchPlugin(name) {
  const patch = PATCHES.find((p) => p.name === name);
  if (!patch) throw new Error(`no build patch named ${name}`);
  return {
    name,
    setup(b) {
      b.onLoad({ filter: patch.filter }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        return patchOrFail(patch, await readFile(args.path, 'utf8'), args.path);
      });
    },
  };
}
