/**
 * Draws: a seed orders the bank (so `count` takes a prefix), and, for each
 * question, picks its variant and shuffles its options from the seed and the
 * question's id alone.
 */
import { seededRng, shuffledIndices } from './rng.js';
import type { DrawnQuestion, PredictSettings, Question, Response } from './types.js';

export const TRUE_FALSE_OPTIONS = ['True', 'False'] as const;

/** The whole bank in the seed's order. */
export function orderBank<T extends { id: string }>(questions: readonly T[], seed: number): T[] {
  const perm = shuffledIndices(questions.length, seededRng(seed, 'bank-order'));
  return perm.map((i) => questions[i]!);
}

/** The first `count` questions of the seed's order (all when count is undefined), as presented. */
export function drawQuestions(questions: readonly Question[], seed: number, count?: number): DrawnQuestion[] {
  const ordered = orderBank(questions, seed);
  const taken = count === undefined ? ordered : ordered.slice(0, Math.max(0, count));
  return taken.map((q) => presentQuestion(q, seed));
}

/** Which variant of a predict question the seed picks (0 for other kinds). */
export function variantIndex(q: Question, seed: number): number {
  if (q.type !== 'predict' || q.variants.length <= 1) return 0;
  return Math.floor(seededRng(seed, `variant:${q.id}`)() * q.variants.length);
}

/** Human words for a predict variant's toggles. */
function describeSettings(s: PredictSettings): string {
  return `fencing ${s.fencing ? 'on' : 'off'}, minting ${s.minting}, check ${s.check}, lease ${s.ttl} ticks`;
}

/** One question as a seed presents it. */
export function presentQuestion(q: Question, seed: number): DrawnQuestion {
  const common = {
    id: q.id,
    type: q.type,
    lesson: q.lesson,
    tags: [...q.tags],
    difficulty: q.difficulty,
    explanation: q.explanation,
    source: q.source,
    hint: q.hint,
  };
  if (q.type === 'truefalse') {
    return { ...common, prompt: q.prompt, options: [...TRUE_FALSE_OPTIONS], answer: q.answer ? 0 : 1 };
  }
  let options: string[];
  let prompt = q.prompt;
  let explanation = q.explanation;
  let variant: DrawnQuestion['variant'];
  let steps: string[] | undefined;
  let keyOriginal: Response;
  if (q.type === 'predict') {
    const index = variantIndex(q, seed);
    const v = q.variants[index]!;
    options = v.options;
    keyOriginal = v.answer;
    const title = q.scenarioTitle ? ` (${q.scenarioTitle})` : '';
    prompt = `${q.prompt}\n\nScenario: ${q.scenario}${title}. Settings: ${describeSettings(v.settings)}.`;
    explanation = `${q.explanation} ${v.outcome}`;
    variant = { index, scenario: q.scenario, overrides: { ...v.overrides } };
    steps = q.steps;
  } else {
    options = q.options;
    keyOriginal = q.type === 'ordering' ? options.map((_, i) => i) : q.answer;
  }
  const perm = optionPermutation(q.id, q.type, options.length, seed);
  const position = new Array<number>(perm.length);
  perm.forEach((orig, shown) => {
    position[orig] = shown;
  });
  const remap = (i: number): number => position[i]!;
  const answer: Response =
    typeof keyOriginal === 'number' ? remap(keyOriginal) : q.type === 'ordering' ? keyOriginal.map(remap) : keyOriginal.map(remap).sort((a, b) => a - b);
  return {
    ...common,
    prompt,
    explanation,
    options: perm.map((i) => options[i]!),
    answer,
    ...(variant ? { variant } : {}),
    ...(steps ? { steps: [...steps] } : {}),
  };
}

/** Shown position -> index in the bank's own order (item analysis maps responses back through it). */
export function optionPermutation(id: string, type: Question['type'], n: number, seed: number): number[] {
  const rng = seededRng(seed, `options:${id}`);
  let perm = shuffledIndices(n, rng);
  // An ordering shown already in order would give itself away; draw again.
  while (type === 'ordering' && n > 1 && perm.every((v, i) => v === i)) perm = shuffledIndices(n, rng);
  return perm;
}
