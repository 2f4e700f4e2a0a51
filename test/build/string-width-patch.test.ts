/**
 * Issue 18: the build guards string-width's emoji test (every screen's
 * first frame used to compile /^\p{RGI_Emoji}$/v, a set of thousands of
 * strings, for box-drawing lines and arrows): scripts/string-width-patch.mjs.
 * The guard must change no width: checked here on both copies Ink uses (8.x,
 * and wrap-ansi's 7.x) against the originals, over the symbol and emoji
 * blocks alone and with variation selectors, and over every kind of emoji
 * sequence. (Checked once over every code point as well, too slow for the
 * suite: no string without an Emoji code point other than 0-9 # *, or
 * U+20E3, matches either pattern.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { patchPlugin } from '../../scripts/build-patches.mjs';
import { patchStringWidth } from '../../scripts/string-width-patch.mjs';
import { root } from '../cli/cli-run.js';

type Width = (s: string) => number;
const COPIES = {
  '8.x': join(root, 'node_modules/string-width/index.js'),
  '7.x (wrap-ansi)': join(root, 'node_modules/wrap-ansi/node_modules/string-width/index.js'),
};

/** Both copies bundled as they are, or with the build's patch. */
async function widths(patched: boolean): Promise<Record<keyof typeof COPIES, Width>> {
  const r = await build({
    stdin: {
      contents: Object.entries(COPIES)
        .map(([, file], i) => `export { default as w${i} } from ${JSON.stringify(file)};`)
        .join('\n'),
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'error',
    plugins: patched ? [patchPlugin('string-width-emoji-first')] : [],
  });
  const code = r.outputFiles[0]!.text;
  const m = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, Width>;
  return { '8.x': m.w0!, '7.x (wrap-ansi)': m.w1! };
}

/** Code points of the blocks where text and emoji presentation meet, alone and with each variation selector. */
function corpus(): string[] {
  const out: string[] = [];
  // ASCII and Latin-1 (© ®), punctuation to dingbats and symbols (arrows, box drawing, ☺ ✔ ⭐), CJK marks, the emoji planes.
  const ranges: [number, number][] = [
    [0x20, 0xff],
    [0x2000, 0x2bff],
    [0x3000, 0x303f],
    [0x3290, 0x329f],
    [0x1f000, 0x1faff],
  ];
  for (const [from, to] of ranges) {
    for (let cp = from; cp <= to; cp++) {
      const s = String.fromCodePoint(cp);
      out.push(s, `${s}\uFE0F`);
    }
  }
  const sequences = [
    ...'0123456789#*'.split('').flatMap((k) => [`${k}\uFE0F\u20E3`, `${k}\u20E3`, `${k}\uFE0F`, k]),
    '🇫🇷',
    '🇺🇳',
    '🇦',
    '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
    '👍🏽',
    '🏽',
    '👨‍👩‍👧‍👦',
    '👩🏾‍💻',
    '🏳️‍🌈',
    '❤️‍🔥',
    '©️',
    '™',
    '↕️',
    'Quiz › practice · question 1 of 3',
    '─'.repeat(40),
    '1 ↑ of 3 ✔',
    '❯ 1 High 32 bits the leader epoch',
  ];
  return [...out, ...sequences];
}

describe('string-width with the emoji guard (scripts/string-width-patch.mjs)', () => {
  let original: Record<keyof typeof COPIES, Width>;
  let guarded: Record<keyof typeof COPIES, Width>;
  beforeAll(async () => {
    [original, guarded] = await Promise.all([widths(false), widths(true)]);
  }, 60_000);

  it('patches both copies (the pattern is found in each)', () => {
    for (const file of Object.values(COPIES)) {
      const source = readFileSync(file, 'utf8');
      expect(patchStringWidth(source), file).not.toBe(source);
      expect(patchStringWidth(source), file).toContain('__mayBeEmoji.test(');
    }
  });

  it.each(Object.keys(COPIES) as (keyof typeof COPIES)[])('%s: every width is what the original says', (copy) => {
    const differ: string[] = [];
    for (const s of corpus()) {
      if (guarded[copy](s) !== original[copy](s)) differ.push(`${JSON.stringify(s)}: ${guarded[copy](s)} vs ${original[copy](s)}`);
    }
    expect(differ).toEqual([]);
  });
});
