import { describe, expect, it } from 'vitest';
import { safeText } from '../../src/core/display-text.js';
import { isNeutral, sanitizeLine, sanitizeText } from '../../src/core/neutralise.js';

/** One sample of each class the terminal must never receive as is. */
const CLASSES: Record<string, string> = {
  'C0 control': '\u0007',
  'lone ESC': '\u001b',
  DEL: '\u007f',
  'C1 control': '\u0085',
  'RLO (bidi override)': '\u202e',
  'LRE (bidi embedding)': '\u202a',
  'RLI (bidi isolate)': '\u2067',
  'PDI (bidi isolate end)': '\u2069',
  'LRM/RLM marks': '\u200f',
  'Arabic letter mark': '\u061c',
  'zero-width space': '\u200b',
  'zero-width joiner': '\u200d',
  'soft hyphen': '\u00ad',
  'BOM / ZWNBSP': '\ufeff',
  'tag character': '\u{e0041}',
  'line separator': '\u2028',
  'Hangul filler': '\u3164',
  'halfwidth Hangul filler': '\uffa0',
  'braille blank': '\u2800',
  'combining grapheme joiner': '\u034f',
  'variation selector 1': '\ufe00',
  'variation selector 17': '\u{e0100}',
};

describe('the one neutralise function', () => {
  for (const [name, ch] of Object.entries(CLASSES)) {
    it(`shows a ${name} as a visible <U+XXXX> placeholder`, () => {
      const code = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      expect(sanitizeLine(`a${ch}b`)).toBe(`a<U+${code}>b`);
      expect(isNeutral(sanitizeText(`a${ch}b`))).toBe(true);
      expect(isNeutral(`a${ch}b`)).toBe(false);
    });
  }

  it('removes whole escape sequences (CSI, OSC, C1 CSI) rather than showing them', () => {
    expect(sanitizeLine('x\u001b[31mred\u001b[0m\u001b]0;title\u0007 \u009b2J')).toBe('xred ');
  });

  it('an OSC or DCS that never ends loses its introducer, not the rest of the text', () => {
    expect(sanitizeLine('quoted "bad\u001b]0;PWNE…". Fix: use kebab-case')).toBe('quoted "bad0;PWNE…". Fix: use kebab-case');
    expect(sanitizeLine('a\u001bPq never ended')).toBe('aq never ended');
    expect(sanitizeLine('a\u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\ b')).toBe('alink b');
  });

  it('keeps text, newlines and ordinary Unicode (accents, CJK, emoji, right-to-left letters)', () => {
    const text = 'café 漢字 🙂 שלום\nnext';
    expect(sanitizeText(text)).toBe(text);
    expect(isNeutral(text)).toBe(true);
  });

  it('reads "Trojan Source" text as it is stored: the override is visible, not applied', () => {
    const trojan = 'access = "user\u202e \u2066// admin\u2069 \u2066"';
    expect(sanitizeLine(trojan)).toBe('access = "user<U+202E> <U+2066>// admin<U+2069> <U+2066>"');
  });

  it('keeps eight combining marks on a letter and counts the rest of a flood', () => {
    const accents = '\u0301'.repeat(8);
    expect(sanitizeLine(`a${accents}b`)).toBe(`a${accents}b`);
    expect(isNeutral(`a${accents}b`)).toBe(true);
    const flood = `Z${'\u0301\u0316'.repeat(1500)}!`;
    expect(sanitizeText(flood)).toBe(`Z${'\u0301\u0316'.repeat(4)}<+2992 marks>!`);
    expect(isNeutral(flood)).toBe(false);
    expect(isNeutral(sanitizeText(flood))).toBe(true);
  });

  it('keeps emoji presentation selectors (VS15, VS16) and text with two accents on a letter', () => {
    const text = '❤️ ☺︎ Việt';
    expect(sanitizeText(text)).toBe(text);
    expect(isNeutral(text)).toBe(true);
  });

  it('is the function the core uses for scenario values (narration, timelines)', () => {
    expect(safeText('v\u202eal', 40)).toBe('v<U+202E>al');
  });
});
