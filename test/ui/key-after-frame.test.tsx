/**
 * A key read right after a frame is drawn acts on the state that frame
 * shows. Ink subscribes a useInput handler in a passive effect, which runs
 * after the frame is written: a key read in between went to the previous
 * render's handler (the Lab screen dropped `r` after a run's verdict on a
 * busy machine, as if the run still went). useKeys reads the latest
 * render's handler, set as that render commits.
 */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useKeys } from '../../src/ui/use-keys.js';

const seen: string[] = [];
let finish: () => void = () => {};

function Screen() {
  const [done, setDone] = useState(false);
  finish = () => setDone(true);
  useKeys((input) => {
    // While the "run" goes, keys are ignored, as on the Lab screen.
    if (done) seen.push(input);
  });
  return <Text>{done ? 'verdict: as expected' : 'running'}</Text>;
}

describe('a key right after a frame', () => {
  it('reaches the handler of the render that drew the frame, not the one before', async () => {
    const { stdin, stdout, lastFrame, unmount } = render(<Screen />);
    // Let the first render's effects subscribe its handler.
    await new Promise((resolve) => setImmediate(resolve));
    expect(lastFrame()).toBe('running');
    // The key arrives as soon as the verdict's frame is written: in a microtask
    // of the commit that wrote it, before React runs that render's passive effects.
    const write = stdout.write.bind(stdout);
    let sent = false;
    stdout.write = (frame: string) => {
      write(frame);
      if (!sent && frame.includes('verdict')) {
        sent = true;
        queueMicrotask(() => stdin.write('r'));
      }
    };
    finish();
    await vi.waitFor(() => expect(sent).toBe(true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['r']);
    unmount();
  });
});
