/**
 * Keys pressed while a screen says "Loading..." (issue 16 kept and replayed
 * them through Ink's internal emitter; issue 32 dropped that): they act at
 * once, as on any screen, and Ctrl-C quits. A screen whose code takes 1.5 s
 * to arrive stands in for a slow machine.
 */
import { act, createElement, lazy } from 'react';
import { Box, Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { Route } from '../../src/store/router-store.js';
import { SCREENS } from '../../src/ui/screens/index.js';
import { SelectMenu } from '../../src/ui/components/select-menu.js';
import { press, renderApp, unknownRoute } from '../helpers/ink.js';

/** The registry with room for this test's own screen. */
const screens = SCREENS as Record<string, unknown>;

afterEach(() => {
  cleanup();
  delete screens['slow-menu'];
});

function MenuScreen({ route }: { route: Route }) {
  const onPick = (route as unknown as { onPick: (value: string) => void }).onPick;
  return createElement(
    Box,
    { flexDirection: 'column' },
    createElement(Text, null, 'slow menu ready'),
    createElement(SelectMenu<string>, {
      items: ['first', 'second', 'third', 'fourth'].map((v) => ({ label: v, value: v })),
      onSelect: (item) => onPick(item.value),
    }),
  );
}

function slowScreen(ms: number) {
  screens['slow-menu'] = {
    component: lazy(() => new Promise<{ default: typeof MenuScreen }>((resolve) => setTimeout(() => resolve({ default: MenuScreen }), ms))),
    keyContext: 'not-built',
  };
}

describe('keys while loading', () => {
  it('q typed during "Loading..." goes back at once: keys are not kept for a screen still loading (issue 32)', async () => {
    slowScreen(1500);
    const { stdin, lastFrame, router } = await renderApp(unknownRoute('slow-menu', { onPick: () => undefined }));
    expect(lastFrame()).toContain('Loading...');
    await press(stdin, 'q');
    expect(router.getState().stack.at(-1)?.screen).toBe('home');
  });

  it('Ctrl-C during "Loading..." quits at once with 130', async () => {
    slowScreen(2000);
    const { stdin, router } = await renderApp(unknownRoute('slow-menu', { onPick: () => undefined }));
    await act(async () => {
      stdin.write('\u0003');
    });
    expect(router.getState().exitCode).toBe(130);
  });
});
