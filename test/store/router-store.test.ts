import { describe, expect, it } from 'vitest';
import { createRouterStore, currentRoute, type Route } from '../../src/store/router-store.js';

describe('router store', () => {
  it('starts at home and goes back to it; back from home quits with 0', () => {
    const router = createRouterStore();
    router.getState().push({ screen: 'simulator' });
    expect(currentRoute(router.getState())).toEqual({ screen: 'simulator' });
    router.getState().back();
    expect(currentRoute(router.getState())).toEqual({ screen: 'home' });
    expect(router.getState().exitCode).toBeNull();
    router.getState().back();
    expect(router.getState().exitCode).toBe(0);
  });

  it('a route opened directly from the shell: back at its top level quits (to the shell), not to Home', () => {
    for (const route of [
      { screen: 'simulator', scenario: 'late-write' },
      { screen: 'reader', lessonId: 'x' },
      { screen: 'quiz', mode: 'review' },
    ] satisfies Route[]) {
      const router = createRouterStore(route);
      expect(currentRoute(router.getState())).toEqual(route);
      router.getState().back();
      expect(router.getState().exitCode).toBe(0);
    }
  });

  it('back closes help before leaving the screen', () => {
    const router = createRouterStore({ screen: 'quiz' });
    router.getState().toggleHelp();
    router.getState().back();
    expect(router.getState().helpOpen).toBe(false);
    expect(currentRoute(router.getState()).screen).toBe('quiz');
  });

  it('replace swaps the shown route; leaving a screen drops its key capture and Ctrl-C guard', () => {
    const router = createRouterStore();
    router.getState().push({ screen: 'explore' });
    router.getState().replace({ screen: 'explore', scenario: 'x' });
    expect(router.getState().stack).toEqual([{ screen: 'home' }, { screen: 'explore', scenario: 'x' }]);
    router.getState().setCaptureKeys(true);
    router.getState().setCtrlCGuard(() => true);
    router.getState().back();
    expect(router.getState().captureKeys).toBe(false);
    expect(router.getState().ctrlCGuard).toBeNull();
  });

  it('fresh stores do not share state', () => {
    const a = createRouterStore();
    const b = createRouterStore();
    a.getState().push({ screen: 'lab' });
    expect(b.getState().stack).toHaveLength(1);
  });
});
