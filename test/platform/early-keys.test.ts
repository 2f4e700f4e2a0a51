/**
 * The CLI's hold on keys typed while the app loads (platform/early-keys.ts),
 * on a fake terminal stream: raw mode at once, what arrives is kept for the
 * app, a Ctrl-C among it quits with the terminal's line editing back.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyKeys, releaseEarlyKeys, takeEarlyKeys } from '../../src/platform/early-keys.js';

class FakeTerminal extends EventEmitter {
  isTTY = true;
  raw: boolean[] = [];
  paused = false;
  private pending: string[] = [];
  setRawMode(mode: boolean) {
    this.raw.push(mode);
  }
  setEncoding() {}
  pause() {
    this.paused = true;
  }
  read(): string | null {
    return this.pending.shift() ?? null;
  }
  /** What the terminal would deliver: chunks, then one 'readable'. */
  type(...chunks: string[]) {
    this.pending.push(...chunks);
    this.emit('readable');
  }
}

afterEach(() => {
  releaseEarlyKeys();
});

describe('holding the keys typed while the app loads', () => {
  it('turns raw mode on at once and keeps every chunk, in order, for the app', () => {
    const terminal = new FakeTerminal();
    holdEarlyKeys(terminal);
    expect(terminal.raw).toEqual([true]);
    terminal.type('jj', 'j');
    terminal.type('\u001b[B');
    expect(takeEarlyKeys()).toBe('jjj\u001b[B');
    // Handed over: nothing more is read here, and raw mode stays for the app.
    expect(terminal.listenerCount('readable')).toBe(0);
    expect(terminal.raw).toEqual([true]);
    expect(takeEarlyKeys()).toBeUndefined();
  });

  it('a Ctrl-C among the keys gives the terminal its line editing back and quits', () => {
    const terminal = new FakeTerminal();
    let quit = 0;
    holdEarlyKeys(terminal, () => {
      quit += 1;
    });
    terminal.type('jj\u0003j');
    expect(quit).toBe(1);
    expect(terminal.raw).toEqual([true, false]);
    expect(terminal.listenerCount('readable')).toBe(0);
    expect(takeEarlyKeys()).toBeUndefined();
  });

  it('releasing (the app failed to load) restores line editing and stops reading', () => {
    const terminal = new FakeTerminal();
    holdEarlyKeys(terminal);
    releaseEarlyKeys();
    expect(terminal.raw).toEqual([true, false]);
    expect(terminal.paused).toBe(true);
    expect(terminal.listenerCount('readable')).toBe(0);
  });

  it('does nothing when stdin is not a terminal', () => {
    const piped = new FakeTerminal();
    piped.isTTY = false;
    holdEarlyKeys(piped);
    expect(piped.raw).toEqual([]);
    expect(takeEarlyKeys()).toBeUndefined();
  });
});
