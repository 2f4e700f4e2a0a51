/**
 * Keys that reach the app in one read (a busy machine, a pasted sequence, a
 * held key's autorepeat) each count, on every screen: the menus too
 * (SelectMenu; ink-select-input, which they used before, moved once for two
 * keys in one read).
 */
import { act } from 'react';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';
import { keysOf } from '../../src/ui/use-keys.js';

afterEach(() => cleanup());

const narration = (frame: string) => frame.split('\n').find((l) => /^ t=\d+:/.test(l)) ?? '';

describe('keys in one read', () => {
  it('the simulator steps three times for three → in one chunk, as for three separate presses', async () => {
    const chunk = await renderApp({ screen: 'simulator', scenario: 'late-write' });
    await waitForFrame(chunk.lastFrame, /fencing ON/);
    await act(async () => {
      chunk.stdin.write('\u001b[C\u001b[C\u001b[C');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const afterChunk = narration(chunk.lastFrame()!);
    chunk.unmount();
    const separate = await renderApp({ screen: 'simulator', scenario: 'late-write' });
    await waitForFrame(separate.lastFrame, /fencing ON/);
    await press(separate.stdin, 'right', 'right', 'right');
    expect(afterChunk).toMatch(/^ t=3:/);
    expect(afterChunk).toBe(narration(separate.lastFrame()!));
  });

  it('the reader scrolls three lines for "jjj" in one write (a held key\'s autorepeat), as for three presses', async () => {
    const topLine = (frame: string | undefined) => Number(/ (\d+)-\d+ of \d+ lines/.exec(frame ?? '')?.[1]);
    const app = await renderApp({ screen: 'reader', lessonId: 'lease-budgets' }, { size: { columns: 100, rows: 30 } });
    await waitForFrame(app.lastFrame, / \d+-\d+ of \d+ lines/, 15_000);
    const top = topLine(app.lastFrame());
    await act(async () => {
      app.stdin.write('jjj');
    });
    await waitForFrame(app.lastFrame, new RegExp(` ${top + 3}-\\d+ of \\d+ lines`), 15_000);
    expect(topLine(app.lastFrame())).toBe(top + 3);
  });

  it('the simulator lengthens the lease four times for "]]]]" in one write', async () => {
    const app = await renderApp({ screen: 'simulator', scenario: 'late-write' });
    await waitForFrame(app.lastFrame, /lease 10\b/);
    await act(async () => {
      app.stdin.write(']]]]');
    });
    await waitForFrame(app.lastFrame, /lease 14\b/);
    expect(app.lastFrame()).toMatch(/lease 14\b/);
  });
});

describe('a menu, keys in one read', () => {
  const pointed = (frame: string | undefined) => /❯ \d (\w+)/.exec(frame ?? '')?.[1];

  it.each([
    ['two Down arrows', '\u001b[B\u001b[B'],
    ['"jj"', 'jj'],
  ])('Home moves the pointer two rows for %s in one write', async (_name, chunk) => {
    const app = await renderApp({ screen: 'home' });
    await waitForFrame(app.lastFrame, /Continue/);
    expect(pointed(app.lastFrame())).toBe('Continue');
    await act(async () => {
      app.stdin.write(chunk);
    });
    await waitForFrame(app.lastFrame, /❯ 3 Simulator/);
    expect(pointed(app.lastFrame())).toBe('Simulator');
  });

  it('Enter in the same read as the moves opens the row they reached', async () => {
    const app = await renderApp({ screen: 'home' });
    await waitForFrame(app.lastFrame, /Continue/);
    await act(async () => {
      app.stdin.write('jj\r');
    });
    // The third entry: the Simulator, which opens on its scenario picker.
    await waitForFrame(app.lastFrame, /pick a scenario/);
    expect(app.lastFrame()).toMatch(/pick a scenario/);
  });
});

describe('keysOf: one read as the keys pressed', () => {
  const plain = { ctrl: false, meta: false, escape: false, shift: false, return: false } as Key;
  it('splits a run of printable keys, and a trailing Enter, into one key each', () => {
    expect(keysOf('jjj', plain).map(([input]) => input)).toEqual(['j', 'j', 'j']);
    const withEnter = keysOf('2 3\r', plain);
    expect(withEnter.map(([input]) => input)).toEqual(['2', ' ', '3', '']);
    expect(withEnter.at(-1)?.[1].return).toBe(true);
    expect(keysOf('jG', plain)[1]?.[1].shift).toBe(true);
  });
  it('keeps one key, a modified key and an escape sequence whole', () => {
    expect(keysOf('j', plain)).toEqual([['j', plain]]);
    expect(keysOf('c', { ...plain, ctrl: true })).toHaveLength(1);
    expect(keysOf('\u001b[A', plain)).toHaveLength(1);
  });
});

describe('a text field, keys in one read', () => {
  const plain = { ctrl: false, meta: false, escape: false, shift: false, return: false } as Key;
  it('takes a run of printable keys whole, and an Enter read with it after it', () => {
    expect(keysOf('lease ID', plain, true)).toEqual([['lease ID', plain]]);
    const withEnter = keysOf('lease ID\r', plain, true);
    expect(withEnter.map(([input]) => input)).toEqual(['lease ID', '']);
    expect(withEnter.map(([, key]) => key.return)).toEqual([false, true]);
    expect(keysOf('ab\rcd', plain, true).map(([input]) => input)).toEqual(['ab', '', 'cd']);
    expect(keysOf('ab\u001b[A', plain, true)).toEqual([['ab\u001b[A', plain]]);
    expect(keysOf('ab\u0003', plain, true)).toEqual([['c', expect.objectContaining({ ctrl: true })]]);
  });

  it('the reader\'s search types "lease ID" and jumps to its first hit for "lease ID" and Enter in one write', async () => {
    const app = await renderApp({ screen: 'reader', lessonId: 'stale-holder' }, { size: { columns: 100, rows: 30 } });
    await waitForFrame(app.lastFrame, 'Lesson ', 15_000);
    await press(app.stdin, '/');
    await waitForFrame(app.lastFrame, /type at least 2 characters/, 15_000);
    await act(async () => {
      app.stdin.write('lease ID\r');
    });
    // The box closes on the jump, and the line it jumped to is on screen.
    const frame = await waitForFrame(app.lastFrame, /↑\/↓ scroll/, 15_000);
    // Its first hit, in this lesson, pointed at and marked: before, the box refused the whole read.
    expect(frame).toMatch(/❯.*»lease ID«/);
    expect(frame).not.toContain('esc cancel');
  });
});
