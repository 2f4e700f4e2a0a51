/**
 * Item analysis (issue 37): per question, the facility index, the
 * discrimination index and how often each option was chosen, as Moodle's
 * quiz statistics report computes them (Moodle developer documentation,
 * "Quiz statistics calculations", sections "Facility index" and
 * "Discrimination index"): facility is the share of students who got the
 * question right (a question scores 1 or 0 here); discrimination is the
 * correlation of the question's score with the score on the rest of the
 * test. Moodle shows it times 100; here it stays between -1 and 1.
 *
 * Each student's first attempt only (earliest start). When students sat
 * different draws, a question's figures come from the students who saw it,
 * and the rest-of-test score is the share right of the other questions that
 * student saw. Option counts are in the bank's own order: the report keeps
 * the seed, and the seed's shuffle is undone (draw.ts). Pure.
 */
import { optionPermutation, TRUE_FALSE_OPTIONS, variantIndex } from './draw.js';
import type { GradeInput } from './class-grade.js';
import { regradeReport } from './regrade.js';
import type { Question } from './types.js';

/** Below this many students a question's figures say little (the issue's threshold). */
export const RELIABLE_STUDENTS = 10;
const FACILITY_LOW = 20;
const FACILITY_HIGH = 95;
const DISCRIMINATION_LOW = 0.2;

export interface OptionCount {
  /** Predict questions: which variant's options (each seed picks one); null for other kinds. */
  variant: number | null;
  /** Index in the bank's own option order (0-based). */
  index: number;
  text: string;
  correct: boolean;
  count: number;
}

export interface ItemStats {
  id: string;
  type: string;
  /** The bank's prompt, when the bank is known; else null. */
  prompt: string | null;
  /** Students whose first attempt had this question. */
  students: number;
  right: number;
  /** Percent right, two decimals. */
  facility: number;
  /** Correlation with the rest of the test, four decimals; null when either score does not vary. */
  discrimination: number | null;
  /** Per option, in the bank's order; null for ordering questions and unknown banks. */
  options: OptionCount[] | null;
  /** Students who gave no answer. */
  unanswered: number;
  /** False when fewer than RELIABLE_STUDENTS saw it. */
  reliable: boolean;
  flags: string[];
}

export interface GroupItemStats {
  /** First attempts counted (one per student). */
  students: number;
  /** Later attempts left out. */
  laterAttempts: number;
  /** The pass mark most first attempts sat under (null: none set). */
  passMark: number | null;
  /** Each first attempt's recomputed score, percent. */
  scores: number[];
  items: ItemStats[];
}

interface Sitting {
  seed: number;
  /** The recomputed score, percent. */
  score: number;
  /** Question id -> right, and the response as given. */
  right: Map<string, boolean>;
  responses: Map<string, number | number[] | null>;
}

/** The earliest report per student (name compared as flagDuplicates does). */
function firstAttempts(inputs: readonly GradeInput[]): GradeInput[] {
  const byStudent = new Map<string, GradeInput>();
  for (const input of inputs) {
    const key = input.student.trim().toLowerCase().replace(/\s+/g, ' ');
    const seen = byStudent.get(key);
    const earlier = (a: GradeInput, b: GradeInput) => a.report.startedAt < b.report.startedAt || (a.report.startedAt === b.report.startedAt && a.file < b.file);
    if (!seen || earlier(input, seen)) byStudent.set(key, input);
  }
  return [...byStudent.values()];
}

/** Pearson's correlation; null when either list does not vary. */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // A few ulps of rounding must not pass for variation.
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** The item analysis of one group's reports (one quiz, one content hash). */
export function analyseItems(inputs: readonly GradeInput[]): GroupItemStats {
  const firsts = firstAttempts(inputs);
  const bank = inputs.find((i) => i.bank)?.bank;
  const sittings: Sitting[] = firsts.map(({ report, bank: b }) => {
    const regraded = regradeReport(report, b);
    const responses = new Map<string, number | number[] | null>();
    for (const q of report.questions) if (!responses.has(q.id)) responses.set(q.id, q.response);
    return { seed: report.seed, score: regraded.score, right: regraded.correct, responses };
  });
  const ids: string[] = [];
  for (const s of sittings) for (const id of s.right.keys()) if (!ids.includes(id)) ids.push(id);
  const items = ids.map((id) => itemStats(id, sittings, bank?.get(id)));
  const scores = sittings.map((s) => s.score);
  return { students: firsts.length, laterAttempts: inputs.length - firsts.length, passMark: usualPassMark(firsts), scores, items };
}

