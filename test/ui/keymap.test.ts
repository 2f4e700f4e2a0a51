import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { actionFor, helpSections, hintLine, KEY_CONTEXTS, keyName } from '../../src/ui/keymap.js';
import { ORDERING_KEYS } from '../../src/ui/screens/quiz/quiz-keys.js';
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

  it('an ordering takes the same keys in the quiz and in a lesson self-check (issue 17)', () => {
    for (const id of ['quiz-practice', 'quiz-exam', 'reader-quiz'] as const) {
      for (const b of ORDERING_KEYS) expect(KEY_CONTEXTS[id]?.bindings, id).toContainEqual(b);
    }
    // Shift+arrow is its own key where a context binds it, else the plain arrow.
    expect(actionFor('reader-quiz', '', { shift: true, downArrow: true } as Key)).toBe('event-down');
    expect(actionFor('quiz-practice', '', { shift: true, upArrow: true } as Key)).toBe('event-up');
    expect(actionFor('reader', '', { shift: true, downArrow: true } as Key)).toBe('down');
  });

  it('no key is bound twice within a context', () => {
    for (const [id, ctx] of Object.entries(KEY_CONTEXTS)) {
      const keys = ctx.bindings.flatMap((b) => b.keys);
      expect(new Set(keys).size, id).toBe(keys.length);
    }
  });

  it("the app's own screens leave the global keys alone (a part that captures keys may rebind them)", () => {
    const global = new Set<string>(KEY_CONTEXTS.global?.bindings.flatMap((b) => b.keys));
    for (const id of ['home', 'scenario-picker', 'simulator', 'predict', 'explore'] as const) {
      for (const k of KEY_CONTEXTS[id]?.bindings.flatMap((b) => b.keys) ?? []) expect(global.has(k), `${id}: ${k}`).toBe(false);
    }
  });

  it('generates the hint line, cut to the width, with the global keys last', () => {
    // Home has nothing behind it: q quits there, and its hint says so.
    expect(hintLine('home', UNICODE_SYMBOLS, 200)).toBe('↑/↓ move  enter open  ? help  q quit');
    expect(hintLine('home', ASCII_SYMBOLS, 200)).toBe('up/down move  enter open  ? help  q quit');
    const narrow = hintLine('simulator', UNICODE_SYMBOLS, 40);
    expect(narrow.length).toBeLessThanOrEqual(40);
    expect(narrow.endsWith('? help  q back')).toBe(true);
    expect(hintLine('simulator', UNICODE_SYMBOLS, 79)).toContain('e explore');
  });

  it('generates help from the focused context, then global', () => {
    const sections = helpSections('simulator', UNICODE_SYMBOLS);
    expect(sections.map((s) => s.title)).toEqual(['Simulator', 'Everywhere']);
    expect(sections[0]?.rows.find((r) => r.keys === 'f')?.help).toMatch(/fencing/);
  });
});

describe('a challenge and the simulator sandbox share their act keys', () => {
  const none = {
    upArrow: false,
    downArrow: false,
    leftArrow: false,
    rightArrow: false,
    return: false,
    escape: false,
    ctrl: false,
    shift: false,
    tab: false,
    backspace: false,
    delete: false,
    meta: false,
    pageUp: false,
    pageDown: false,
  } as Parameters<typeof actionFor>[2];
  it('undo, redo, delete, a tick earlier or later and a delay mean the same on both', () => {
    for (const [input, key] of [
      ['u', none],
      ['y', none],
      ['+', none],
      ['-', none],
      ['', { ...none, backspace: true }],
      ['', { ...none, leftArrow: true }],
      ['', { ...none, rightArrow: true }],
    ] as const) {
      const sandbox = actionFor('steps', input, key) ?? actionFor('simulator', input, key);
      expect(actionFor('challenge', input, key), JSON.stringify([input, key])).toBe(sandbox);
    }
  });
  it('x adds a step on both (the act menu in the simulator, the add list in a challenge)', () => {
    expect(actionFor('simulator', 'x', none)).toBe('act');
    expect(actionFor('challenge', 'x', none)).toBe('add');
  });
});
