import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScenarioFile, loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { fakePlaybackTimers, playFor, press, renderApp, setTerminalSize, waitForFrame } from '../helpers/ink.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const TITLE = 'Simulator › late-write';

async function openLateWrite(options: Parameters<typeof renderApp>[1] = {}, overrides = {}) {
  const app = await renderApp({ screen: 'simulator', scenario: 'late-write', overrides }, options);
  await waitForFrame(app.lastFrame, options.display?.ascii ? 'Simulator > late-write' : TITLE);
  return app;
}

/** Steps to the end with the right arrow (no timers involved). */
async function stepToEnd(stdin: { write: (s: string) => void }) {
  for (let i = 0; i < 12; i++) await press(stdin, 'right');
}

describe('simulator screen', () => {
  it('shows every lane, the toggles, the legend and the keys, paused at t=0', async () => {
    const { lastFrame } = await openLateWrite();
    const frame = lastFrame() ?? '';
    for (const lane of ['coordinator', 'A', 'B', 'sink']) expect(frame).toMatch(new RegExp(`^ +${lane}\\b`, 'm'));
    expect(frame).toMatch(/f fencing ON\s+d minting durable\s+a check atomic\s+\[\/\] lease 10/);
    // Not an unticked checkbox (issue 33).
    expect(frame).not.toContain('[ ]');
    expect(frame).toContain('■ paused');
    expect(frame).toContain('t = 0 of 31');
    expect(frame).toMatch(/✓ accepted.*✗ rejected|✗ rejected.*✓ accepted/s);
    expect(frame).toContain('space play');
    expect(frame).toContain('? help  q back');
  });

  it('steps event by event with one sentence each, and back', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'right');
    expect(lastFrame()).toContain('t=1: A sends "0" with token 1');
    await press(stdin, 'right');
    expect(lastFrame()).toContain('t=2: A pauses');
    await press(stdin, 'left');
    expect(lastFrame()).toContain('t=1: A sends "0"');
    await press(stdin, 'r');
    expect(lastFrame()).toContain('t = 0 of 31');
  });

  it('at the end, the late write is rejected in symbol and word', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await stepToEnd(stdin);
    const frame = lastFrame() ?? '';
    expect(frame).toContain('t = 31 of 31');
    expect(frame).toContain('The sink ends at "100" (from B); 1 write rejected; no stale acceptance. Its mark ends at 2.');
    expect(frame).toMatch(/"1" ?✗/);
  });

  it('space plays on a timer, and pauses', async () => {
    fakePlaybackTimers();
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'space');
    expect(lastFrame()).toContain('▶ playing');
    await playFor(700);
    await press(stdin, 'space');
    const frame = lastFrame() ?? '';
    expect(frame).toContain('■ paused');
    expect(frame).not.toContain('t = 0 of 31');
  });

  it('+ and - change the speed shown', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, '+', '+');
    expect(lastFrame()).toContain('4x');
    await press(stdin, '-', '-', '-', '-');
    expect(lastFrame()).toContain('0.5x');
  });

  it('f turns fencing off, re-runs, stays paused where it was and says how the outcome changed', async () => {
    // Were playback to start, the playback clock would move it: held still, so the frame shows where the toggle left it.
    fakePlaybackTimers();
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'f');
    let frame = lastFrame() ?? '';
    // At t=0, paused: a toggle does not start playback (a reviewer found it did).
    expect(frame).toContain('fencing OFF');
    expect(frame).toMatch(/paused .*t = 0 of 31/);
    await press(stdin, 'f');
    await stepToEnd(stdin);
    await press(stdin, 'f');
    frame = lastFrame() ?? '';
    expect(frame).toContain('fencing OFF');
    expect(frame).toMatch(/paused .*t = 31 of 31/);
    expect(frame).toContain("Changed by fencing off: A's late write overwrote B's: lost update");
    expect(frame).toContain('The sink ends at "1"');
    expect(frame).toContain('stale!');
  });

  it('d, a and [ ] change minting, check and the lease, always visible', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'd');
    expect(lastFrame()).toContain('minting volatile');
    await press(stdin, 'a');
    expect(lastFrame()).toContain('check split');
    await press(stdin, ']');
    expect(lastFrame()).toContain('lease 11');
    await press(stdin, '[', '[');
    expect(lastFrame()).toContain('lease 9');
  });

  it('predict: a wrong guess is checked and replayed up to where it goes wrong', async () => {
    fakePlaybackTimers();
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'p');
    let frame = lastFrame() ?? '';
    expect(frame).toContain('which value ends in the sink?');
    expect(frame).toContain('4 "1"');
    expect(frame).toContain('enter answer  1-9 pick'); // the predict keys in the hint line
    await press(stdin, '4');
    await playFor(31 * 250); // 31 ticks at 1x
    frame = await waitForFrame(lastFrame, 't = 31 of 31');
    expect(frame).toContain('Not quite: you said "1"; the sink ends with "100"');
    expect(frame).toContain('rejects A\'s "1"');
  });

  it('predict: a right guess with arrows and Enter', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'p', 'down', 'down', 'enter');
    expect(lastFrame()).toContain('Right: you said "100"');
  });

  it('q while predicting closes the question, not the screen', async () => {
    const { stdin, lastFrame, router } = await openLateWrite();
    await press(stdin, 'p', 'q');
    expect(lastFrame()).not.toContain('which value ends in the sink?');
    expect(router.getState().stack.at(-1)?.screen).toBe('simulator');
  });

  it('e explores the current settings; Enter replays the counterexample; q goes back step by step', async () => {
    const { stdin, lastFrame, router } = await openLateWrite();
    await press(stdin, 'a', 'e');
    const frame = lastFrame() ?? '';
    expect(frame).toContain('Explore › late-write · fencing ON · durable · split');
    expect(frame).toContain("15 orderings of the sink's operations; 6 of them accept a stale write (40%)");
    expect(frame).toMatch(/"100"\s+█+ 9/);
    expect(frame).toMatch(/"1"\s+█+ 6/);
    expect(frame).toContain('enter replays it');
    expect(frame).toContain('enter replay it'); // explore keys in the hint line
    await press(stdin, 'enter');
    expect(lastFrame()).toContain('replaying: step 1 of');
    expect(lastFrame()).toMatch(/^ +sink +\?1/m); // the counterexample drawn as a timeline, step by step
    await press(stdin, 'right');
    expect(lastFrame()).toContain('replaying: step 2 of');
    await press(stdin, 'q');
    expect(lastFrame()).toContain('enter replays it');
    await press(stdin, 'q');
    expect(lastFrame()).toContain(TITLE);
    // `a` was an act, not saved: asked last, once every panel has closed; q again leaves.
    await press(stdin, 'q');
    expect(lastFrame()).toContain('Leave the simulator? 1 act on this run is not saved.');
    await press(stdin, 'q');
    expect(router.getState().stack.at(-1)?.screen).toBe('home');
  });

  it('explore with atomic checks and fencing finds nothing wrong, and offers nothing to replay', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'e');
    expect(lastFrame()).toContain('3 orderings');
    expect(lastFrame()).toContain('No ordering accepts a stale write');
    expect(lastFrame()).not.toContain('replay it');
    await press(stdin, 'a'); // the split check: now there is a counterexample, and the hint says so
    await waitForFrame(lastFrame, 'enter replay it');
  });

  it('opens with overrides from the command line', async () => {
    const { lastFrame } = await openLateWrite({}, { fencing: false, check: 'split' });
    expect(lastFrame()).toMatch(/fencing OFF\s+d minting durable\s+a check split/);
  });

  it("an instructor's file plays like a shipped one", async () => {
    const scenario = loadScenarioFile(join(import.meta.dirname, '../../scenarios/late-write.yaml'), true);
    const { lastFrame } = await renderApp({ screen: 'simulator', scenario });
    const frame = await waitForFrame(lastFrame, TITLE);
    expect(frame).toContain('(your file)');
  });

  it('home → Simulator → picker → late-write', async () => {
    const { stdin, lastFrame } = await renderApp();
    await press(stdin, 'down', 'down', 'enter');
    await waitForFrame(lastFrame, 'pick a scenario');
    expect(lastFrame()).toContain('late-write');
    // The picker's keys, not the simulator's (it showed "space play ... p predict" over the list).
    expect(lastFrame()).toMatch(/↑\/↓ move\s+enter open\s+\? help\s+q back/);
    expect(lastFrame()).not.toContain('space play');
    await press(stdin, '?');
    expect(lastFrame()).toContain('Scenario picker');
    expect(lastFrame()).toMatch(/1-9\s+open the scenario in that place/);
    expect(lastFrame()).not.toContain('guess the final value');
    await press(stdin, '?', 'enter');
    await waitForFrame(lastFrame, TITLE);
    expect(lastFrame()).toContain('space play');
  });

  it('sim with no scenario opens on the picker with its keys from the first frame', async () => {
    const { lastFrame } = await renderApp({ screen: 'simulator' });
    const frame = await waitForFrame(lastFrame, 'pick a scenario');
    expect(frame).toContain('enter open');
    expect(frame).not.toContain('space play');
  });

  it("home's Explore opens the picker, then the explorer", async () => {
    const { stdin, lastFrame } = await renderApp();
    await press(stdin, '4');
    await waitForFrame(lastFrame, 'Explore › pick a scenario');
    await press(stdin, 'enter');
    // On the split check, where the explorer has something to show and replay.
    const frame = await waitForFrame(lastFrame, 'Explore › late-write');
    expect(frame).toContain('split');
    expect(frame).toMatch(/6 of them accept a stale write|6 of 15/);
    expect(frame).toContain('enter replay it');
  });

  it('explore at 80x24: the stale row keeps its note on screen, in the counts and while replaying', async () => {
    const { stdin, lastFrame } = await renderApp(
      { screen: 'explore', scenario: 'late-write', overrides: { check: 'split' }, explore: true },
      { size: { columns: 80, rows: 24 } },
    );
    let frame = await waitForFrame(lastFrame, 'one ordering that goes wrong');
    expect(frame).toMatch(/apply +"1" +token 1 +mark 2 +✓ applied +sink "1" +← stale: 1 after 2$/m);
    await press(stdin, 'enter');
    frame = await waitForFrame(lastFrame, 'replaying: step');
    expect(frame).toContain('← stale: 1 after 2');
    for (const line of frame.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('? shows the simulator keys, generated from the keymap', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, '?');
    const frame = lastFrame() ?? '';
    expect(frame).toContain('fencing on/off at the sink (replays)');
    expect(frame).toContain('shorten the lease by one tick');
    await press(stdin, 'f'); // keys do not reach the screen under the help
    await press(stdin, '?');
    expect(lastFrame()).toContain('fencing ON');
  });

  it('fits 80x24 and stays shorter than the terminal', async () => {
    const { lastFrame, stdin } = await openLateWrite({ size: { columns: 80, rows: 24 } });
    await stepToEnd(stdin);
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines.length).toBeLessThan(24);
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(80);
    expect(lastFrame()).toContain('sink');
    expect(lastFrame()).toContain('The sink ends at "100"');
  });

  it.each(['late-write', 'book-timeline', 'allocator-failover', 'split-race', 'early-stale', 'delayed-network', 'amnesia'])(
    'every shipped scenario fits 80x24 from start to end: %s',
    async (id) => {
      const { lastFrame, stdin } = await renderApp({ screen: 'simulator', scenario: id }, { size: { columns: 80, rows: 24 } });
      await waitForFrame(lastFrame, `Simulator › ${id}`);
      for (let i = 0; i < 40 && !(lastFrame() ?? '').includes('The sink ends at'); i++) await press(stdin, 'right');
      const frame = lastFrame() ?? '';
      const lines = frame.split('\n');
      expect(lines.length).toBeLessThan(24);
      expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(80);
      expect(frame).toMatch(/^ +coordinator/m);
      expect(frame).toMatch(/^ +sink/m);
      expect(frame).toContain('The sink ends at');
      // The outcome is read whole, wrapped, down to the sink's mark: it was cut at 80 columns with an ellipsis.
      const outcome = lines
        .slice(lines.findLastIndex((l) => l.includes('────')) + 1)
        .join(' ')
        .replace(/\s+/g, ' ');
      expect(outcome).toMatch(/Its mark ends at \S+\.|It keeps no mark \(fencing off\)\./);
      expect(outcome).not.toContain('…');
      expect(frame).toContain('? help  q back');
    },
  );

  it('many actors at 80x24: the sink lane stays, the lanes left out are counted', async () => {
    const actors = 'ABCDEFGHIJ'.split('');
    const steps = actors.flatMap((a, i) => [`  - { at: ${i}, actor: ${a}, do: acquire }`, `  - { at: ${i + 1}, actor: ${a}, do: write, value: "${a}" }`]);
    const scenario = loadScenarioText(`id: crowd\nconfig: { ttl: 2, keepalive: false }\nsteps:\n${steps.join('\n')}\n`, 'crowd.yaml');
    const { lastFrame } = await renderApp({ screen: 'simulator', scenario }, { size: { columns: 80, rows: 24 } });
    const frame = await waitForFrame(lastFrame, 'Simulator › crowd');
    expect(frame.split('\n').length).toBeLessThan(24);
    expect(frame).toMatch(/^ +coordinator/m);
    expect(frame).toMatch(/^ +sink/m);
    expect(frame).toMatch(/more lanes \(a taller terminal shows them\)/);
  });

  it('reflows when the terminal shrinks below the minimum and grows back', async () => {
    const { stdout, lastFrame } = await openLateWrite();
    await setTerminalSize(stdout, 60, 20);
    expect(lastFrame()).toContain('needs a terminal of at least 80x24');
    await setTerminalSize(stdout, 120, 40);
    expect(lastFrame()).toContain(TITLE);
  });

  it('ASCII: no Unicode anywhere on the screen', async () => {
    const { lastFrame, stdin } = await openLateWrite({ display: { ascii: true } });
    await stepToEnd(stdin);
    const frame = lastFrame() ?? '';
    expect(frame).toMatch(/^[\x20-\x7e\n]*$/);
    expect(frame).toContain('fencing ON');
  });

  it('narrate: sentences only, each written once, in order; changes and steps back said in words', async () => {
    const app = await renderApp({ screen: 'simulator', scenario: 'late-write' }, { display: { narrate: true } });
    const { stdin, lastFrame } = app;
    await waitForFrame(lastFrame, 'Simulator: late-write, The worker that came back.');
    await stepToEnd(stdin);
    let frame = lastFrame() ?? '';
    expect(frame).not.toMatch(/coordinator +●/); // no drawing
    expect(frame).toContain('t=11: B is granted the lock with token 2.');
    expect(frame).toContain('t=31: The sink rejects A\'s "1"');
    expect(frame).toContain('The sink ends at "100"');
    expect(frame.split('t=1: A sends "0"').length - 1).toBe(1); // said once, not redrawn
    await press(stdin, 'left');
    expect(lastFrame()).toContain('Back at t=');
    await press(stdin, 'f');
    await press(stdin, 'space'); // pause the replay
    frame = lastFrame() ?? '';
    expect(frame).toContain("Changed by fencing off: A's late write overwrote B's: lost update");
    expect(frame).toContain('f fencing OFF');
    // One full stop after the quoted value, never `"100"..`.
    // Paused, so the cursor stayed where it was: said so, and nothing before it said again.
    expect(frame.replace(/\s+/g, ' ')).toMatch(/instead of "100"\. Now at t=\d+\./);
    expect(frame).not.toContain('Replaying from the start');
    expect(frame.split('t=1: A sends "0"').length - 1).toBe(1);
    expect(frame).not.toMatch(/"\.\./);
  });

  it('reduced motion: opens at t=0, space steps one event; a toggle shows the whole run at once, paused', async () => {
    const { lastFrame, stdin } = await openLateWrite({ display: { reducedMotion: true } });
    expect(lastFrame()).toContain('t = 0 of 31');
    await press(stdin, 'space');
    expect(lastFrame()).toContain('t = 1 of 31');
    expect(lastFrame()).toContain('■ paused');
    await press(stdin, 'f');
    expect(lastFrame()).toContain('■ paused');
    expect(lastFrame()).toContain('The sink ends at "1"');
  });

  it('an unknown scenario id says so', async () => {
    const { lastFrame } = await renderApp({ screen: 'simulator', scenario: 'no-such-thing' });
    await waitForFrame(lastFrame, 'There is no shipped scenario called "no-such-thing"');
  });

  it('leaving the screen stops the clock', async () => {
    fakePlaybackTimers();
    const { stdin, lastFrame, router } = await openLateWrite();
    await press(stdin, 'space', 'q');
    expect(router.getState().stack.at(-1)?.screen).toBe('home');
    const before = lastFrame();
    expect(vi.getTimerCount()).toBe(0); // the playback timer is gone, not merely unseen
    await playFor(400);
    expect(lastFrame()).toBe(before);
  });
});
