// Types for scripts/string-width-patch.mjs, for test/build/string-width-patch.test.ts.
import type { Plugin } from 'esbuild';
/** The guard's regular expression literal, as the patch writes it. */
export const MAY_BE_EMOJI: string;
export function patchStringWidth(source: string): string;
export const stringWidthEmojiFirst: Plugin;
