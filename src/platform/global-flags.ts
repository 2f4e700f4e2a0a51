/**
 * The flags every command takes (`fence-tutor --ascii lesson 1`), as one
 * typed object. The CLI parses them once (src/cli/global-flags.ts) and
 * hands this down; nothing below re-checks `typeof flags.x === 'string'`.
 * In platform because the ui reads it too (the app's context).
 */
export interface GlobalFlags {
  plain: boolean;
  ascii: boolean;
  /** False with `--no-color`. */
  color: boolean;
  reducedMotion: boolean;
  narrate: boolean;
  /** `--content DIR`: an instructor content directory, checked before any command runs. */
  content?: string | undefined;
}

/** No flags given (the app in tests, a command's defaults). */
export const NO_GLOBAL_FLAGS: GlobalFlags = { plain: false, ascii: false, color: true, reducedMotion: false, narrate: false };
