/**
 * Scrolling keys pressed while the reader shows only its first screen's
 * layout (complete false) are not clamped to it, so they are not lost; once
 * the whole lesson is laid out a top past the end comes back to the last
 * screen. The keys are played as use-reader-keys.ts plays them.
 */
import { Text } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStore } from 'zustand';
import { createReaderStore, type ReaderStore } from '../../src/store/reader-store.js';
import { keysMaxTop, pageFrom, useSettledTop } from '../../src/ui/reader/scroll-limit.js';

afterEach(() => cleanup());

/** The partial layout's last top, and the whole lesson's. */
const PARTIAL_MAX = 2;
const WHOLE_MAX = 200;
const PAGE = 26;

/** The reader's use of useSettledTop: the store's top, settled against the layout's bound. */
function Probe({ reader, complete, maxTop }: { reader: ReaderStore; complete: boolean; maxTop: number }) {
  const top = useStore(reader, (s) => s.top);
  useSettledTop(reader, complete, top, maxTop);
  return createElement(Text, null, `top ${top}`);
}

function shown(reader: ReaderStore, maxTop: number): number {
  return Math.min(reader.getState().top, maxTop);
}

describe('scrolling before the whole lesson is laid out', () => {
  it('Down presses are kept past the first screen and shown once it is complete', () => {
    const reader = createReaderStore();
    for (let i = 0; i < 5; i++) reader.getState().scrollBy(1, keysMaxTop(false, PARTIAL_MAX));
    expect(shown(reader, PARTIAL_MAX)).toBe(PARTIAL_MAX);
    expect(shown(reader, WHOLE_MAX)).toBe(5);
  });

  it('two PageDowns count from the store top, not the clamped one', () => {
    const reader = createReaderStore();
    for (let i = 0; i < 2; i++) {
      const st = reader.getState();
      st.scrollTo(pageFrom(false, st.top, shown(reader, PARTIAL_MAX)) + PAGE, keysMaxTop(false, PARTIAL_MAX));
    }
    expect(shown(reader, WHOLE_MAX)).toBe(2 * PAGE);
    // Once complete, pages count from what is shown, clamped as before.
    const st = reader.getState();
    st.scrollTo(pageFrom(true, st.top, shown(reader, WHOLE_MAX)) + 1000, keysMaxTop(true, WHOLE_MAX));
    expect(reader.getState().top).toBe(WHOLE_MAX);
  });

  it('a top past the end (End pressed early) comes back to the last screen once complete', async () => {
    const reader = createReaderStore();
    reader.getState().scrollTo(Number.MAX_SAFE_INTEGER, keysMaxTop(false, PARTIAL_MAX));
    const app = render(createElement(Probe, { reader, complete: false, maxTop: PARTIAL_MAX }));
    await new Promise((r) => setTimeout(r, 20));
    // Still partial: left alone (shown clamped at render).
    expect(reader.getState().top).toBe(Number.MAX_SAFE_INTEGER);
    app.rerender(createElement(Probe, { reader, complete: true, maxTop: WHOLE_MAX }));
    await new Promise((r) => setTimeout(r, 20));
    expect(reader.getState().top).toBe(WHOLE_MAX);
    expect(app.lastFrame()).toBe(`top ${WHOLE_MAX}`);
  });
});
