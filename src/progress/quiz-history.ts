/**
 * Quiz history for Progress: the reports the quiz keeps in the data
 * directory's `reports/` (one JSON file per sitting), newest first. A file
 * that does not read as a report is skipped: it is the quiz's file, not ours
 * to move, and one bad file should not hide the others.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sanitizeName } from '../content/shared/sanitize.js';
import { dataDir } from '../platform/data-dir.js';
import { readBoundedText } from '../platform/bounded-read.js';
import { MAX_CONTENT_BYTES } from '../content/shared/input-limits.js';

export interface QuizSitting {
  quiz: string;
  mode: string;
  score: number;
  passed: boolean | null;
  questions: number;
  finishedAt: string;
  incomplete: boolean;
}

function reportsDir(dir: string = dataDir()): string {
  return join(dir, 'reports');
}

function sittingOf(raw: unknown): QuizSitting | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.quiz !== 'string' || typeof r.score !== 'number' || typeof r.finishedAt !== 'string') return null;
  const finished = Date.parse(r.finishedAt);
  // Shown as its first 16 characters: stored in its canonical form, as the
  // date parser also takes "Dec 1 2026 (any text)" and the text could be an
  // escape sequence cut short.
  if (Number.isNaN(finished)) return null;
  return {
    quiz: sanitizeName(r.quiz),
    mode: typeof r.mode === 'string' ? sanitizeName(r.mode) : 'practice',
    score: r.score,
    passed: typeof r.passed === 'boolean' ? r.passed : null,
    questions: Array.isArray(r.questions) ? r.questions.length : 0,
    finishedAt: new Date(finished).toISOString(),
    incomplete: r.incomplete === true,
  };
}

export function loadQuizHistory(dir?: string): QuizSitting[] {
  const folder = reportsDir(dir);
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const out: QuizSitting[] = [];
  for (const name of names) {
    try {
      const s = sittingOf(JSON.parse(readBoundedText(join(folder, name), MAX_CONTENT_BYTES)));
      if (s) out.push(s);
    } catch {
      // not a report (or half-written by a crashed run): skipped, see above
    }
  }
  return out.sort((a, b) => Date.parse(b.finishedAt) - Date.parse(a.finishedAt));
}
