import { describe, expect, it } from 'vitest';
import { splitKeys } from '../../src/ui/split-keys.js';

describe('splitKeys', () => {
  it('gives each plain character of a run as its own key', () => {
    expect(splitKeys('jjj')).toEqual(['j', 'j', 'j']);
    expect(splitKeys('2\r')).toEqual(['2', '\r']);
    expect(splitKeys('jj\u0003')).toEqual(['j', 'j', '\u0003']);
  });

  it('keeps escape sequences whole: arrows, page keys, SS3, Alt+key, Alt+arrow', () => {
    expect(splitKeys('\u001b[B\u001b[Bj\r')).toEqual(['\u001b[B', '\u001b[B', 'j', '\r']);
    expect(splitKeys('\u001b[6~q')).toEqual(['\u001b[6~', 'q']);
    expect(splitKeys('\u001bOAx')).toEqual(['\u001bOA', 'x']);
    expect(splitKeys('\u001bx\u001b\u001b[A')).toEqual(['\u001bx', '\u001b\u001b[A']);
    expect(splitKeys('\u001b[1;5C\u001b[[A')).toEqual(['\u001b[1;5C', '\u001b[[A']);
  });

  it('keeps a character outside the BMP whole, and a lone Escape at the end', () => {
    expect(splitKeys('a😀b')).toEqual(['a', '😀', 'b']);
    expect(splitKeys('q\u001b')).toEqual(['q', '\u001b']);
  });

  it('gives nothing for nothing', () => {
    expect(splitKeys('')).toEqual([]);
  });
});
