/**
 * A quiz without tells (issue 34; quizzes/FORMAT.md, "No tells"): over the
 * single-choice questions drawn together, the right option is not picked
 * out by its length (strictly the longest in 10% to 30% of them, among the
 * two longest in at most 60%, no throwaway distractor under half its
 * length unless the question is `terse`), and no question's prompt or
 * options state another question's answer, as its `keyTerms` declare.
 * Lengths are display widths. Pure: validate turns the findings into
 * problems for the shipped banks and warnings for an instructor's.
 */
import { displayWidth } from '../../core/display-width.js';
import type { RuleQuestion } from './quiz-rules.js';

/** What the tell rules need of a question, beyond the fairness rules. */
export interface TellQuestion extends RuleQuestion {
  prompt?: string;
  /** The terms and numbers the answer rests on: a text holding all of them states the answer. */
  keyTerms?: readonly string[];
  /** Options are numbers or terms, so short distractors are natural. */
  terse?: boolean;
  /** Questions whose key terms this one may state on purpose. */
  allowOverlap?: readonly string[];
  /** The bank file it comes from, for per-bank figures. */
  file?: string;
}

/** Below this many single-choice questions an instructor's bank is too small for share rules. */
const MIN_SINGLE_FOR_TELLS = 10;
const MIN_STRICTLY_LONGEST_SHARE = 0.1;
const MAX_STRICTLY_LONGEST_SHARE = 0.3;
const MAX_TWO_LONGEST_SHARE = 0.6;
/** A distractor under this share of the right option's width is a throwaway. */
const MIN_DISTRACTOR_RATIO = 0.5;

export interface Throwaway {
  id: string;
  option: string;
  /** Its width over the right option's. */
  ratio: number;
}

export interface TellStats {
  single: number;
  /** Right option wider than every other (ties do not count). */
  strictlyLongest: string[];
  /** Questions with three or more options, where "among the two longest" says something. */
  ranked: number;
  /** Right option with at most one option wider and every other but one narrower. */
  twoLongest: string[];
  /** Mean of the right option's width over the mean distractor's. */
  meanRatio: number;
  throwaways: Throwaway[];
}

function singles(questions: readonly TellQuestion[]): { q: TellQuestion; widths: number[]; answer: number }[] {
  return questions.flatMap((q) => {
    if (q.type !== 'single' || !q.options || typeof q.answer !== 'number' || q.options[q.answer] === undefined) return [];
    return [{ q, widths: q.options.map(displayWidth), answer: q.answer }];
  });
}

export function tellStats(questions: readonly TellQuestion[]): TellStats {
  const stats: TellStats = { single: 0, strictlyLongest: [], ranked: 0, twoLongest: [], meanRatio: 0, throwaways: [] };
  let ratioSum = 0;
  for (const { q, widths, answer } of singles(questions)) {
    stats.single++;
    const right = widths[answer] ?? 0;
    const others = widths.filter((_, i) => i !== answer);
    const wider = others.filter((w) => w > right).length;
    const narrower = others.filter((w) => w < right).length;
    if (wider === 0 && narrower === others.length) stats.strictlyLongest.push(q.id);
    if (widths.length >= 3) {
      stats.ranked++;
      if (wider <= 1 && narrower >= others.length - 1) stats.twoLongest.push(q.id);
    }
    const meanOther = others.reduce((a, b) => a + b, 0) / Math.max(1, others.length);
    ratioSum += meanOther > 0 ? right / meanOther : 1;
    if (q.terse === true || right === 0) continue;
    q.options?.forEach((option, i) => {
      const ratio = (widths[i] ?? 0) / right;
      if (i !== answer && ratio < MIN_DISTRACTOR_RATIO) stats.throwaways.push({ id: q.id, option, ratio });
    });
  }
  stats.meanRatio = stats.single > 0 ? ratioSum / stats.single : 0;
  return stats;
}

export interface Giveaway {
  /** The question whose answer is stated. */
  answerOf: string;
  /** The question whose prompt or options state it (the same id: its own prompt does). */
  statedBy: string;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ');
}

