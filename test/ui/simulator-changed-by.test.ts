/**
 * Issue 16: the simulator's "Changed by" line says why, and when the timed
 * run stays the same but other orderings differ, says so (counted off the
 * UI thread, shown when ready) and offers `e`.
 */
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { explore } from '../../src/core/explorer.js';
import { findShippedScenario } from '../../src/content/scenario/scenario-loader.js';
import { orderingHint } from '../../src/store/ordering-hint.js';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';

afterEach(() => cleanup());

const flat = (frame: string | undefined) => (frame ?? '').replace(/\s+/g, ' ');

async function openLateWrite() {
  const app = await renderApp({ screen: 'simulator', scenario: 'late-write' });
  await waitForFrame(app.lastFrame, 'Simulator › late-write');
  return app;
}

describe('Changed by, explained', () => {
  it('minting on a run with no failover: says it cannot matter, never "the same outcome"', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'd');
    await waitForFrame(lastFrame, 'Changed by');
    expect(flat(lastFrame())).toContain('Changed by minting volatile: no failover in this run, so minting cannot matter');
    expect(flat(lastFrame())).not.toContain('the same outcome');
  });

  it('a lease that outlasts the pause says B never gets the lock', async () => {
    const { stdin, lastFrame } = await renderApp({ screen: 'simulator', scenario: 'late-write', overrides: { ttl: 30 } });
    await waitForFrame(lastFrame, 'Simulator › late-write');
    await press(stdin, ']');
    await waitForFrame(lastFrame, 'Changed by');
    expect(flat(lastFrame())).toContain("Changed by lease 31 ticks: the lease now outlasts A's pause, so B never gets the lock");
  });

  it('a split check changes nothing in the timed run but does in 6 of 15 orderings: it says so and offers e', async () => {
    const { stdin, lastFrame } = await openLateWrite();
    await press(stdin, 'a');
    await waitForFrame(lastFrame, 'Changed by');
    const frame = flat(await waitForFrame(lastFrame, /orderings accept/));
    expect(frame).toContain('In other orderings it does: 6 of 15 orderings accept a stale write (before: 0 of 3); e shows them.');
  });

  it('no hint when the orderings agree', () => {
    const s = findShippedScenario('late-write')!;
    expect(orderingHint(explore(s), explore(s, { minting: 'volatile' }))).toBeNull();
  });
});
