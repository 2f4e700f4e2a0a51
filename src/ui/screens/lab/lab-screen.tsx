/**
 * The Lab: pick an experiment (or the PostgreSQL isolation grid), run it on
 * real processes, watch each step ticked off (a bar while waiting for the
 * lease to expire), then read the timeline and both modes side by side, or
 * the grid's table. It renders the lab's event stream, the same one
 * `fence-tutor lab` prints and writes as evidence. Leaving the screen (q)
 * while a run is going ends the run's processes; Ctrl-C says "stopping" at
 * once and quits when they are ended.
 *
 * Route params (all optional): experiment, coordinator, ttlMs, outDir,
 * etcdEndpoints, etcdBin, the Redis, ZooKeeper and PostgreSQL ones, sink, grid,
 * autostart, onResult (told each finished run); `runLab` replaces the runner
 * in tests.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { installHint, missingLabTools } from '../../../lab/tools.js';
import { findPostgresBin, POSTGRES_DEBIAN_PACKAGE } from '../../../lab/postgres/find-postgres.js';
import type { SinkKind } from '../../../lab/sink-kinds.js';
import type { CoordinatorKind, ExperimentName } from '../../../lab/types.js';
import { EXIT } from '../../../platform/exit-codes.js';
import type { RouteOf } from '../../../store/router-store.js';
import { useAppContext } from '../../app-context.js';
import { useFocusGuards } from '../../use-focus-guards.js';
import { useScreenInput } from '../../use-screen-input.js';
import { coordinatorChoices, nextCoordinator } from './coordinator-list.js';
import { GRID_ENTRY, LAB_ENTRIES } from './experiment-list.js';
import { LabSetupView } from './lab-setup-view.js';
import { Outcome } from './lab-outcome.js';
import { applyLabEvent, expiryBar, failedView, INITIAL_LAB_VIEW, isRunGoing, type LabViewState, startedView, stoppingView } from './lab-view-state.js';
import { errorMessage } from '../../../platform/error-message.js';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const SPINNER_ASCII = ['-', '\\', '|', '/'];
/** How long after its first frame a Lab screen opened by `fence-tutor lab` starts its run (about one of Ink's frames). */
const AUTOSTART_AFTER_MS = 40;

function useSpinner(active: boolean, frames: string[], still: boolean): string {
  const [i, setI] = useState(0);
  useEffect(() => {
    if (!active || still) return;
    const timer = setInterval(() => setI((n) => (n + 1) % frames.length), 120);
    return () => clearInterval(timer);
  }, [active, still, frames.length]);
  return still ? (frames === SPINNER ? '…' : '..') : (frames[i % frames.length] ?? '');
}

const SINK_TITLES: Record<SinkKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** The grid's nine cells: every isolation level with every sink check (loaded with a grid run only). */
async function everyCell(): Promise<NonNullable<RouteOf<'lab'>['grid']>> {
  const { ISOLATIONS, SINK_CHECKS } = await import('../../../lab/postgres/isolation-grid.js');
  return { isolations: [...ISOLATIONS], checks: [...SINK_CHECKS] };
}

function initialEntry(route: RouteOf<'lab'>): number {
  if (route.grid) return LAB_ENTRIES.indexOf(GRID_ENTRY);
  return Math.max(
    0,
    LAB_ENTRIES.findIndex((e) => !e.grid && e.experiment === route.experiment),
  );
}

