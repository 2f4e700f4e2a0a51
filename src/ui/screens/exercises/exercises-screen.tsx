/**
 * Exercises: the list with each one's status (or the tool it needs), start
 * one (the path to edit is shown), check it, watch its file and check again
 * on every save. All the work runs in child processes of the tutor's own
 * commands (cli-child.ts), so the screen keeps drawing and Ctrl-C quits at
 * once; leaving the screen stops a running check and the watch.
 */
import type { FSWatcher } from 'node:fs';
import { watch } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { findExercise } from '../../../content/exercise/exercise-registry.js';
import type { ExerciseReport } from '../../../exercises/types.js';

import { exerciseToolHint, missingExerciseTools } from './exercise-tools.js';
import { useAppContext } from '../../app-context.js';
import { useScreenInput } from '../../use-screen-input.js';
import { type CliChild, runCliChild } from './cli-child.js';
import { type ExerciseListRow, reportSummaryLines, statusText, titleCell } from './exercise-lines.js';

type Phase = { kind: 'idle' } | { kind: 'busy'; what: string } | { kind: 'report'; report: ExerciseReport } | { kind: 'message'; text: string; bad: boolean };

const FILES: Record<string, string> = {};

export function ExercisesScreen() {
  const { theme, area, services } = useAppContext();
  const ellipsis = theme.ascii ? '...' : '…';
  // Tests replace the child processes and the tool lookup through the App's services.
  const runCli = services.runCli ?? runCliChild;
  const [rows, setRows] = useState<ExerciseListRow[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [selected, setSelected] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [watching, setWatching] = useState<string | null>(null);
  const child = useRef<CliChild | null>(null);
  const watcher = useRef<FSWatcher | null>(null);
  const missingTools = useMemo(() => services.missingTools ?? missingExerciseTools(), [services.missingTools]);
  const row = rows?.[selected];

  const loadList = useCallback(async () => {
    const out = await runCli(['exercises', '--json']).done;
    try {
      const parsed = JSON.parse(out.stdout) as { exercises: (ExerciseListRow & { file?: string })[] };
      setRows(parsed.exercises);
    } catch {
      setListError(out.stderr.trim() || 'the exercises could not be listed');
    }
  }, [runCli]);
  useEffect(() => {
    void loadList();
  }, [loadList]);
  // Leaving the screen ends what it started.
  useEffect(
    () => () => {
      child.current?.stop();
      watcher.current?.close();
    },
    [],
  );

  const run = useCallback(
    async (args: string[], what: string): Promise<{ code: number | null; stdout: string; stderr: string } | undefined> => {
      child.current?.stop();
      setPhase({ kind: 'busy', what });
      const started = runCli(args);
      child.current = started;
      const out = await started.done;
      if (child.current !== started) return undefined; // replaced by a newer run
      child.current = null;
      return out;
    },
    [runCli],
  );

  const check = useCallback(
    async (target: ExerciseListRow) => {
      const out = await run(
        ['exercise', 'check', target.id, '--json', ...(target.dir ? ['--dir', target.dir] : [])],
        `checking ${target.id}: your code runs in its own process${ellipsis}`,
      );
      if (!out) return;
      try {
        setPhase({ kind: 'report', report: JSON.parse(out.stdout) as ExerciseReport });
      } catch {
        setPhase({ kind: 'message', text: out.stderr.trim() || `the check ended with status ${out.code}`, bad: true });
      }
      void loadList();
    },
    [run, loadList, ellipsis],
  );

  const start = useCallback(
    async (target: ExerciseListRow) => {
      const out = await run(['exercise', 'start', target.id, ...(target.dir ? ['--dir', target.dir] : [])], `starting ${target.id}${ellipsis}`);
      if (!out) return;
      const edit = /Edit:\s+(\S.*)$/m.exec(out.stdout)?.[1];
      if (edit) FILES[target.id] = edit.trim();
      setPhase({ kind: 'message', text: (out.code === 0 ? out.stdout : out.stderr).trim(), bad: out.code !== 0 });
      void loadList();
    },
    [run, loadList, ellipsis],
  );

  const toggleWatch = useCallback(
    (target: ExerciseListRow) => {
      watcher.current?.close();
      watcher.current = null;
      if (watching === target.id) {
        setWatching(null);
        return;
      }
      const file = FILES[target.id] ?? (target.dir ? join(target.dir, fileNameOf(target)) : undefined);
      if (!file || target.status === 'new') {
        setPhase({ kind: 'message', text: `Start ${target.id} first (s): there is no file to watch yet.`, bad: true });
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      watcher.current = watch(dirname(file), (_e, name) => {
        if (name?.toString() !== basename(file)) return;
        clearTimeout(timer);
        timer = setTimeout(() => void check(target), 60);
      });
      setWatching(target.id);
      void check(target);
    },
    [watching, check],
  );

  useScreenInput('exercises', (action) => {
    if (!rows || rows.length === 0) return;
    const target = rows[selected];
    switch (action) {
      case 'up':
        setSelected((i) => (i + rows.length - 1) % rows.length);
        break;
      case 'down':
        setSelected((i) => (i + 1) % rows.length);
        break;
      case 'start':
        if (target) void start(target);
        break;
      case 'check': {
        if (!target) break;
        const missing = target.needs.find((n) => missingTools.includes(n));
        if (missing) {
          setPhase({ kind: 'message', text: `${target.id} needs ${missing}: ${exerciseToolHint(missing)}`, bad: true });
        } else if (target.status === 'new') setPhase({ kind: 'message', text: `Start ${target.id} first (s).`, bad: true });
        else void check(target);
        break;
      }
      case 'watch':
        if (target) toggleWatch(target);
        break;
    }
  });

  const sym = theme.symbols;
  const listHeight = rows?.length ?? 1;
  const resultRows = Math.max(3, area.rows - listHeight - 7);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        Exercises {sym.separator} write the code, the tutor checks it on real processes
      </Text>
      {listError ? <Text color={theme.color('bad')}>{listError}</Text> : null}
      {rows === null && !listError ? <Text color={theme.color('muted')}>reading the exercises{ellipsis}</Text> : null}
      <Box flexDirection="column" marginTop={1}>
        {(rows ?? []).map((r, i) => {
          const status = statusText(r, missingTools);
          return (
            <Text key={r.id} color={i === selected ? theme.color('selected') : undefined} bold={i === selected}>
              {i === selected ? sym.pointer : ' '} {r.id.padEnd(17)} {titleCell(r.title, area.columns, theme.ascii)}{' '}
              <Text color={status.startsWith('needs') ? theme.color('bad') : status === 'passed' ? theme.color('good') : theme.color('muted')}>{status}</Text>
              {watching === r.id ? <Text color={theme.color('accent')}> (watching)</Text> : null}
            </Text>
          );
        })}
      </Box>
      <Box flexDirection="column" marginTop={1}>
        {phase.kind === 'busy' ? <Text color={theme.color('muted')}>{phase.what}</Text> : null}
        {phase.kind === 'message' ? (
          <Text color={phase.bad ? theme.color('bad') : undefined}>{phase.text.split('\n').slice(0, resultRows).join('\n')}</Text>
        ) : null}
        {phase.kind === 'report' ? (
          <Text>
            {reportSummaryLines(phase.report, { width: area.columns - 2, ascii: theme.ascii, rows: resultRows, id: phase.report.exercise }).join('\n')}
          </Text>
        ) : null}
        {phase.kind === 'idle' && row ? (
          <Text color={theme.color('muted')}>
            s start {row.id} (writes the file to edit) {sym.dot} c check it {sym.dot} w watch it (check on every save)
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}

/** The learner's file name, from the exercise's manifest. */
function fileNameOf(row: ExerciseListRow): string {
  return findExercise(row.id)?.file ?? 'sink.mjs';
}
