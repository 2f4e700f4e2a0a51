/**
 * How things look: symbols (Unicode or ASCII) and colours (or none). Colour
 * never carries meaning alone: every coloured thing also has a symbol and a
 * word. `NO_COLOR`/--no-color are folded into `display.color` by the CLI;
 * chalk would ignore NO_COLOR, so the theme hands out `undefined` colours.
 */
import type { Display } from '../platform/display.js';

export interface Symbols {
  pointer: string;
  up: string;
  down: string;
  left: string;
  right: string;
  bullet: string;
  dot: string;
  hrule: string;
  vrule: string;
  bar: string;
  barEmpty: string;
  playing: string;
  paused: string;
  accepted: string;
  rejected: string;
  arrow: string;
  separator: string;
}

export const UNICODE_SYMBOLS: Symbols = {
  pointer: '❯',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  bullet: '•',
  dot: '·',
  hrule: '─',
  vrule: '│',
  bar: '█',
  barEmpty: '░',
  playing: '▶',
  paused: '■',
  accepted: '✓',
  rejected: '✗',
  arrow: '←',
  separator: '›',
};

export const ASCII_SYMBOLS: Symbols = {
  pointer: '>',
  up: 'up',
  down: 'down',
  left: 'left',
  right: 'right',
  bullet: '*',
  dot: '.',
  hrule: '-',
  vrule: '|',
  bar: '#',
  barEmpty: '.',
  playing: '>',
  paused: '=',
  accepted: '+',
  rejected: 'x',
  arrow: '<-',
  separator: '>',
};

/** Roles, not colours: screens ask for `good`, the theme decides green. */
export type ColorRole = 'accent' | 'good' | 'bad' | 'warn' | 'muted' | 'selected';

const PALETTE: Record<ColorRole, string> = {
  accent: 'cyan',
  good: 'green',
  bad: 'red',
  warn: 'yellow',
  muted: 'gray',
  selected: 'blue',
};

export interface Theme {
  symbols: Symbols;
  /** A colour for Ink's `color` prop, or undefined when colour is off. */
  color: (role: ColorRole) => string | undefined;
  /** Colour is on: worth splitting text into coloured runs. */
  colored: boolean;
  ascii: boolean;
  reducedMotion: boolean;
  narrate: boolean;
}

/**
 * --narrate: a rule across the screen is only decoration, and a screen
 * reader reads a line of box drawing out glyph by glyph; it is blank there.
 */
const NARRATED_RULE = ' ';

export function makeTheme(display: Pick<Display, 'ascii' | 'color' | 'reducedMotion' | 'narrate'>): Theme {
  const symbols = display.ascii ? ASCII_SYMBOLS : UNICODE_SYMBOLS;
  return {
    symbols: display.narrate ? { ...symbols, hrule: NARRATED_RULE } : symbols,
    color: (role) => (display.color ? PALETTE[role] : undefined),
    colored: display.color,
    ascii: display.ascii,
    reducedMotion: display.reducedMotion,
    narrate: display.narrate,
  };
}

/** A box's frame (Home, the exam's confirm): none under --narrate, where it is noise to a screen reader; ASCII under --ascii. */
export function boxBorder(theme: Pick<Theme, 'ascii' | 'narrate'>): { borderStyle?: 'classic' | 'round' } {
  if (theme.narrate) return {};
  return { borderStyle: theme.ascii ? 'classic' : 'round' };
}