export function LabScreen({ route }: { route: RouteOf<'lab'> }) {
  const { theme, area, services, router } = useAppContext();
  const [selected, setSelected] = useState(() => initialEntry(route));
  // Keys that arrive together act one after another before a re-render: s after a move reads the moved cursor here.
  const selectedRef = useRef(selected);
  const [coordinator, setCoordinator] = useState<CoordinatorKind>(route.coordinator ?? 'embedded');
  const [sink, setSink] = useState<SinkKind>(route.sink ?? 'sqlite');
  const [ttlMs, setTtlMs] = useState(route.ttlMs ?? 2000);
  const [view, setView] = useState<LabViewState>(INITIAL_LAB_VIEW);
  const abortRef = useRef<AbortController | null>(null);
  // The run going now: settles once it has ended every process it started (Ctrl-C waits for it).
  const runRef = useRef<Promise<void> | null>(null);
  const firstRun = useRef(true);
  const entry = LAB_ENTRIES[selected] ?? LAB_ENTRIES[0]!;
  const experiment = entry.experiment;
  const etcdBin = route.etcdBin;
  // Looked up once per screen, by looking for files: PATH does not change under a running tutor.
  const postgresHere = useMemo(
    () => route.postgresUrl !== undefined || findPostgresBin(route.postgresBin) !== undefined,
    [route.postgresUrl, route.postgresBin],
  );
  const missing = useMemo(
    () =>
      new Map(
        LAB_ENTRIES.map((e) => {
          const tools: string[] = missingLabTools(e.needs, etcdBin);
          return [e.name, e.grid && !postgresHere ? [...tools, POSTGRES_DEBIAN_PACKAGE] : tools];
        }),
      ),
    [etcdBin, postgresHere],
  );
  const coordinators = useMemo(() => coordinatorChoices(), []);
  const runSink: SinkKind = entry.grid ? 'postgres' : entry.sinkChoice ? sink : 'sqlite';
  // failover and restore start their own etcd, coordinator-restart its own Redis: the coordinator choice does not apply.
  const { onlyOn } = entry;
  // failover on ZooKeeper starts its own ensemble instead of etcd members (the catalogue's alsoOn).
  const ownEnsemble = (entry.alsoOn ?? []).includes(coordinator);
  const ownEtcd = entry.ownEtcd && !ownEnsemble;
  const runCoordinator: CoordinatorKind = ownEtcd ? 'etcd' : (onlyOn ?? coordinator);
  // Redis: late-write shows the lock's random value (no token); the others compare tokens, so INCR.
  const token = runCoordinator === 'redis' ? (route.token ?? (experiment === 'late-write' ? 'none' : 'incr')) : undefined;
  const fixed = ownEtcd ? 'its own etcd' : ownEnsemble ? 'its own ZooKeeper ensemble' : onlyOn ? `its own ${onlyOn}` : undefined;

  const start = useCallback(() => {
    if (isRunGoing(view)) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setView(startedView());
    const outDirFromRoute = firstRun.current ? route.outDir : undefined;
    firstRun.current = false;
    // The verdict shows (and the keys work) before the run has ended its
    // processes and written its evidence: a run started then waits for the
    // one before it to finish, never runs beside it.
    const before = runRef.current;
    // What this run reports is shown while it is the screen's run (not aborted, no newer run started).
    const current = () => !controller.signal.aborted && abortRef.current === controller;
    runRef.current = (async () => {
      await before;
      try {
        const run = services.runLab ?? (await import('../../../lab/runner/run-lab.js')).runLab;
        const { defaultOutDir } = await import('../../../lab/lab-options.js');
        const name: ExperimentName = experiment;
        const postgres = runSink === 'postgres';
        const result = await run(
          {
            experiment: name,
            coordinator: runCoordinator,
            ttlMs,
            outDir: outDirFromRoute ?? defaultOutDir(name),
            etcdEndpoints: route.etcdEndpoints,
            etcdBin: route.etcdBin,
            token,
            redisBin: route.redisBin,
            redisUrl: route.redisUrl,
            zookeeperHome: route.zookeeperHome,
            zookeeperConnect: route.zookeeperConnect,
            sink: runSink,
            postgresUrl: postgres ? route.postgresUrl : undefined,
            postgresBin: postgres ? route.postgresBin : undefined,
            grid: entry.grid ? (route.grid ?? (await everyCell())) : undefined,
            signal: controller.signal,
          },
          (event) => {
            if (current()) setView((v) => applyLabEvent(v, event));
          },
        );
        route.onResult?.(result);
        // Only onto this run's own view: a learner who went back to the list
        // (r, up/down) after the verdict stays there.
        if (current()) setView((v) => (v.phase === 'setup' ? v : { ...v, phase: 'done', result, evidenceWritten: true }));
      } catch (err) {
        if (current()) setView((v) => (v.phase === 'setup' ? v : failedView(v, errorMessage(err))));
      }
    })();
  }, [view, route, services, experiment, entry.grid, runSink, runCoordinator, ttlMs, token]);

  // Leaving the screen ends a run that is still going (its processes, its pidfile).
  useEffect(() => () => abortRef.current?.abort(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once, when opened by `fence-tutor lab`
  useEffect(() => {
    if (route.autostart !== true) return;
    // The first frame is written; the run's processes start after the terminal has had a moment to
    // show it: a run starts four to six processes at once, and on two cores they held the terminal
    // (and anything relaying the pty) off the CPU for tens of milliseconds (issue 32's first frames).
    const timer = setTimeout(start, AUTOSTART_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  const going = isRunGoing(view);
  // The hint line follows: while a run goes, only q (leave, which ends the run) does anything.
  useFocusGuards({
    keyContext: going ? 'lab-running' : null,
    // Ctrl-C during a run: "stopping" at once, the spinner turning while the run ends its
    // processes, then quit (130). A second Ctrl-C while stopping quits at once (the cleanup still waits).
    ctrlC: () => {
      if (view.phase !== 'running') return false;
      abortRef.current?.abort();
      setView(stoppingView);
      void runRef.current?.then(() => router.getState().quit(EXIT.interrupted));
      return true;
    },
  });
  // After a run, up/down go back to the list with the cursor moved, so that
  // enter runs the experiment the cursor is on (it used to re-run the last).
  const move = (delta: number) => {
    if (view.phase !== 'setup') setView(INITIAL_LAB_VIEW);
    selectedRef.current = (selectedRef.current + LAB_ENTRIES.length + delta) % LAB_ENTRIES.length;
    setSelected(selectedRef.current);
  };
  useScreenInput('lab', (action) => {
    if (going) return;
    switch (action) {
      case 'up':
        move(-1);
        break;
      case 'down':
        move(1);
        break;
      case 'start':
        start();
        break;
      case 'coordinator':
        setCoordinator(nextCoordinator);
        break;
      case 'sink':
        if (LAB_ENTRIES[selectedRef.current]?.sinkChoice) setSink((s) => (s === 'sqlite' ? 'postgres' : 'sqlite'));
        break;
      case 'ttl-down':
        setTtlMs((t) => Math.max(1000, t - 1000));
        break;
      case 'ttl-up':
        setTtlMs((t) => Math.min(10_000, t + 1000));
        break;
      case 'choose':
        setView(INITIAL_LAB_VIEW);
        break;
    }
  });

  // --narrate: a spinner's every frame would be read out again; it stands still, as under --reduced-motion.
  const spinner = useSpinner(going, theme.ascii ? SPINNER_ASCII : SPINNER, theme.reducedMotion || theme.narrate);
  const sym = theme.symbols;
  // The grid's title names PostgreSQL already.
  const sinkWords = runSink === 'postgres' && !entry.grid ? ` ${sym.dot} PostgreSQL sink` : '';
  const header = `Lab ${sym.separator} ${entry.title} ${sym.dot} ${fixed ?? `${coordinator} coordinator`}${sinkWords} ${sym.dot} TTL ${ttlMs / 1000} s`;
  const coordinatorNeeds = coordinators.find((c) => c.kind === runCoordinator)?.needs;

  if (view.phase === 'setup') {
    const needsLines = [
      // The ensemble needs ZooKeeper (the coordinator's own line below), not the experiment's etcd.
      ...(ownEnsemble ? [] : (missing.get(entry.name) ?? []))
        .filter((tool) => tool !== POSTGRES_DEBIAN_PACKAGE)
        .map((tool) => `needs ${tool}: ${installHint(tool as Parameters<typeof installHint>[0])}`),
      ...(runSink === 'postgres' && !postgresHere ? [`needs ${POSTGRES_DEBIAN_PACKAGE}: apt-get install ${POSTGRES_DEBIAN_PACKAGE}`] : []),
      ...(coordinatorNeeds && (!fixed || ownEnsemble) ? [`needs ${coordinatorNeeds}: apt-get install ${coordinatorNeeds}`] : []),
    ];
    return (
      <LabSetupView
        entries={LAB_ENTRIES}
        selected={selected}
        missing={missing}
        needsLines={needsLines}
        coordinators={coordinators}
        coordinatorLabel={fixed ?? `${coordinator}${token === 'incr' ? ' (INCR token)' : ''}`}
        sink={
          entry.sinkChoice ? { label: SINK_TITLES[runSink], key: true } : entry.grid ? { label: `${SINK_TITLES[runSink]} (the grid's)`, key: false } : undefined
        }
        ttlMs={ttlMs}
      />
    );
  }

  return (
    <Box flexDirection="column" paddingX={1}>
      {/* One row whatever the choices: a second would push the footer off an 80x24 frame. */}
      <Text bold color={theme.color('accent')} wrap="truncate-end">
        {header}
      </Text>
      {view.phase === 'done' && view.result ? (
        <>
          <Outcome result={view.result} evidenceWritten={view.evidenceWritten === true} width={area.columns - 2} maxRows={area.rows - 3} />
          <Text>
            enter run <Text bold>{entry.name}</Text> again {sym.dot} {sym.up}/{sym.down} another experiment {sym.dot} r the list
          </Text>
        </>
      ) : (
        <Box flexDirection="column">
          {view.steps.map((s) => (
            <Text key={s.key}>
              {s.done ? <Text color={theme.color('good')}>{sym.accepted}</Text> : <Text>{spinner}</Text>} {s.text}
              {!s.done && s.id === 'wait-expiry' && view.waiting && theme.narrate ? <Text> (at least {(view.waiting.ttlMs / 1000).toFixed(1)} s)</Text> : null}
              {!s.done && s.id === 'wait-expiry' && view.waiting && !theme.narrate ? (
                <Text>
                  {'   '}
                  {expiryBar(view.waiting.elapsedMs, view.waiting.ttlMs, 20, sym.bar, sym.barEmpty)} {(view.waiting.elapsedMs / 1000).toFixed(1)} s of at least{' '}
                  {(view.waiting.ttlMs / 1000).toFixed(1)} s
                </Text>
              ) : null}
            </Text>
          ))}
          {view.notes.length > 0 ? (
            <Text color={theme.color('muted')}>
              {view.notes
                .slice(-2)
                .map((n) => `  ${n}`)
                .join('\n')}
            </Text>
          ) : null}
          {view.phase === 'stopping' ? (
            <Box marginTop={1}>
              <Text color={theme.color('accent')}>
                {spinner} stopping{theme.ascii ? '...' : '…'} ending every process the run started (ctrl-c again quits at once)
              </Text>
            </Box>
          ) : null}
          {view.phase === 'failed' ? (
            <Box flexDirection="column" marginTop={1}>
              <Text color={theme.color('bad')}>the run failed: {view.error}</Text>
              <Text>Every process it started has been ended. r choose again {sym.dot} enter retry</Text>
            </Box>
          ) : null}
        </Box>
      )}
    </Box>
  );
}
