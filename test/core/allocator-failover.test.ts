/**
 * The shipped `allocator-failover` scenario rebuilds the grantor/storage demo
 * of the fencing-tokens chapter (seed 004) with leases. Printed in the
 * demo's own format, its run must reproduce the demo's printed output in
 * both minting modes.
 */
import { describe, expect, it } from 'vitest';
import { findShippedScenario } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import type { SimResult, Token } from '../../src/core/types.js';

const DURABLE = `A token=(0, 1) accepted (value=A1)
A token=(0, 1) accepted (value=A1)
B token=(0, 2) accepted (value=B1)
A token=(0, 1) REJECTED (max_seen=(0, 2))
A pauses (GC) holding token (0, 3); wakes after B writes
B token=(0, 4) accepted (value=B2)
A token=(0, 3) REJECTED (max_seen=(0, 4))
C token=(1, 5) accepted (value=C1)`;

const VOLATILE = `A token=(0, 1) accepted (value=A1)
A token=(0, 1) accepted (value=A1)
B token=(0, 2) accepted (value=B1)
A token=(0, 1) REJECTED (max_seen=(0, 2))
A pauses (GC) holding token (0, 3); wakes after B writes
B token=(0, 4) accepted (value=B2)
A token=(0, 3) REJECTED (max_seen=(0, 4))
C token=(0, 1) REJECTED (max_seen=(0, 4))`;

const pair = (t: Token | null | undefined) => (t ? `(${t[0]}, ${t[1]})` : 'None');

/** The run in the demo's print format: one line per decided write, plus the pause. */
function demoOutput(r: SimResult): string {
  const lines: string[] = [];
  for (const e of r.events) {
    if (e.kind === 'accept') lines.push(`${e.actor} token=${pair(e.token)} accepted (value=${e.value})`);
    if (e.kind === 'reject') lines.push(`${e.actor} token=${pair(e.token)} REJECTED (max_seen=${pair(e.hwm)})`);
    if (e.kind === 'pause') {
      const token = r.grants.filter((g) => g.actor === e.actor && g.t <= e.t).at(-1)?.token;
      const next = r.events.find((x) => x.t > e.t && x.kind === 'accept' && x.actor !== e.actor);
      lines.push(`${e.actor} pauses (GC) holding token ${pair(token)}; wakes after ${next?.actor} writes`);
    }
  }
  return lines.join('\n');
}

describe('allocator-failover reproduces the book demo', () => {
  const scenario = findShippedScenario('allocator-failover')!;

  it('durable minting: every regressed token rejected, C accepted with epoch 1', () => {
    const r = simulate(scenario, { minting: 'durable' });
    expect(demoOutput(r)).toBe(DURABLE);
    expect(r.final).toEqual({ value: 'C1', hwm: [1, 5] });
    expect(r.staleAcceptances).toBe(0);
  });

  it("volatile minting: C's reissued (0, 1) is rejected only because the sink remembers (0, 4)", () => {
    const r = simulate(scenario, { minting: 'volatile' });
    expect(demoOutput(r)).toBe(VOLATILE);
    expect(r.grants.at(-1)).toEqual({ t: 28, actor: 'C', token: [0, 1] });
    expect(r.final).toEqual({ value: 'B2', hwm: [0, 4] });
  });

  it('the file itself is durable', () => {
    expect(scenario.config.minting).toBe('durable');
    expect(demoOutput(simulate(scenario))).toBe(DURABLE);
  });
});
