/**
 * The Lab screen after a run: the measured summary, the timeline (or, for
 * the PostgreSQL grid, its table: loaded only when a grid result arrives,
 * so the screen's first frame loads nothing of it), each mode's outcome, the
 * verdict, and where the evidence is.
 */
import { Box } from 'ink';
import { lazy, Suspense, useMemo } from 'react';
import { renderTimeline } from '../../../core/timeline/index.js';
import { describeModes, isGridResult, modeColumnWidth, outcomeWords, summaryLine } from '../../../lab/evidence/describe.js';
import { labTimeline } from '../../../lab/evidence/lab-timeline.js';
import type { LabResult } from '../../../lab/types.js';
import { useAppContext } from '../../app-context.js';
import { Text } from '../../components/text.js';

const GridOutcome = lazy(() => import('./grid-outcome.js').then((m) => ({ default: m.GridOutcome })));

export function Outcome({ result, evidenceWritten, width, maxRows }: { result: LabResult; evidenceWritten: boolean; width: number; maxRows: number }) {
  const { theme } = useAppContext();
  const grid = isGridResult(result);
  return (
    <Box flexDirection="column">
      <Text color={theme.color('muted')}>{summaryLine(result, theme.ascii)}</Text>
      {grid ? (
        <Suspense fallback={<Text color={theme.color('muted')}>the grid{theme.ascii ? '...' : '…'}</Text>}>
          <GridOutcome result={result} />
        </Suspense>
      ) : (
        <TimelineAndModes result={result} width={width} maxRows={maxRows} />
      )}
      <Text bold color={theme.color(result.verdict === 'expected' ? 'good' : 'bad')}>
        verdict: {result.verdict === 'expected' ? 'as expected' : 'UNEXPECTED'}
        {result.verdict === 'expected'
          ? ''
          : `: ${result.checks
              .filter((c) => !c.ok)
              .map((c) => c.text)
              .join('; ')}`}
      </Text>
      <Text color={theme.color('muted')}>
        {evidenceWritten
          ? `evidence: run.json ${theme.symbols.dot} report.txt ${theme.symbols.dot} timeline.txt in ${result.outDir}`
          : `ending the processes and writing the evidence${theme.ascii ? '...' : '…'}`}
      </Text>
    </Box>
  );
}

function TimelineAndModes({ result, width, maxRows }: { result: LabResult; width: number; maxRows: number }) {
  const { theme } = useAppContext();
  const lines = useMemo(() => describeModes(result), [result]);
  const modeWidth = modeColumnWidth(result);
  const timeline = useMemo(
    () => renderTimeline(labTimeline(result), { width: Math.max(40, width), ascii: theme.ascii, unit: 'ms' }),
    [result, width, theme.ascii],
  );
  const room = Math.max(0, maxRows - lines.length - 7);
  return (
    <>
      <Box flexDirection="column" marginTop={1}>
        {/* --narrate: the drawing is noise to a screen reader; the lines below say each mode's outcome, timeline.txt has the drawing. */}
        <Text>{theme.narrate ? 'The timeline is drawn in timeline.txt, with the evidence.' : timeline.slice(0, room).join('\n')}</Text>
      </Box>
      <Box flexDirection="column" marginTop={1}>
        {lines.map((m) => (
          <Text key={m.mode}>
            {m.mode.padEnd(modeWidth)} {m.value.padEnd(10)} <Text color={theme.color(m.protected ? 'good' : 'bad')}>{outcomeWords(m)}</Text> {m.text}
          </Text>
        ))}
      </Box>
    </>
  );
}
