import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { actionFor, helpSections, hintLine, KEY_CONTEXTS, keyName } from '../../src/ui/keymap.js';
import { ASCII_SYMBOLS, UNICODE_SYMBOLS } from '../../src/ui/theme.js';

const none = {} as Key;

describe('keymap', () => {
  it('names keys and maps them to actions per context', () => {
    expect(keyName(' ', none)).toBe('space');
    expect(keyName('c', { ctrl: true } as Key)).toBe('ctrl-c');
    expect(keyName('', { leftArrow: true } as Key)).toBe('left');
    expect(actionFor('simulator', 'f', none)).toBe('fencing');
    expect(actionFor('simulator', '', { rightArrow: true } as Key)).toBe('step-forward');
    expect(actionFor('simulator', 'z', none)).toBeUndefined();
  });

  it('no key is bound twice within a context or against the global keys', () => {
    const global = new Set(KEY_CONTEXTS.global?.bindings.flatMap((b) => b.keys));
    for (const [id, ctx] of Object.entries(KEY_CONTEXTS)) {
      const keys = ctx.bindings.flatMap((b) => b.keys);
      expect(new Set(keys).size, id).toBe(keys.length);
      if (id !== 'global') for (const k of keys) expect(global.has(k), `${id}: ${k}`).toBe(false);
    }
  });

  it('generates the hint line, cut to the width, with the global keys last', () => {
    expect(hintLine('home', UNICODE_SYMBOLS, 200)).toBe('↑/↓ move  enter open  ? help  q/esc back');
    expect(hintLine('home', ASCII_SYMBOLS, 200)).toBe('up/down move  enter open  ? help  q/esc back');
    expect(hintLine('simulator', UNICODE_SYMBOLS, 40).length).toBeLessThanOrEqual(40);
  });

  it('generates help from the focused context, then global', () => {
    const sections = helpSections('simulator', UNICODE_SYMBOLS);
    expect(sections.map((s) => s.title)).toEqual(['Simulator', 'Everywhere']);
    expect(sections[0]?.rows.find((r) => r.keys === 'f')?.help).toMatch(/fencing/);
  });
});
