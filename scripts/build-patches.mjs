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
 * @typedef {{ name: string, why: string, filter: RegExp, skip?: RegExp, packages: PatchedPackage[], apply: (source: string) => string }} BuildPatch
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
  {
    name: 'string-width-plain-glyphs',
    why:
      "string-width (Ink's measure of every line of every frame) sends any line that is not plain ASCII through " +
      'Intl.Segmenter and the /^\\p{RGI_Emoji}$/v set, which V8 builds in about 20 ms when the module loads and again ' +
      'on its first test: every frame has box-drawing borders, arrows and dashes. A line made only of code points that ' +
      'are each a grapheme of their own (Latin, general punctuation, arrows, box drawing, shapes, dingbats: no mark, ' +
      'joiner, variation selector or control) is measured code point by code point with the same East Asian Width ' +
      'lookup, and the emoji set is built on its first use. Widths unchanged: test/build/string-width-patch.test.ts ' +
      'checks every code point of those blocks and mixed lines against the original. Kept (issue 32, goal: every first ' +
      'frame <= 3.0x node -e 0 in a pty): see docs/performance.md, "Start-up pieces on and off".',
    filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
    // wrap-ansi's own string-width 7 (node_modules/wrap-ansi/node_modules/...) is another package: left as it is.
    skip: /[\\/]node_modules[\\/][^\\/]+[\\/]node_modules[\\/]/,
    packages: [{ dir: 'string-width', file: 'index.js', version: '8.3.0' }],
    apply: (source) => {
      const regex = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';
      const options = 'const eastAsianWidthOptions = {ambiguousAsWide: !ambiguousIsNarrow};';
      if (!source.includes(regex) || !source.includes(options)) return source;
      // Functions, not strings, as replacements: the pattern's `$'` would be a replacement pattern.
      return source.replace(regex, () => PLAIN_GLYPHS_LAZY_EMOJI).replace(options, () => `${options}\n${PLAIN_GLYPHS_FAST_PATH}`);
    },
  },
];

// string-width-plain-glyphs: the emoji set built on first use (the same pattern and flags)...
const PLAIN_GLYPHS_LAZY_EMOJI = `let rgiEmojiRegexBuilt;
const rgiEmojiRegex = {test: (segment) => (rgiEmojiRegexBuilt ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(segment)};`;
// ...and lines of single-code-point graphemes measured one code point at a time. The class: printable
// ASCII, U+00A0-02FF (Latin-1, Latin Extended, IPA, spacing modifiers: no combining mark), U+2010-2027 and
// U+2030-205E (general punctuation without the zero-width, bidirectional and invisible ones), U+2070-20CF
// (super/subscripts, currency: not the combining marks for symbols), U+2100-2BFF (letterlike, arrows,
// math, technical, box drawing, blocks, shapes, symbols, dingbats). U+00AD (soft hyphen) is a format character: 0.
const PLAIN_GLYPHS_FAST_PATH = `	if (/^[\\u0020-\\u007E\\u00A0-\\u02FF\\u2010-\\u2027\\u2030-\\u205E\\u2070-\\u20CF\\u2100-\\u2BFF]*$/.test(string)) {
		for (const character of string) {
			const codePoint = character.codePointAt(0);
			width += codePoint === 0xAD ? 0 : eastAsianWidth(codePoint, eastAsianWidthOptions);
		}
		return width;
	}`;

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
        if (patch.skip?.test(args.path)) return undefined;
        const { readFile } = await import('node:fs/promises');
        return patchOrFail(patch, await readFile(args.path, 'utf8'), args.path);
      });
    },
  };
}
