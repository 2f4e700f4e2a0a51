// Types for scripts/string-width-patch.mjs, for test/build/string-width-patch.test.ts.
/** The guard's regular expression literal, as the patch writes it. */
export const MAY_BE_EMOJI: string;
export function patchStringWidth(source: string): string;
