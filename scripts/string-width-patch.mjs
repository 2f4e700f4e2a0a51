// A build-time patch of string-width (scripts/build-patches.mjs pins it and
// scripts/build.mjs applies it): its own module so that test/build/string-width-patch.test.ts can
// compare the patched widths with the originals without running a build.
/**
 * Ink measures text with string-width (8.x; wrap-ansi brings 7.x), which
 * tests every non-ASCII grapheme (a box-drawing line, an arrow, a bullet:
 * every screen has them) against an emoji pattern: /^\p{RGI_Emoji}$/v in
 * 8.x, emoji-regex's in 7.x. V8 compiles the RGI_Emoji one, a set of
 * thousands of strings, on first use and again when it tiers up: tens of
 * milliseconds before every screen's first frame (issue 18), for text that
 * holds no emoji. Every string either pattern matches holds a code point
 * with the Unicode property Emoji (UTS #51: each emoji sequence is built on
 * one: regional indicators, modifier bases, ...), and the only ASCII ones,
 * 0-9 # *, count only in a keycap sequence, which holds U+20E3. So testing
 * MAY_BE_EMOJI first, a plain code point class that costs next to nothing,
 * answers exactly as before, and a digit beside an arrow ("1 of 3 ›") no
 * longer compiles the big pattern. test/build/string-width-patch.test.ts
 * compares the patched widths with the originals.
 */
export const MAY_BE_EMOJI = '/[\\p{Emoji}--\\p{ASCII}]|\\u20E3/v';
const STRING_WIDTH_EMOJI_TESTS = [
  // string-width 8.x
  ['rgiEmojiRegex.test(segment)', '(__mayBeEmoji.test(segment) && rgiEmojiRegex.test(segment))'],
  // string-width 7.x (wrap-ansi's)
  ['emojiRegex().test(character)', '(__mayBeEmoji.test(character) && emojiRegex().test(character))'],
];
/** string-width's source with its emoji test guarded; unchanged when neither pattern is found (the build then fails). */
export function patchStringWidth(source) {
  let patched = source;
  for (const [eager, guarded] of STRING_WIDTH_EMOJI_TESTS) {
    if (patched.split(eager).length === 2) patched = patched.replace(eager, guarded);
  }
  return patched === source ? source : `const __mayBeEmoji = ${MAY_BE_EMOJI};\n${patched}`;
}
