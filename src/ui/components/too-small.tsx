/** Below 80x24 the screens cannot be laid out honestly: say what is needed. */
import { Text } from 'ink';
import type { TerminalSize } from '../use-terminal-size.js';

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

export function isTooSmall(size: TerminalSize): boolean {
  return size.columns < MIN_COLUMNS || size.rows < MIN_ROWS;
}

export function TooSmall({ size }: { size: TerminalSize }) {
  return (
    <Text wrap="wrap">
      fence-tutor needs a terminal of at least {MIN_COLUMNS}x{MIN_ROWS}; this one is {size.columns}x{size.rows}.
      Make the window larger, or press q to quit and run `fence-tutor --plain`.
    </Text>
  );
}
