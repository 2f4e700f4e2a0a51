/**
 * The rows `challenges` lists: each challenge with what the learner solved,
 * and their plain text. One pair of functions for the commander path
 * (commands/challenges.ts, on the snapshot or the loaders) and the fast path
 * (fast-path.ts, on the summaries the build wrote), so both print the same bytes. Kept free of the loaders
 * and of anything heavy: the CommonJS entry holds it.
 */
import { sanitizeText } from '../../core/neutralise.js';
import type { Display } from '../../platform/display.js';
import type { ChallengeProgress } from '../../progress/progress-file.js';

/** What a row needs of a challenge: the loader's Challenge has these fields, and so has the build's summary (fast-outputs-make.ts). */
export interface ChallengeSummary {
  id: string;
  title: string;
  lesson: string;
  par: number;
  proof?: unknown;
  local?: boolean;
}

export interface ChallengeRow {
  id: string;
  title: string;
  lesson: string;
  status: string;
  fewestActs: number | null;
  par: number;
  proof?: boolean;
  local?: boolean;
}

/** The summary the build writes for a challenge: only what challengeRows reads (proof kept as a flag). */
export function challengeSummary(c: ChallengeSummary): ChallengeSummary {
  return { id: c.id, title: c.title, lesson: c.lesson, par: c.par, ...(c.proof !== undefined ? { proof: true } : {}), ...(c.local ? { local: true } : {}) };
}

export function challengeRows(list: readonly ChallengeSummary[], solved: Readonly<Record<string, ChallengeProgress>>): ChallengeRow[] {
  return list.map((c) => ({
    id: c.id,
    title: c.title,
    lesson: c.lesson,
    status: solved[c.id] ? 'solved' : 'unsolved',
    fewestActs: solved[c.id]?.fewestActs ?? null,
    par: c.par,
    ...(c.proof !== undefined ? { proof: true } : {}),
    ...(c.local ? { local: true } : {}),
  }));
}

/** The plain-text list `challenges` prints (without --json). */
export function challengeListText(rows: readonly ChallengeRow[], display: Pick<Display, 'ascii'>): string {
  const done = display.ascii ? '+' : '✓';
  const idWidth = Math.max(...rows.map((r) => r.id.length), 2);
  const lines = rows.map((r) => {
    const mark = r.status === 'solved' ? done : ' ';
    const score = r.fewestActs === null ? `par ${r.par}` : `${r.fewestActs}/${r.par} acts`;
    const tags = [r.proof ? 'proof' : '', r.local ? 'local' : ''].filter((t) => t !== '').join(', ');
    return `${mark} ${r.id.padEnd(idWidth)}  ${r.title}${tags ? ` (${tags})` : ''}  [${r.lesson}; ${score}]`;
  });
  const solved = rows.filter((r) => r.status === 'solved').length;
  return sanitizeText(`${lines.join('\n')}\n\n${solved} of ${rows.length} solved. Open one: fence-tutor challenge ${rows[0]?.id ?? 'ID'}\n`);
}
