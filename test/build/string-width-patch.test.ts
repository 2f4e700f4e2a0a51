/**
 * Issue 32: the build patch string-width-plain-glyphs (scripts/build-patches.mjs)
 * measures a line made only of "plain glyphs" (Latin, general punctuation,
 * arrows, box drawing, shapes, dingbats) code point by code point, and builds
 * the RGI emoji set on its first use. It must change no width: checked here
 * against the unpatched module, bundled side by side, over every code point
 * of the class alone and followed by what could join it into one grapheme
 * (a combining mark, a variation selector, a joiner, a skin tone), and over
 * lines that mix the class with everything else. Exactness rests on each code
 * point of the class being a grapheme of its own whatever its neighbours:
 * checked here too, with the same Intl.Segmenter string-width uses.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { PATCHES, patchPlugin } from '../../scripts/build-patches.mjs';

type Width = (s: string, options?: { ambiguousIsNarrow?: boolean; countAnsiEscapeCodes?: boolean }) => number;

const root = new URL('../..', import.meta.url).pathname;
const STRING_WIDTH = join(root, 'node_modules/string-width/index.js');
const WRAP_ANSI_COPY = join(root, 'node_modules/wrap-ansi/node_modules/string-width/index.js');

/** The class the patch's fast path accepts, as [first, last] code points (the patch's own regex is checked against it below). */
const PLAIN: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0x2ff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2070, 0x20cf],
  [0x2100, 0x2bff],
];

function plainCodePoints(): number[] {
  const out: number[] = [];
  for (const [from, to] of PLAIN) for (let cp = from; cp <= to; cp++) out.push(cp);
  return out;
}

async function bundled(patched: boolean): Promise<Width> {
  const r = await build({
    stdin: { contents: `export { default } from ${JSON.stringify(STRING_WIDTH)};`, resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'error',
    plugins: patched ? [patchPlugin('string-width-plain-glyphs')] : [],
  });
  const code = r.outputFiles[0]!.text;
  const m = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: Width };
  return m.default;
}

/** A deterministic generator (no flake, the same lines every run). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('string-width with the plain-glyphs patch', () => {
  let original: Width;
  let patched: Width;
  beforeAll(async () => {
    [original, patched] = await Promise.all([bundled(false), bundled(true)]);
  }, 60_000);

  const patch = PATCHES.find((p) => p.name === 'string-width-plain-glyphs')!;

  it("patches Ink's string-width and leaves wrap-ansi's own copy (another version) alone", () => {
    expect(patch.filter.test(STRING_WIDTH)).toBe(true);
    expect(patch.skip?.test(STRING_WIDTH)).toBe(false);
    expect(patch.filter.test(WRAP_ANSI_COPY)).toBe(true);
    expect(patch.skip?.test(WRAP_ANSI_COPY)).toBe(true);
  });

  it("the patch's class is exactly the ranges checked here", () => {
    const source = patch.apply(`const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;\nconst eastAsianWidthOptions = {ambiguousAsWide: !ambiguousIsNarrow};`);
    const m = /\/\^\[([^\]]+)\]\*\$\//.exec(source);
    expect(m).not.toBeNull();
    const cls = new RegExp(`^[${m![1]}]$`, 'u');
    const inClass: number[] = [];
    for (let cp = 0; cp <= 0x2fff; cp++) if (cls.test(String.fromCodePoint(cp))) inClass.push(cp);
    expect(inClass).toEqual(plainCodePoints());
  });

  it('every code point of the class is a grapheme of its own, whatever stands beside it', () => {
    const segmenter = new Intl.Segmenter();
    const neighbours = ['a', ' ', '─', '❯', 'é', '⌚', '\u00ad'];
    const joined: string[] = [];
    for (const cp of plainCodePoints()) {
      const c = String.fromCodePoint(cp);
      for (const n of neighbours) {
        for (const pair of [`${n}${c}`, `${c}${n}`, `${c}${c}`]) {
          if ([...segmenter.segment(pair)].length !== [...pair].length) joined.push(JSON.stringify(pair));
        }
      }
    }
    expect(joined).toEqual([]);
  });

  it('every code point of the class, alone and with what could join it, is as wide as the original says', () => {
    const differ: string[] = [];
    const joiners = ['', '\u0301', '\ufe0f', '\ufe0e', '\u200d', '\u200d\u2764', '\u{1f3fd}', '\u20e3'];
    for (const cp of plainCodePoints()) {
      for (const j of joiners) {
        const s = `${String.fromCodePoint(cp)}${j}`;
        if (patched(s) !== original(s)) differ.push(`${JSON.stringify(s)}: ${patched(s)} vs ${original(s)}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('mixed lines, coloured lines, emoji and the options are as wide as the original says', () => {
    const plain = plainCodePoints();
    const others = [0x0301, 0x200b, 0x200d, 0xfe0f, 0x1f44d, 0x1f3fd, 0x4e2d, 0xac00, 0x1100, 0x1161, 0x0e01, 0x0e31, 0x1f1eb, 0x1f1f7, 0x09, 0x1b];
    const next = lcg(32);
    const lines: string[] = [
      '╭──────────────╮',
      '│ ❯ 1 Continue · 4. Where the token lives — and why … │',
      '\u001b[1m❯\u001b[22m fencing ON ✔ ⏸ ⌚ ☺',
      '👍🏽 a family: 👨‍👩‍👧‍👦 a flag: 🇫🇷 a keycap: 1️⃣',
      'soft\u00adhyphen, zero\u200bwidth',
      '',
    ];
    for (let i = 0; i < 2000; i++) {
      let s = '';
      const length = 1 + Math.floor(next() * 30);
      const mixed = next() < 0.3;
      for (let k = 0; k < length; k++) {
        const pool = mixed && next() < 0.2 ? others : plain;
        s += String.fromCodePoint(pool[Math.floor(next() * pool.length)]!);
      }
      lines.push(s);
    }
    const differ: string[] = [];
    for (const s of lines) {
      for (const options of [undefined, { ambiguousIsNarrow: false }, { countAnsiEscapeCodes: true }]) {
        if (patched(s, options) !== original(s, options))
          differ.push(`${JSON.stringify(s)} ${JSON.stringify(options)}: ${patched(s, options)} vs ${original(s, options)}`);
      }
    }
    expect(differ).toEqual([]);
  });
});
