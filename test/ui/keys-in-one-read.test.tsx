/**
 * Keys that reach the app in one read (a busy machine, a pasted sequence)
 * each count on the screens driven by our stores. The menus built on
 * ink-select-input do not (docs/troubleshooting.md); this keeps the rest
 * from regressing.
 */
import { act } from 'react';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';

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
});
