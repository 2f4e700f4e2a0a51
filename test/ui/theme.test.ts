import { describe, expect, it } from 'vitest';
import { ASCII_SYMBOLS, makeTheme, UNICODE_SYMBOLS } from '../../src/ui/theme.js';

const base = { ascii: false, color: true, reducedMotion: false, narrate: false };

describe('theme', () => {
  it('hands out colours only when colour is on', () => {
    expect(makeTheme(base).color('good')).toBe('green');
    expect(makeTheme({ ...base, color: false }).color('good')).toBeUndefined();
  });

  it('ASCII symbols are ASCII and differ from the Unicode ones where it matters', () => {
    for (const s of Object.values(ASCII_SYMBOLS)) expect(s).toMatch(/^[\x20-\x7e]+$/);
    expect(makeTheme({ ...base, ascii: true }).symbols).toBe(ASCII_SYMBOLS);
    expect(makeTheme(base).symbols).toBe(UNICODE_SYMBOLS);
    expect(ASCII_SYMBOLS.accepted).not.toBe(ASCII_SYMBOLS.rejected);
  });
});
