/**
 * The PostgreSQL isolation grid (split with --isolation and --sink-check) as
 * a table: one heading per isolation level, one row per sink check, saying
 * what became of A's stale write and of B's, whose value the row ends with
 * and whether B's write was lost. Narrow enough for an 80-column terminal
 * (the Lab screen), so the words are short: `40001, refused` is a
 * serialization failure, then the retry's check refused the write.
 */
import { ISOLATIONS, SINK_CHECKS } from '../postgres/isolation-grid.js';
import type { GridWriteJson, LabResult, ModeResult } from '../types.js';

export interface GridTableLine {
  kind: 'header' | 'isolation' | 'cell';
  text: string;
  /** A cell where A's stale write landed after B's: B's update lost. */
  lost?: boolean;
}

const ISOLATION_WORDS: Record<(typeof ISOLATIONS)[number], string> = {
  'read-committed': 'read committed',
  'repeatable-read': 'repeatable read',
  serializable: 'serializable',
};

/** The serialization failures a writer met: `40001`, or `40001 x2` for two. */
function failures(w: GridWriteJson): string | undefined {
  if (w.retries === 0) return undefined;
  const code = w.sqlstate ?? 'retried';
  return w.retries === 1 ? code : `${code} x${w.retries}`;
}

function aWords(w: GridWriteJson): string {
  return [failures(w), w.outcome].filter(Boolean).join(', ');
}

function bWords(w: GridWriteJson): string {
  return [w.waited ? 'waited' : undefined, failures(w), w.outcome === 'applied' ? 'committed' : 'refused'].filter(Boolean).join(', ');
}

/** The grid's lines, columns padded to their widest cell, in the order of ISOLATIONS and SINK_CHECKS (the cells run). */
export function gridTableLines(result: LabResult): GridTableLine[] {
  const header = ['sink check', 'A (stale)', 'B (current)', 'final', 'B lost'];
  const groups = ISOLATIONS.map((isolation) => ({
    isolation,
    rows: SINK_CHECKS.flatMap((check) => {
      const m: ModeResult | undefined = (result.modes as Record<string, ModeResult | undefined>)[`${isolation}/${check}`];
      if (!m?.writes) return [];
      const lost = m.staleAccepted === true;
      const final = String(m.final.value ?? '').startsWith('A') ? "A's" : "B's";
      return [{ cells: [check, aWords(m.writes.A), bWords(m.writes.B), final, lost ? 'YES' : 'no'], lost }];
    }),
  })).filter((g) => g.rows.length > 0);
  const widths = header.map((h, c) => Math.max(h.length, ...groups.flatMap((g) => g.rows.map((r) => (r.cells[c] ?? '').length))));
  const line = (cells: string[]) => ` ${cells.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ')}`.trimEnd();
  return [
    { kind: 'header', text: line(header) },
    ...groups.flatMap((g) => [
      { kind: 'isolation' as const, text: ISOLATION_WORDS[g.isolation] },
      ...g.rows.map((r) => ({ kind: 'cell' as const, text: line(r.cells), lost: r.lost })),
    ]),
  ];
}
