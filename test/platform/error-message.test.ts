import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../src/platform/error-message.js';

describe('errorMessage', () => {
  it('reads what a catch may hold', () => {
    expect(errorMessage(new TypeError('bad type'))).toBe('bad type');
    expect(errorMessage('thrown text')).toBe('thrown text');
    // Posted across a worker boundary: a plain object with a message.
    expect(errorMessage({ message: 'from the worker' })).toBe('from the worker');
    expect(errorMessage(null)).toBe('null');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(Object.create(null))).toBe('[object Object]');
  });
});
