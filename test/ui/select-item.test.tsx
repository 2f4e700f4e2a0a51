/**
 * The shared list row (src/ui/components/select-item.tsx): the pointer keeps
 * its column and the space after it when a label is wider than the list.
 * Home's Continue row says the lesson in progress, and a long title
 * ("5. A concrete implementation: etcd mints, SQLite checks") pushed the
 * label against the pointer ("❯1 Continue").
 */
import { Box } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Display } from '../../src/platform/display.js';
import { createRouterStore } from '../../src/store/router-store.js';
import { AppContext } from '../../src/ui/app-context.js';
import { SelectMenu } from '../../src/ui/components/select-menu.js';
import { makeTheme } from '../../src/ui/theme.js';

afterEach(() => cleanup());

const display: Display = { interactive: true, ascii: false, color: false, reducedMotion: false, narrate: false, columns: 40, rows: 10 };

function list(labels: string[], width: number): string {
  const value = {
    display,
    theme: makeTheme(display),
    router: createRouterStore({ screen: 'home' }),
    flags: { plain: false, ascii: false, color: false, reducedMotion: false, narrate: false },
    services: {},
    area: { columns: width, rows: 10 },
  };
  const items = labels.map((label) => ({ label, value: label }));
  const tree = createElement(
    AppContext.Provider,
    { value },
    createElement(Box, { width }, createElement(SelectMenu<string>, { items, onSelect: () => undefined })),
  );
  return render(tree).lastFrame() ?? '';
}

describe('a list row wider than its list', () => {
  it('keeps the pointer, a space, then the label, cut at the edge', () => {
    const rows = list(['1 Continue    5. A concrete implementation: etcd mints, SQLite checks', '2 Lessons'], 40).split('\n');
    expect(rows[0]).toMatch(/^❯ 1 Continue {4}5\. A concrete/);
    expect(rows[0]!.length).toBeLessThanOrEqual(40);
    expect(rows[1]).toMatch(/^ {2}2 Lessons/);
  });
});