/** `term` appears in `text` as whole words (not inside a longer word or number). */
export function states(text: string, term: string): boolean {
  const t = normalise(term).trim();
  if (t === '') return false;
  const hay = normalise(text);
  for (let at = hay.indexOf(t); at >= 0; at = hay.indexOf(t, at + 1)) {
    const before = hay[at - 1] ?? ' ';
    const after = hay[at + t.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

/**
 * Every question whose key terms are all stated by another question's prompt
 * or options (or by its own prompt: a self give-away), unless the stating
 * question lists it in `allowOverlap`.
 */
export function giveaways(questions: readonly TellQuestion[]): Giveaway[] {
  const found: Giveaway[] = [];
  for (const q of questions) {
    const terms = q.keyTerms ?? [];
    if (terms.length === 0) continue;
    for (const other of questions) {
      if (other.allowOverlap?.includes(q.id)) continue;
      const text = other === q ? (q.prompt ?? '') : [other.prompt ?? '', ...(other.options ?? [])].join('\n');
      if (terms.every((term) => states(text, term))) found.push({ answerOf: q.id, statedBy: other.id });
    }
  }
  return found;
}

const percent = (n: number, of: number) => (of === 0 ? '0%' : `${Math.round((100 * n) / of)}%`);

/**
 * The tells in a set of questions drawn together, one sentence each (empty:
 * none). The share rules apply from `minSingle` single-choice questions.
 */
export interface TellFinding {
  message: string;
  /** The question it is about, when it is about one. */
  question?: string;
}

export function tellFindings(questions: readonly TellQuestion[], minSingle = MIN_SINGLE_FOR_TELLS): TellFinding[] {
  const findings: TellFinding[] = [];
  const push = (message: string, question?: string) => findings.push(question === undefined ? { message } : { message, question });
  const s = tellStats(questions);
  if (s.single >= minSingle) {
    const longest = s.strictlyLongest.length / s.single;
    if (longest > MAX_STRICTLY_LONGEST_SHARE) {
      push(
        `the right option is strictly the longest in ${s.strictlyLongest.length} of ${s.single} single-choice questions (${percent(s.strictlyLongest.length, s.single)}; at most 30%): ${s.strictlyLongest.join(', ')}; shorten the right option or write a wrong one as long and as specific`,
      );
    } else if (longest < MIN_STRICTLY_LONGEST_SHARE) {
      push(
        `the right option is strictly the longest in only ${s.strictlyLongest.length} of ${s.single} single-choice questions (${percent(s.strictlyLongest.length, s.single)}; at least 10%, or "never the longest" becomes the tell); let the right option be the longest in a few more`,
      );
    }
    if (s.ranked > 0 && s.twoLongest.length / s.ranked > MAX_TWO_LONGEST_SHARE) {
      push(
        `the right option is among the two longest in ${s.twoLongest.length} of ${s.ranked} single-choice questions (${percent(s.twoLongest.length, s.ranked)}; at most 60%): ${s.twoLongest.join(', ')}; make a wrong option longer or the right one shorter in some`,
      );
    }
    for (const t of s.throwaways) {
      push(
        `question "${t.id}": the wrong option "${t.option}" is ${Math.round(t.ratio * 100)}% of the right option's length (at least 50%); write it as long and as specific, or mark the question \`terse: true\` if its options are numbers or terms`,
        t.id,
      );
    }
  }
  for (const g of giveaways(questions)) {
    push(
      g.answerOf === g.statedBy
        ? `question "${g.answerOf}" states its own answer in its prompt (all its keyTerms appear there); reword the prompt`
        : `question "${g.statedBy}" states the answer of "${g.answerOf}" (all of its keyTerms appear in the prompt or options); reword one of them, or list "${g.answerOf}" in \`allowOverlap\` of "${g.statedBy}" if the overlap is deliberate`,
      g.statedBy,
    );
  }
  return findings;
}

function bankName(file: string): string {
  return (file.split(/[\\/]/).pop() ?? file).replace(/\.(ya?ml|json)$/i, '');
}

/** `validate --stats`: the length figures, pooled and per bank (named by its id). */
export function tellStatsLines(questions: readonly TellQuestion[]): string[] {
  const line = (name: string, qs: readonly TellQuestion[]) => {
    const s = tellStats(qs);
    return `${name}: ${s.single} single-choice; right option strictly longest ${s.strictlyLongest.length} (${percent(s.strictlyLongest.length, s.single)}), among the two longest ${s.twoLongest.length} of ${s.ranked} (${percent(s.twoLongest.length, s.ranked)}), ${s.meanRatio.toFixed(2)}x the mean wrong option; ${s.throwaways.length} wrong option${s.throwaways.length === 1 ? '' : 's'} under 50% of the right one`;
  };
  const files = [...new Set(questions.map((q) => q.file ?? ''))];
  const gave = giveaways(questions).length;
  const missing = questions.filter((q) => !q.keyTerms || q.keyTerms.length === 0).length;
  return [
    line('all banks', questions),
    `  ${questions.length} questions, ${missing} without keyTerms, ${gave} give-away${gave === 1 ? '' : 's'}`,
    // A bank's id is its file name without the extension (quizzes/FORMAT.md).
    ...(files.length > 1
      ? files.map(
          (f) =>
            `  ${line(
              bankName(f),
              questions.filter((q) => (q.file ?? '') === f),
            )}`,
        )
      : []),
  ];
}
