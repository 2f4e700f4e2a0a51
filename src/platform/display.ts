/**
 * How the app may draw, decided once by the CLI (cli/terminal.ts, decideDisplay)
 * and read by the screens: a platform type so ui need not import cli.
 */
export interface Display {
  /** Ink may start: both stdin and stdout are TTYs and neither --plain nor --json. */
  interactive: boolean;
  ascii: boolean;
  color: boolean;
  reducedMotion: boolean;
  narrate: boolean;
  /** Columns for plain output: the terminal's, else 80. */
  columns: number;
  rows: number;
}
