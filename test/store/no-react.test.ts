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
});
