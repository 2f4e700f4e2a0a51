/**
 * A Markdown table as plain text that fits the width: natural column widths
 * when they fit, narrower wrapped columns when not, and a stacked
 * "header: value" form when even that cannot fit.
 */
import { padEnd, textWidth, wrapText } from './lesson-wrap.js';

const MIN_COLUMN = 4;

export interface TableText {
  header: string[];
  rows: string[][];
}

interface Frame {
  v: string;
  h: string;
  top: [string, string, string];
  mid: [string, string, string];
  bottom: [string, string, string];
}

const UNICODE: Frame = { v: '│', h: '─', top: ['┌', '┬', '┐'], mid: ['├', '┼', '┤'], bottom: ['└', '┴', '┘'] };
const ASCII: Frame = { v: '|', h: '-', top: ['+', '+', '+'], mid: ['+', '+', '+'], bottom: ['+', '+', '+'] };

export function renderTable(table: TableText, width: number, ascii: boolean): string[] {
  const n = table.header.length;
  if (n === 0) return [];
  const all = [table.header, ...table.rows];
  const natural = Array.from({ length: n }, (_, c) => Math.max(1, ...all.map((r) => textWidth(r[c] ?? ''))));
  const chrome = 3 * n + 1; // "│ " before each cell, " " after, and the closing "│"
  const available = width - chrome;
  if (available < n * MIN_COLUMN) return renderStacked(table, width);
  const widths = fitColumns(natural, available);
  const f = ascii ? ASCII : UNICODE;
  const rule = (ends: [string, string, string]) => ends[0] + widths.map((w) => f.h.repeat(w + 2)).join(ends[1]) + ends[2];
  const row = (cells: string[]): string[] => {
    const wrapped = widths.map((w, c) => wrapText(cells[c] ?? '', w));
    const height = Math.max(...wrapped.map((x) => x.length));
    const lines: string[] = [];
    for (let i = 0; i < height; i++) {
      lines.push(`${f.v}${widths.map((w, c) => ` ${padEnd(wrapped[c]?.[i] ?? '', w)} `).join(f.v)}${f.v}`);
    }
    return lines;
  };
  const out = [rule(f.top), ...row(table.header), rule(f.mid)];
  // Once cells wrap, a rule between rows keeps each row's lines together.
  const separate = widths.some((w, c) => w < (natural[c] ?? 0));
  table.rows.forEach((r, i) => {
    if (i > 0 && separate) out.push(rule(f.mid));
    out.push(...row(r));
  });
  out.push(rule(f.bottom));
  return out;
}

/** Shrink the widest column one step at a time until the total fits. */
function fitColumns(natural: number[], available: number): number[] {
  const widths = [...natural];
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > available) {
    let widest = 0;
    for (let c = 1; c < widths.length; c++) if ((widths[c] ?? 0) > (widths[widest] ?? 0)) widest = c;
    if ((widths[widest] ?? 0) <= MIN_COLUMN) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
    total--;
  }
  return widths;
}

function renderStacked(table: TableText, width: number): string[] {
  const out: string[] = [];
  table.rows.forEach((r, i) => {
    if (i > 0) out.push('');
    table.header.forEach((h, c) => {
      const label = `${h}: `;
      const lines = wrapText(`${label}${r[c] ?? ''}`, width - 2);
      out.push(...lines.map((l, j) => (j === 0 ? l : `  ${l}`)));
    });
  });
  return out;
}
