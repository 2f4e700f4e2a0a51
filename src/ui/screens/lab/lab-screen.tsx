/**
 * The Lab: pick an experiment, run it on real processes, watch each step
 * ticked off (a bar while waiting for the lease to expire), then read the
 * timeline and both modes side by side. It renders the lab's event stream,
 * the same one `fence-tutor lab` prints and writes as evidence. Leaving the
 * screen (q) while a run is going ends the run's processes.
 *
 * Route params (all optional): experiment, coordinator, ttlMs, outDir,
 * etcdEndpoints, etcdBin, autostart, onResult (told each finished run);
 * `runLab` replaces the runner in tests.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { renderTimeline } from '../../../core/timeline/index.js';
import { describeModes, modeColumnWidth, outcomeWords, summaryLine } from '../../../lab/evidence/describe.js';
import { labTimeline } from '../../../lab/evidence/lab-timeline.js';
import { installHint, missingLabTools } from '../../../lab/tools.js';
import type { CoordinatorKind, ExperimentName, LabResult } from '../../../lab/types.js';
import type { RouteOf } from '../../../store/router-store.js';
import { useAppContext } from '../../app-context.js';
import { useFocusGuards } from '../../use-focus-guards.js';
import { useScreenInput } from '../../use-screen-input.js';
import { coordinatorChoices, nextCoordinator } from './coordinator-list.js';
import { LAB_EXPERIMENTS } from './experiment-list.js';
import { applyLabEvent, expiryBar, failedView, INITIAL_LAB_VIEW, type LabViewState, startedView } from './lab-view-state.js';
import { errorMessage } from '../../../platform/error-message.js';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const SPINNER_ASCII = ['-', '\\', '|', '/'];

function useSpinner(active: boolean, frames: string[], still: boolean): string {
  const [i, setI] = useState(0);
  useEffect(() => {
    if (!active || still) return;
    const timer = setInterval(() => setI((n) => (n + 1) % frames.length), 120);
    return () => clearInterval(timer);
  }, [active, still, frames.length]);
  return still ? (frames === SPINNER ? '…' : '..') : (frames[i % frames.length] ?? '');
}

export function LabScreen({ route }: { route: RouteOf<'lab'> }) {
  const { theme, area, services } = useAppContext();
  const initialIndex = Math.max(
    0,
    LAB_EXPERIMENTS.findIndex((e) => e.name === route.experiment),
  );
  const [selected, setSelected] = useState(initialIndex);
  const [coordinator, setCoordinator] = useState<CoordinatorKind>(route.coordinator ?? 'embedded');
  const [ttlMs, setTtlMs] = useState(route.ttlMs ?? 2000);
  const [view, setView] = useState<LabViewState>(INITIAL_LAB_VIEW);
  const abortRef = useRef<AbortController | null>(null);
  const firstRun = useRef(true);
  const experiment = LAB_EXPERIMENTS[selected] ?? LAB_EXPERIMENTS[0]!;
  const etcdBin = route.etcdBin;
  // Looked up once per screen: PATH does not change under a running tutor.
  const missing = useMemo(() => new Map(LAB_EXPERIMENTS.map((e) => [e.name, missingLabTools(e.needs ?? [], etcdBin)])), [etcdBin]);
  const coordinators = useMemo(() => coordinatorChoices(), []);
  // failover and restore start their own etcd, coordinator-restart its own Redis: the coordinator choice does not apply.
  // failover on ZooKeeper starts its own ensemble instead of etcd members (the catalogue's alsoOn).
  const ownEnsemble = ((experiment as { alsoOn?: readonly string[] }).alsoOn ?? []).includes(coordinator);
  const ownEtcd = experiment.ownEtcd && !ownEnsemble;
  // The ensemble needs ZooKeeper (the coordinator's own "needs" line), not the experiment's etcd.
  const missingHere = ownEnsemble ? [] : (missing.get(experiment.name) ?? []);
  const onlyOn = (experiment as { onlyOn?: CoordinatorKind }).onlyOn;
  const runCoordinator: CoordinatorKind = ownEtcd ? 'etcd' : (onlyOn ?? coordinator);
  // Redis: late-write shows the lock's random value (no token); the others compare tokens, so INCR.
  const token = runCoordinator === 'redis' ? (route.token ?? (experiment.name === 'late-write' ? 'none' : 'incr')) : undefined;
  const fixed = ownEtcd ? 'its own etcd' : ownEnsemble ? 'its own ZooKeeper ensemble' : onlyOn ? `its own ${onlyOn}` : undefined;
  const nameWidth = Math.max(...LAB_EXPERIMENTS.map((e) => e.name.length)) + 1;

  const start = useCallback(() => {
    if (abortRef.current && !abortRef.current.signal.aborted && view.phase === 'running') return;
    const controller = new AbortController();
    abortRef.current = controller;
    setView(startedView());
    const outDirFromRoute = firstRun.current ? route.outDir : undefined;
    firstRun.current = false;
    void (async () => {
      try {
        const run = services.runLab ?? (await import('../../../lab/runner/run-lab.js')).runLab;
        const { defaultOutDir } = await import('../../../lab/lab-options.js');
        const name: ExperimentName = experiment.name;
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
            signal: controller.signal,
          },
          (event) => {
            if (!controller.signal.aborted) setView((v) => applyLabEvent(v, event));
          },
        );
        route.onResult?.(result);
        if (!controller.signal.aborted) setView((v) => ({ ...v, phase: 'done', result, evidenceWritten: true }));
      } catch (err) {
        if (!controller.signal.aborted) setView((v) => failedView(v, errorMessage(err)));
      }
    })();
  }, [view.phase, route, services, experiment.name, runCoordinator, ttlMs, token]);

  // Leaving the screen ends a run that is still going (its processes, its pidfile).
  useEffect(() => () => abortRef.current?.abort(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once, when opened by `fence-tutor lab`
  useEffect(() => {
    if (route.autostart === true) start();
  }, []);

  const running = view.phase === 'running';
  // The hint line follows: while a run goes, only q (leave, which ends the run) does anything.
  useFocusGuards({ keyContext: running ? 'lab-running' : null });
  // After a run, up/down go back to the list with the cursor moved, so that
  // enter runs the experiment the cursor is on (it used to re-run the last).
  const move = (delta: number) => {
    if (view.phase !== 'setup') setView(INITIAL_LAB_VIEW);
    setSelected((i) => (i + LAB_EXPERIMENTS.length + delta) % LAB_EXPERIMENTS.length);
  };
  useScreenInput('lab', (action) => {
    if (running) return;
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
  const spinner = useSpinner(running, theme.ascii ? SPINNER_ASCII : SPINNER, theme.reducedMotion || theme.narrate);
  const sym = theme.symbols;
  const header = `Lab ${sym.separator} ${experiment.title} ${sym.dot} ${fixed ?? `${coordinator} coordinator`} ${sym.dot} TTL ${ttlMs / 1000} s`;
  const coordinatorNeeds = coordinators.find((c) => c.kind === runCoordinator)?.needs;

  if (view.phase === 'setup') {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold color={theme.color('accent')}>
          Lab {sym.separator} the real thing, on this machine
        </Text>
        <Text color={theme.color('muted')}>Real processes: worker A is stopped with SIGSTOP while its lease runs out.</Text>
        <Box flexDirection="column" marginTop={1}>
          {LAB_EXPERIMENTS.map((e, i) => (
            // Two columns, so a blurb that wraps hangs under itself, not under the name.
            <Box key={e.name}>
              <Box flexShrink={0}>
                <Text color={i === selected ? theme.color('selected') : undefined} bold={i === selected}>
                  {i === selected ? sym.pointer : ' '} {e.name.padEnd(nameWidth)}
                </Text>
              </Box>
              <Box flexShrink={1}>
                <Text color={theme.color('muted')}>
                  {e.blurb}
                  {(missing.get(e.name) ?? []).length > 0 ? <Text color={theme.color('bad')}> (needs {(missing.get(e.name) ?? []).join(' and ')})</Text> : null}
                </Text>
              </Box>
            </Box>
          ))}
        </Box>
        {missingHere.map((tool) => (
          <Text key={tool} color={theme.color('bad')}>
            needs {tool}: {installHint(tool)}
          </Text>
        ))}
        <Text color={theme.color('muted')}>
          coordinators: {coordinators.map((c) => (c.needs ? `${c.kind} (needs ${c.needs}: apt-get install ${c.needs})` : c.kind)).join(', ')}
        </Text>
        {coordinatorNeeds && (!fixed || ownEnsemble) ? (
          <Text color={theme.color('bad')}>
            needs {coordinatorNeeds}: apt-get install {coordinatorNeeds}
          </Text>
        ) : null}
        <Box marginTop={1}>
          <Text>
            c coordinator <Text bold>{fixed ?? `${coordinator}${token === 'incr' ? ' (INCR token)' : ''}`}</Text>
            {'    '}[/] TTL <Text bold>{ttlMs / 1000} s</Text>
            {'    '}enter run <Text bold>{experiment.name}</Text>
          </Text>
        </Box>
      </Box>
    );
  }

  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        {header}
      </Text>
      {view.phase === 'done' && view.result ? (
        <>
          <Outcome result={view.result} evidenceWritten={view.evidenceWritten === true} width={area.columns - 2} maxRows={area.rows - 3} />
          <Text>
            enter run <Text bold>{experiment.name}</Text> again {sym.dot} {sym.up}/{sym.down} another experiment {sym.dot} r the list
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

function Outcome({ result, evidenceWritten, width, maxRows }: { result: LabResult; evidenceWritten: boolean; width: number; maxRows: number }) {
  const { theme } = useAppContext();
  const lines = useMemo(() => describeModes(result), [result]);
  const modeWidth = modeColumnWidth(result);
  const timeline = useMemo(
    () => renderTimeline(labTimeline(result), { width: Math.max(40, width), ascii: theme.ascii, unit: 'ms' }),
    [result, width, theme.ascii],
  );
  const room = Math.max(0, maxRows - lines.length - 7);
  return (
    <Box flexDirection="column">
      <Text color={theme.color('muted')}>{summaryLine(result, theme.ascii)}</Text>
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