function usualPassMark(firsts: readonly GradeInput[]): number | null {
  const counts = new Map<number | null, number>();
  for (const { report } of firsts) counts.set(report.passMark, (counts.get(report.passMark) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

function itemStats(id: string, sittings: readonly Sitting[], source: Question | undefined): ItemStats {
  const saw = sittings.filter((s) => s.right.has(id));
  const scores: number[] = [];
  const rests: number[] = [];
  let right = 0;
  for (const s of saw) {
    const mine = s.right.get(id) ? 1 : 0;
    right += mine;
    const others = [...s.right.entries()].filter(([other]) => other !== id);
    // A student who saw nothing else has no rest of the test to compare with.
    if (others.length === 0) continue;
    scores.push(mine);
    rests.push(others.filter(([, r]) => r).length / others.length);
  }
  const r = correlation(scores, rests);
  const facility = saw.length === 0 ? 0 : Math.round((right / saw.length) * 10000) / 100;
  const discrimination = r === null ? null : Math.round(r * 10000) / 10000;
  const options = source ? optionCounts(source, saw) : null;
  const unanswered = saw.filter((s) => s.responses.get(id) === null || s.responses.get(id) === undefined).length;
  const reliable = saw.length >= RELIABLE_STUDENTS;
  return {
    id,
    type: source?.type ?? 'unknown',
    prompt: source?.prompt ?? null,
    students: saw.length,
    right,
    facility,
    discrimination,
    options,
    unanswered,
    reliable,
    flags: itemFlags(facility, discrimination, options),
  };
}

function itemFlags(facility: number, discrimination: number | null, options: readonly OptionCount[] | null): string[] {
  const flags: string[] = [];
  if (facility < FACILITY_LOW) flags.push(`too hard: facility ${facility}% is below ${FACILITY_LOW}%`);
  if (facility > FACILITY_HIGH) flags.push(`too easy: facility ${facility}% is above ${FACILITY_HIGH}%`);
  if (discrimination !== null && discrimination < 0)
    flags.push(`negative discrimination ${discrimination.toFixed(2)}: students who did worse on the rest did better here`);
  else if (discrimination !== null && discrimination < DISCRIMINATION_LOW)
    flags.push(`weak discrimination ${discrimination.toFixed(2)}: below ${DISCRIMINATION_LOW}`);
  for (const o of options ?? []) {
    if (o.count === 0) flags.push(`nobody chose option ${o.index + 1}${o.variant === null ? '' : ` of variant ${o.variant + 1}`}: ${JSON.stringify(o.text)}`);
  }
  return flags;
}

/** The options a seed showed, in the bank's order, with the key; null for kinds without a choice to count. */
function bankOptions(q: Question, seed: number): { variant: number | null; options: readonly string[]; key: readonly number[]; perm: number[] } | null {
  if (q.type === 'ordering') return null;
  if (q.type === 'truefalse') return { variant: null, options: TRUE_FALSE_OPTIONS, key: [q.answer ? 0 : 1], perm: [0, 1] };
  const variant = q.type === 'predict' ? variantIndex(q, seed) : null;
  const source = q.type === 'predict' ? q.variants[variant!]! : q;
  const key = typeof source.answer === 'number' ? [source.answer] : source.answer;
  return { variant, options: source.options, key, perm: optionPermutation(q.id, q.type, source.options.length, seed) };
}

function optionCounts(q: Question, saw: readonly Sitting[]): OptionCount[] | null {
  if (q.type === 'ordering') return null;
  const rows = new Map<string, OptionCount>();
  const order: string[] = [];
  for (const s of saw) {
    const shown = bankOptions(q, s.seed);
    if (!shown) return null;
    // Every option of every variant someone was shown is listed, chosen or not.
    shown.options.forEach((text, index) => {
      const k = `${shown.variant}:${index}`;
      if (!rows.has(k)) {
        rows.set(k, { variant: shown.variant, index, text, correct: shown.key.includes(index), count: 0 });
        order.push(k);
      }
    });
    const response = s.responses.get(q.id);
    const chosen = response === null || response === undefined ? [] : Array.isArray(response) ? response : [response];
    for (const at of new Set(chosen)) {
      const original = shown.perm[at];
      if (original === undefined) continue;
      rows.get(`${shown.variant}:${original}`)!.count += 1;
    }
  }
  return order.map((k) => rows.get(k)!).sort((a, b) => (a.variant ?? 0) - (b.variant ?? 0) || a.index - b.index);
}
