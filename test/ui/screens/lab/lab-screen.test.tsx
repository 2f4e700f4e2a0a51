/**
 * The Lab screen with a scripted runner in place of real processes: the
 * setup choices reach the runner, the event stream is ticked off live (the
 * bar while waiting for expiry), the outcome shows the timeline and both
 * modes, leaving mid-run aborts it, and a failure is said plainly.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LabListener, LabOptions, LabResult } from '../../../../src/lab/types.js';
import { advance, press, renderApp, waitForFrame } from '../../../helpers/ink.js';

const savedPath = process.env.PATH;
afterEach(() => {
  cleanup();
  process.env.PATH = savedPath;
});

function fixture(options: LabOptions): LabResult {
  return {
    schemaVersion: 1,
    version: '0.0.0',
    experiment: options.experiment,
    coordinator: options.coordinator,
    ttlMs: options.ttlMs,
    requestedTtlMs: options.ttlMs,
    tokens: { A: 7, B: 9 },
    observedExpiryWaitMs: 2031,
    stoppedAfterMs: 0.4,
    modes: {
      plain: {
        bWrite: { status: 200, accepted: true, body: {} },
        lateWrite: { status: 200, accepted: true, body: {} },
        final: { value: 'A-late', token: 7 },
      },
      fenced: {
        bWrite: { status: 200, accepted: true, body: {} },
        lateWrite: { status: 409, accepted: false, body: { reason: 'stale token 7 < mark 9' } },
        final: { value: 'B-current', token: 9, hwm: 9 },
      },
    },
    verdict: 'expected',
    checks: [{ ok: true, text: 'ok' }],
    durationMs: 3100,
    sink: { url: 'http://127.0.0.1:1', database: '/tmp/x/sink.sqlite' },
    pids: { A: 1, B: 2, sink: [3] },
    observations: [
      { atMs: 100, actor: 'coordinator', kind: 'grant', token: 7, note: 'A' },
      { atMs: 101, actor: 'A', kind: 'stop' },
      { atMs: 2131, actor: 'coordinator', kind: 'expiry-observed' },
      { atMs: 2140, actor: 'coordinator', kind: 'grant', token: 9, note: 'B' },
      { atMs: 2150, actor: 'B', kind: 'write', mode: 'plain', value: 'B-current', token: 9, status: 200, accepted: true },
      { atMs: 2160, actor: 'B', kind: 'write', mode: 'fenced', value: 'B-current', token: 9, status: 200, accepted: true },
      { atMs: 2170, actor: 'A', kind: 'resume' },
      { atMs: 2180, actor: 'A', kind: 'write', mode: 'plain', value: 'A-late', token: 7, status: 200, accepted: true },
      { atMs: 2185, actor: 'A', kind: 'write', mode: 'fenced', value: 'A-late', token: 7, status: 409, accepted: false },
    ],
    startedAt: new Date(0).toISOString(),
    outDir: options.outDir,
  };
}

/** A runner that plays a scripted run, pausing in the expiry wait until released. */
function scripted() {
  const calls: LabOptions[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const runLab = async (options: LabOptions, emit: LabListener): Promise<LabResult> => {
    calls.push(options);
    emit({ type: 'step', id: 'acquire-a', status: 'done', text: 'A (pid 1) holds the lock with token 7', atMs: 100 });
    emit({ type: 'step', id: 'stop-a', status: 'done', text: 'A stopped (SIGSTOP), no keepalive', atMs: 101 });
    emit({ type: 'step', id: 'wait-expiry', status: 'started', text: 'waiting to see the lock gone', atMs: 102 });
    emit({ type: 'waiting', elapsedMs: 1000, ttlMs: options.ttlMs, atMs: 1100 });
    await Promise.race([gate, new Promise<void>((_, reject) => options.signal?.addEventListener('abort', () => reject(new Error('aborted'))))]);
    emit({ type: 'step', id: 'wait-expiry', status: 'done', text: "saw the lock gone 2.03 s after A's grant", atMs: 2131 });
    const result = fixture(options);
    emit({ type: 'verdict', result, atMs: 2200 });
    return result;
  };
  return { calls, release: () => release(), runLab };
}

/** A runner that gives its verdict at once, then ends (its processes, its evidence) only when told: as a loaded machine does. */
function verdictThenEnd() {
  let end: () => void = () => undefined;
  const ended = new Promise<void>((r) => {
    end = r;
  });
  let returned: Promise<void> = Promise.resolve();
  const calls: string[] = [];
  const runLab = (options: LabOptions, emit: LabListener): Promise<LabResult> => {
    calls.push(options.experiment);
    const result = fixture(options);
    emit({ type: 'verdict', result, atMs: 2200 });
    const done = ended.then(() => result);
    returned = done.then(() => undefined);
    return done;
  };
  return {
    calls,
    runLab,
    end: () => end(),
    get returned() {
      return returned;
    },
  };
}

describe('Lab screen', () => {
  it('lists the experiments and the settings; the choices reach the runner', async () => {
    const run = scripted();
    const { stdin, lastFrame } = await renderApp({ screen: 'lab', outDir: '/tmp/lab-out' }, { services: { runLab: run.runLab } });
    const frame = await waitForFrame(lastFrame, 'the real thing, on this machine');
    for (const name of ['late-write', 'split', 'early', 'restart']) expect(frame).toContain(name);
    expect(frame).toMatch(/c coordinator embedded\s+s sink SQLite\s+\[\/\] TTL 2 s\s+enter run late-write/);
    await press(stdin, 'down', 'c', ']');
    expect(lastFrame()).toMatch(/❯ split/);
    expect(lastFrame()).toMatch(/c coordinator etcd\s+s sink SQLite\s+\[\/\] TTL 3 s\s+enter run split/);
    await press(stdin, 'enter');
    await waitForFrame(lastFrame, 'waiting to see the lock gone');
    expect(run.calls[0]).toMatchObject({ experiment: 'split', coordinator: 'etcd', ttlMs: 3000, outDir: '/tmp/lab-out' });
    run.release();
  });

  it('failover with the zookeeper coordinator runs on its own ensemble; with any other, on its own etcd', async () => {
    const run = scripted();
    const { stdin, lastFrame } = await renderApp({ screen: 'lab', outDir: '/tmp/lab-out' }, { services: { runLab: run.runLab } });
    await waitForFrame(lastFrame, 'the real thing, on this machine');
    await press(stdin, 'down', 'down', 'down', 'down');
    expect(lastFrame()).toMatch(/❯ failover/);
    expect(lastFrame()).toMatch(/c coordinator its own etcd/);
    // embedded → etcd → redis → zookeeper
    await press(stdin, 'c', 'c', 'c');
    expect(lastFrame()).toMatch(/c coordinator its own ZooKeeper ensemble/);
    await press(stdin, 'enter');
    await waitForFrame(lastFrame, 'waiting to see the lock gone');
    expect(run.calls[0]).toMatchObject({ experiment: 'failover', coordinator: 'zookeeper' });
    run.release();
  });

  it('ticks the steps off live with a bar while waiting, then shows the timeline and both modes', async () => {
    const run = scripted();
    const told: LabResult[] = [];
    const { lastFrame } = await renderApp({ screen: 'lab', autostart: true, onResult: (r: LabResult) => told.push(r) }, { services: { runLab: run.runLab } });
    const waiting = await waitForFrame(lastFrame, 'of at least 2.0 s');
    expect(waiting).toContain('✓ A (pid 1) holds the lock with token 7');
    expect(waiting).toContain('✓ A stopped (SIGSTOP), no keepalive');
    expect(waiting).toMatch(/waiting to see the lock gone\s+█{10}░{10} 1\.0 s of at least 2\.0 s/);
    // The hint line offers only what works while a run goes: q, which ends it.
    const hints = (await waitForFrame(lastFrame, 'q stop the run')).trimEnd().split('\n').at(-1)!;
    expect(hints.trim()).toBe('? help  q stop the run');
    run.release();
    const done = await waitForFrame(lastFrame, 'verdict: as expected');
    for (const lane of ['coordinator', 'sink plain', 'sink fenced']) expect(done).toContain(lane);
    expect(done).toMatch(/plain\s+A-late\s+B's write LOST: A's late write overwrote B's \(200\)/);
    expect(done).toMatch(/fenced\s+B-current\s+B's write kept: A rejected: 409 stale token 7 < mark 9/);
    expect(done).toContain('tokens A 7, B 9');
    expect(await waitForFrame(lastFrame, 'evidence: run.json')).toContain('evidence: run.json');
    expect(told.map((r) => r.verdict)).toEqual(['expected']);
    expect(lastFrame()).toMatch(/enter run\s+c coordinator/);
  });

  it('with --ascii a finished run reaches the frame in ASCII only: the header, the summary, the evidence and the footer', async () => {
    const run = scripted();
    run.release();
    const { lastFrame } = await renderApp({ screen: 'lab', autostart: true }, { services: { runLab: run.runLab }, display: { ascii: true } });
    const done = await waitForFrame(lastFrame, 'evidence: run.json');
    expect(done).toContain('Lab > the late write . embedded coordinator . TTL 2 s');
    expect(done).toContain('tokens A 7, B 9; lock seen gone');
    expect(done).toContain('evidence: run.json . report.txt . timeline.txt in');
    expect(done).toContain('enter run late-write again . up/down another experiment . r the list');
    expect(done).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('under --narrate: no bar while waiting and no timeline drawing after, only words', async () => {
    const run = scripted();
    const { lastFrame } = await renderApp({ screen: 'lab', autostart: true }, { services: { runLab: run.runLab }, display: { narrate: true } });
    const waiting = await waitForFrame(lastFrame, 'waiting to see the lock gone');
    expect(waiting).toContain('waiting to see the lock gone (at least 2.0 s)');
    expect(waiting).not.toMatch(/[█░]/);
    run.release();
    const done = await waitForFrame(lastFrame, 'evidence: run.json');
    expect(done).toContain('The timeline is drawn in timeline.txt, with the evidence.');
    expect(done).toMatch(/plain\s+A-late\s+B's write LOST/);
    expect(done).not.toMatch(/[─═│├┼●╳░]/);
  });

  it('after a run, the footer says what enter does, and up/down then enter runs the experiment the cursor is on', async () => {
    const run = scripted();
    run.release();
    const { stdin, lastFrame } = await renderApp({ screen: 'lab', autostart: true }, { services: { runLab: run.runLab } });
    const done = await waitForFrame(lastFrame, 'evidence: run.json');
    expect(done).toContain('enter run late-write again · ↑/↓ another experiment · r the list');
    await press(stdin, 'down', 'down');
    expect(await waitForFrame(lastFrame, '❯ early')).toContain('enter run early');
    await press(stdin, 'enter');
    await waitForFrame(lastFrame, 'evidence: run.json');
    expect(run.calls.map((c) => c.experiment)).toEqual(['late-write', 'early']);
    expect(lastFrame()).toContain('enter run early again');
  });

  // Under load the runner ends its processes and writes its evidence well after the verdict event:
  // r pressed in between went to the list, then the run's end drew the verdict over it again.
  it('r right after the verdict goes to the list and stays there while the run ends; the next run waits for it', async () => {
    const run = verdictThenEnd();
    const { stdin, lastFrame } = await renderApp({ screen: 'lab', autostart: true }, { services: { runLab: run.runLab } });
    await waitForFrame(lastFrame, 'verdict: as expected');
    await press(stdin, 'r');
    await waitForFrame(lastFrame, 'the real thing, on this machine');
    await press(stdin, 'enter');
    // The first run has not ended: the second has not started.
    expect(run.calls).toEqual(['late-write']);
    run.end();
    await waitForFrame(lastFrame, 'verdict: as expected');
    expect(run.calls).toEqual(['late-write', 'late-write']);
    expect(lastFrame()).toContain('verdict: as expected');
  });

  it("r right after the verdict: the run's end leaves the list on the screen", async () => {
    const run = verdictThenEnd();
    const { stdin, lastFrame } = await renderApp({ screen: 'lab', autostart: true }, { services: { runLab: run.runLab } });
    await waitForFrame(lastFrame, 'verdict: as expected');
    await press(stdin, 'r');
    await waitForFrame(lastFrame, 'the real thing, on this machine');
    await act(async () => {
      run.end();
      await run.returned;
    });
    expect(lastFrame()).toContain('the real thing, on this machine');
    expect(lastFrame()).not.toContain('verdict: as expected');
  });

  it('leaving while a run is going aborts it', async () => {
    const run = scripted();
    const { stdin, lastFrame, router } = await renderApp({ screen: 'lab', autostart: true }, { services: { runLab: run.runLab } });
    await waitForFrame(lastFrame, 'waiting to see the lock gone');
    await press(stdin, 'q');
    await advance(20);
    expect(router.getState().stack.at(-1)?.screen).toBe('home');
    expect(run.calls[0]?.signal?.aborted).toBe(true);
  });

  // Issue 35: Ink's own wrap kept the space it broke at, so a wrapped blurb went on one column to the right.
  it('at 80 columns a wrapped blurb, or its "needs" marker, goes on in the column the blurb started in', async () => {
    // Nothing on PATH and no PostgreSQL in --postgres-bin: failover, restore and the grid say what they need, on lines of their own.
    const empty = mkdtempSync(join(tmpdir(), 'fence-lab-empty-'));
    process.env.PATH = empty;
    const { lastFrame } = await renderApp({ screen: 'lab', postgresBin: empty }, { services: { runLab: scripted().runLab }, size: { columns: 80, rows: 24 } });
    const lines = (await waitForFrame(lastFrame, 'the real thing, on this machine')).split('\n');
    const start = lines.findIndex((l) => /^\s+❯ late-write/.test(l));
    const column = lines[start]!.search(/A is stopped/);
    let continued = 0;
    for (let i = start; i < lines.length && !lines[i]!.includes('coordinators:'); i++) {
      const line = lines[i]!;
      const named = /^ [ ❯] [a-z-]+ +/.exec(line);
      if (named) expect(named[0].length, line).toBe(column);
      else {
        expect(line.search(/\S/), `a wrapped line: ${JSON.stringify(line)}`).toBe(column);
        continued++;
      }
    }
    expect(continued).toBeGreaterThanOrEqual(2);
    expect(lines.join('\n')).toMatch(/isolation-grid +split on PostgreSQL[^\n]*\n +\(needs postgresql\)/);
  });

  // Issue 35: the longest name, coordinator-restart, had a single space before its text.
  it('coordinator-restart has two spaces before its text, as wide a gap as the longest name may have', async () => {
    const { lastFrame } = await renderApp({ screen: 'lab' }, { services: { runLab: scripted().runLab } });
    const frame = await waitForFrame(lastFrame, 'the real thing, on this machine');
    expect(frame).toMatch(/ coordinator-restart {2}\S/);
  });

  // Issue 33: Ctrl-C quit at once and left the last frame frozen for the ~2 s the run took to end its processes.
  it('Ctrl-C during a run says stopping at once, keeps the spinner turning while the run ends, then quits with 130', async () => {
    let endTeardown: () => void = () => undefined;
    const teardown = new Promise<void>((r) => {
      endTeardown = r;
    });
    const runLab = async (options: LabOptions, emit: LabListener): Promise<LabResult> => {
      emit({ type: 'step', id: 'acquire-a', status: 'done', text: 'A (pid 1) holds the lock with token 7', atMs: 100 });
      emit({ type: 'step', id: 'wait-expiry', status: 'started', text: 'waiting to see the lock gone', atMs: 102 });
      await new Promise<void>((resolve) => options.signal?.addEventListener('abort', () => resolve()));
      // Ending a stopped worker, the sink and the coordinator takes a while; the run settles after.
      await teardown;
      throw new Error('aborted');
    };
    const { stdin, lastFrame, router } = await renderApp({ screen: 'lab', autostart: true }, { services: { runLab } });
    await waitForFrame(lastFrame, 'waiting to see the lock gone');
    await press(stdin, 'ctrl-c');
    const first = lastFrame() ?? '';
    expect(first).toMatch(/stopping… ending every process the run started/);
    expect(router.getState().exitCode).toBeNull();
    // The spinner goes on turning: a later frame shows another of its glyphs on the stopping line.
    const glyph = /([⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]) stopping…/.exec(first)?.[1];
    expect(glyph).toBeDefined();
    await waitForFrame(lastFrame, new RegExp(`[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏](?<!${glyph}) stopping…`));
    expect(router.getState().exitCode).toBeNull();
    endTeardown();
    await waitForFrame(lastFrame, /^(?![\s\S]*\? help)/);
    expect(router.getState().exitCode).toBe(130);
  });

  it('says plainly when a run fails', async () => {
    const runLab = async () => {
      throw new Error('the sink could not start: disk full');
    };
    const { lastFrame } = await renderApp({ screen: 'lab', autostart: true }, { services: { runLab } });
    const frame = await waitForFrame(lastFrame, 'the run failed');
    expect(frame).toContain('the sink could not start: disk full');
    expect(frame).toContain('Every process it started has been ended');
  });
});
