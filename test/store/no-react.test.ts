// The stores are vanilla zustand: loading them must not load React (or Ink),
// so they can be used and tested without a terminal (design.md, zustand).
import { describe, expect, it, vi } from 'vitest';

vi.mock('react', () => {
  throw new Error('a store imported React');
});
vi.mock('ink', () => {
  throw new Error('a store imported Ink');
});

describe('stores without React', () => {
  it('the router and simulator stores load and work with React and Ink unavailable', async () => {
    const { createRouterStore } = await import('../../src/store/router-store.js');
    const { createSimulatorStore } = await import('../../src/store/simulator-store.js');
    const { ENGINE } = await import('../../src/store/engine-calls.js');
    const router = createRouterStore();
    router.getState().push({ screen: 'simulator' });
    expect(router.getState().stack).toHaveLength(2);
    expect(typeof createSimulatorStore(ENGINE).getState().open).toBe('function');
  });

  it('the sandbox, its controls and the act menu load and work with React and Ink unavailable', async () => {
    const { createSandboxStore } = await import('../../src/store/sandbox-store.js');
    const { createSandboxControls } = await import('../../src/store/sandbox-controls.js');
    const { simulate } = await import('../../src/core/engine.js');
    const sandbox = createSandboxStore({ simulate });
    sandbox.getState().open({
      id: 'x',
      config: { ttl: 10, keepalive: true, fencing: true, minting: 'durable', check: 'atomic', splitGap: 1, initial: null },
      steps: [{ at: 0, actor: 'A', do: 'acquire', wait: true }],
    });
    const controls = createSandboxControls({
      sandbox,
      now: () => ({ tick: 1, minting: 'durable' }),
      save: () => ({ refused: 'not in this test' }),
      defaultPath: (id) => `${id}.yaml`,
      idFromTitle: (t) => t,
    });
    controls.getState().openMenu();
    controls.getState().choose(0);
    controls.getState().choose(2);
    expect(sandbox.getState().steps.map((s) => s.do)).toEqual(['acquire', 'release']);
  });
});
