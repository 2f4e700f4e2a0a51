import { describe, expect, it } from 'vitest';
import { movePointer } from '../../src/ui/components/select-menu.js';

describe('movePointer: the menu pointer and its window of rows', () => {
  it('wraps at both ends of the list', () => {
    expect(movePointer({ index: 2, offset: 0 }, 1, 3, 3)).toEqual({ index: 0, offset: 0 });
    expect(movePointer({ index: 0, offset: 0 }, -1, 3, 3)).toEqual({ index: 2, offset: 0 });
  });

  it('scrolls the window of `limit` rows so the pointer stays in it', () => {
    expect(movePointer({ index: 2, offset: 0 }, 1, 10, 3)).toEqual({ index: 3, offset: 1 });
    expect(movePointer({ index: 1, offset: 1 }, -1, 10, 3)).toEqual({ index: 0, offset: 0 });
    expect(movePointer({ index: 0, offset: 0 }, -1, 10, 3)).toEqual({ index: 9, offset: 7 });
    expect(movePointer({ index: 9, offset: 7 }, 1, 10, 3)).toEqual({ index: 0, offset: 0 });
  });

  it('moves twice for two moves in a row (each from where the last left it)', () => {
    const twice = movePointer(movePointer({ index: 0, offset: 0 }, 1, 12, 12), 1, 12, 12);
    expect(twice.index).toBe(2);
  });
});
