/**
 * The terminal's size, kept current. Ink 6 has no useWindowSize (design.md,
 * trap 6): read stdout.columns/rows and listen to 'resize'.
 */
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface TerminalSize {
  columns: number;
  rows: number;
}

/** A pty with no size reports 0: treat it like an unknown size, not a zero one. */
function read(stdout: NodeJS.WriteStream): TerminalSize {
  return {
    columns: stdout.columns > 0 ? stdout.columns : 80,
    rows: stdout.rows > 0 ? stdout.rows : 24,
  };
}

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => read(stdout));
  useEffect(() => {
    const onResize = () => setSize(read(stdout));
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
