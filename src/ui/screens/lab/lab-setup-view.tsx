/**
 * The Lab screen before a run: the experiments (and the PostgreSQL grid),
 * each blurb wrapped under itself, what is missing on this machine with the
 * Debian package to install, and the settings the run will take.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { wrapWords } from '../../components/help-lines.js';
import { useAppContext } from '../../app-context.js';
import type { CoordinatorChoice } from './coordinator-list.js';
import type { LabEntry } from './experiment-list.js';

export interface LabSetupProps {
  entries: readonly LabEntry[];
  selected: number;
  /** What each entry needs that is not here, by entry name (tools, or `postgresql`). */
  missing: ReadonlyMap<string, readonly string[]>;
  /** The selected entry's missing pieces, each with its install line. */
  needsLines: readonly string[];
  coordinators: readonly CoordinatorChoice[];
  /** The settings line: what c, s and [/] set, as words. */
  coordinatorLabel: string;
  /** The sink the run will write to, and whether s changes it (the grid is PostgreSQL's alone); none where the sink is not the point. */
  sink: { label: string; key: boolean } | undefined;
  ttlMs: number;
}

/** Two spaces between the longest name and its blurb (the blurbs start in one column). */
const GAP = 2;

export function LabSetupView(props: LabSetupProps) {
  const { theme, area } = useAppContext();
  const sym = theme.symbols;
  const nameWidth = Math.max(...props.entries.map((e) => e.name.length)) + GAP;
  // The pointer and its space, then the name column: every line of a blurb starts here.
  const indent = 2 + nameWidth;
  const blurbWidth = Math.max(8, area.columns - 2 - indent);
  const selectedEntry = props.entries[props.selected];
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        Lab {sym.separator} the real thing, on this machine
      </Text>
      <Text color={theme.color('muted')}>Real processes: worker A is stopped with SIGSTOP while its lease runs out.</Text>
      <Box flexDirection="column" marginTop={1}>
        {props.entries.map((e, i) => {
          const needs = props.missing.get(e.name) ?? [];
          const lines = blurbLines(e.blurb, needs.length > 0 ? `(needs ${needs.join(' and ')})` : '', blurbWidth);
          const isSelected = i === props.selected;
          return (
            <Box key={e.name} flexDirection="column">
              {lines.map((line, n) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a blurb's lines, in order, change only with the width
                <Text key={`${e.name}:${n}`}>
                  {n === 0 ? (
                    <Text color={isSelected ? theme.color('selected') : undefined} bold={isSelected}>
                      {isSelected ? sym.pointer : ' '} {e.name.padEnd(nameWidth)}
                    </Text>
                  ) : (
                    ' '.repeat(indent)
                  )}
                  <Text color={theme.color('muted')}>{line.text}</Text>
                  {line.needs ? <Text color={theme.color('bad')}>{line.needs}</Text> : null}
                </Text>
              ))}
            </Box>
          );
        })}
      </Box>
      {props.needsLines.map((line) => (
        <Text key={line} color={theme.color('bad')}>
          {line}
        </Text>
      ))}
      <Text color={theme.color('muted')}>
        coordinators: {props.coordinators.map((c) => (c.needs ? `${c.kind} (needs ${c.needs}: apt-get install ${c.needs})` : c.kind)).join(', ')}
      </Text>
      <Box marginTop={1} flexDirection="column">
        <Text>
          c coordinator <Text bold>{props.coordinatorLabel}</Text>
          {props.sink ? (
            <>
              {'    '}
              {props.sink.key ? 's ' : ''}sink <Text bold>{props.sink.label}</Text>
            </>
          ) : null}
          {'    '}[/] TTL <Text bold>{props.ttlMs / 1000} s</Text>
        </Text>
        <Text>
          enter run <Text bold>{selectedEntry?.name}</Text>
        </Text>
      </Box>
    </Box>
  );
}

/**
 * A blurb in lines of the width, with the "needs" marker at the end of the
 * last line when it fits, else on a line of its own: wrapped here, not by
 * Ink, whose wrap keeps the space it broke at and indents the next line a
 * column further (issue 35).
 */
function blurbLines(blurb: string, needs: string, width: number): { text: string; needs?: string }[] {
  const lines: { text: string; needs?: string }[] = wrapWords(blurb, width).map((text) => ({ text }));
  if (!needs) return lines;
  const last = lines.at(-1);
  if (last && last.text.length + 1 + needs.length <= width) last.needs = ` ${needs}`;
  else lines.push({ text: '', needs });
  return lines;
}
