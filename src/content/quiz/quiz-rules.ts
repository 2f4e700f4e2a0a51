/**
 * The quiz bank's fairness rules (quizzes/FORMAT.md, "Fair questions"), as
 * pure checks over questions: the right option of a single-choice question
 * must not give itself away by its position (its length: quiz-tells.ts), at most five
 * questions test a memorised number or version, and a lesson's self-check
 * draws only on that lesson and earlier ones. `validate` reports the first
 * two as warnings for an instructor's bank; the shipped bank's tests hold
 * them as rules.
 */

/** What the rules need of a question. */
export interface RuleQuestion {
  id: string;
  type: string;
  lesson?: string;
  options?: readonly string[];
  /** Single choice: the index of the right option as written. */
  answer?: unknown;
  requires?: readonly string[] | undefined;
  recall?: boolean;
}

/** At most this many questions may test a memorised number or version. */
export const MAX_RECALL = 5;

export interface SingleChoiceStats {
  questions: number;
  /** Ids of questions whose right option is longer than every other. */
  longest: string[];
  /** Per written position: how many right options sit there. */
  positions: number[];
  /** Per position: its fair share (each question spreads 1 over its options). */
  fair: number[];
}

export function singleChoiceStats(questions: readonly RuleQuestion[]): SingleChoiceStats {
  const stats: SingleChoiceStats = { questions: 0, longest: [], positions: [], fair: [] };
  for (const q of questions) {
    if (q.type !== 'single' || !q.options || typeof q.answer !== 'number') continue;
    const right = q.options[q.answer];
    if (right === undefined) continue;
    stats.questions++;
    const lengths = q.options.map((o) => [...o].length);
    // Strictly the longest: options of equal length give nothing away.
    if (lengths.every((n, i) => i === q.answer || n < [...right].length)) stats.longest.push(q.id);
    q.options.forEach((_, i) => {
      stats.positions[i] = (stats.positions[i] ?? 0) + (i === q.answer ? 1 : 0);
      stats.fair[i] = (stats.fair[i] ?? 0) + 1 / lengths.length;
    });
  }
  return stats;
}

/** Positions whose count strays from the fair share by more than half of it plus one. */
export function unevenPositions(stats: SingleChoiceStats): number[] {
  return stats.positions.flatMap((n, i) => (Math.abs(n - (stats.fair[i] ?? 0)) > (stats.fair[i] ?? 0) / 2 + 1 ? [i] : []));
}

/** The fairness rules broken by a set of questions, each as one sentence (empty: fair). */
export function fairnessFindings(questions: readonly RuleQuestion[]): string[] {
  const findings: string[] = [];
  const stats = singleChoiceStats(questions);
  const uneven = unevenPositions(stats);
  if (uneven.length > 0) {
    const counts = stats.positions.map((n, i) => `${i + 1}: ${n}`).join(', ');
    findings.push(
      `the right option's written position is uneven across single-choice questions (position: count ${counts}; fair about ${stats.fair.map((f) => f.toFixed(1)).join(', ')}); move right options to other positions and update \`answer\``,
    );
  }
  const recall = questions.filter((q) => q.recall === true);
  if (recall.length > MAX_RECALL) {
    findings.push(
      `${recall.length} questions test a memorised number or version (recall: true; at most ${MAX_RECALL}): ${recall.map((q) => q.id).join(', ')}; rewrite some as reasoning from numbers given in the prompt`,
    );
  }
  return findings;
}

/**
 * The lessons a question says it draws on. Without `requires` it says
 * nothing, and nothing is checked: an instructor's older bank keeps working,
 * and the shipped bank's test requires the field on every question.
 */
function requiredLessons(q: RuleQuestion): string[] {
  return q.requires ? [...q.requires] : [];
}

/**
 * For a self-check in the lesson at `position` (0-based, in reading order):
 * the lessons the question needs that come later, or are unknown.
 */
export function lessonsNotYetTaught(q: RuleQuestion, position: number, order: ReadonlyMap<string, number>): { later: string[]; unknown: string[] } {
  const later: string[] = [];
  const unknown: string[] = [];
  for (const id of requiredLessons(q)) {
    const at = order.get(id);
    if (at === undefined) unknown.push(id);
    else if (at > position) later.push(id);
  }
  return { later, unknown };
}
