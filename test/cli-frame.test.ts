import { describe, expect, it } from 'vitest';
import { toJson } from '../src/cli/json-output.js';
import { decideDisplay } from '../src/cli/terminal.js';

describe('display decisions', () => {
  const tty = { stdin: { isTTY: true }, stdout: { isTTY: true, columns: 120, rows: 40 } };
  it('is interactive only with both streams on a TTY', () => {
    expect(decideDisplay({}, tty, {}).interactive).toBe(true);
    expect(decideDisplay({}, { stdin: {}, stdout: { isTTY: true } }, {}).interactive).toBe(false);
    expect(decideDisplay({ plain: true }, tty, {}).interactive).toBe(false);
    expect(decideDisplay({}, tty, { CI: 'true' }).interactive).toBe(true);
  });
  it('chooses ASCII for a non-UTF-8 locale and honours NO_COLOR', () => {
    expect(decideDisplay({}, tty, { LANG: 'C' }).ascii).toBe(true);
    expect(decideDisplay({}, tty, { LANG: 'en_US.UTF-8' }).ascii).toBe(false);
    expect(decideDisplay({}, tty, { NO_COLOR: '1' }).color).toBe(false);
    expect(decideDisplay({ color: false }, tty, {}).color).toBe(false);
  });
});

describe('JSON output', () => {
  it('writes bigints past 2^53 as exact integers', () => {
    const big = 2n ** 60n + 1n;
    expect(toJson({ n: big }, 0)).toBe('{"n":1152921504606846977}');
  });
});
