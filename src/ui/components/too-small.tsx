/**
 * Below 80x24 the screens cannot be laid out honestly: say what is needed,
 * and what works at any size (the plain commands print text and need no
 * terminal of any size). The screen underneath is only hidden.
 */
import { Text } from 'ink';
import { wrapText } from '../../render/lesson-wrap.js';
import type { TerminalSize } from '../use-terminal-size.js';

const MIN_COLUMNS = 80;
const MIN_ROWS = 24;

export function isTooSmall(size: TerminalSize): boolean {
  return size.columns < MIN_COLUMNS || size.rows < MIN_ROWS;
}

/** The notice, wrapped at words here: Ink's own wrap left a space at the start of a line that broke just before one. */
function tooSmallLines(size: TerminalSize): string[] {
  return wrapText(
    `fence-tutor needs a terminal of at least ${MIN_COLUMNS}x${MIN_ROWS}; this one is ${size.columns}x${size.rows}. Make the window larger to carry on where you were, or press q to quit. Text at any width: \`fence-tutor lesson 1 --plain\`, \`fence-tutor sim --scenario late-write --plain\`.`,
    size.columns,
  );
}

export function TooSmall({ size }: { size: TerminalSize }) {
  return <Text>{tooSmallLines(size).join('\n')}</Text>;
}
