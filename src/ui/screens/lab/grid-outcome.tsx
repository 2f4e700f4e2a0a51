/**
 * The PostgreSQL isolation grid as the Lab screen shows it when the run is
 * done: one heading per isolation level, one row per sink check (A's stale
 * write, B's write, whose value stayed, B lost). Loaded lazily by
 * lab-outcome.tsx, only for a grid result.
 */
import { Box } from 'ink';
import { useMemo } from 'react';
import { gridTableLines } from '../../../lab/evidence/grid-table.js';
import type { LabResult } from '../../../lab/types.js';
import { useAppContext } from '../../app-context.js';
import { Text } from '../../components/text.js';

export function GridOutcome({ result }: { result: LabResult }) {
  const { theme } = useAppContext();
  const lines = useMemo(() => gridTableLines(result), [result]);
  return (
    <Box flexDirection="column" marginTop={1} marginBottom={1}>
      {lines.map((line, i) => (
        <Text
          // biome-ignore lint/suspicious/noArrayIndexKey: the table's lines are fixed once the run is done
          key={i}
          bold={line.kind !== 'cell'}
          color={line.kind === 'header' ? theme.color('muted') : line.lost ? theme.color('bad') : undefined}
        >
          {line.text}
        </Text>
      ))}
    </Box>
  );
}
