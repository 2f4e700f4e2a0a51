/** The symbols a timeline is drawn with, in Unicode and in ASCII; each has a legend entry. */
import type { MarkKind, SpanKind } from './model.js';

export interface Glyphs {
  span: Record<SpanKind, string>;
  mark: Record<MarkKind, string>;
  accepted: string;
  rejected: string;
  axisLine: string;
  axisTick: string;
  axisStart: string;
  cursor: string;
}

export const UNICODE: Glyphs = {
  span: { lease: '═', holding: '─', paused: '░', waiting: '·' },
  mark: {
    grant: '●',
    expire: '╳',
    release: '┤',
    wait: '◌',
    deny: '⊘',
    failover: '◆',
    send: 'w',
    accept: '✓',
    reject: '✗',
    check: '?',
    apply: '✓',
    restart: '↻',
  },
  accepted: '✓',
  rejected: '✗',
  axisLine: '─',
  axisTick: '┼',
  axisStart: '├',
  cursor: '▼',
};

export const ASCII: Glyphs = {
  span: { lease: '=', holding: '-', paused: '#', waiting: '.' },
  mark: {
    grant: '*',
    expire: 'X',
    release: ']',
    wait: 'o',
    deny: '/',
    failover: '!',
    send: 'w',
    accept: '+',
    reject: 'x',
    check: '?',
    apply: '+',
    restart: 'R',
  },
  accepted: 'ok',
  rejected: 'NO',
  axisLine: '-',
  axisTick: '+',
  axisStart: '+',
  cursor: 'v',
};
