/**
 * The rows `challenges` lists: each challenge with what the learner solved.
 * One function for the commander path (commands/challenges.ts, on the
 * snapshot or the loaders) and the fast path (fast-path.ts, on the summaries
 * the build wrote), so both print the same bytes. Kept free of the loaders
 * and of anything heavy: the CommonJS entry holds it.
 */
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
