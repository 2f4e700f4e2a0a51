/**
 * Moodle GIFT export. GIFT expresses single, multiple and true/false
 * directly; ordering and predict are rendered as single-choice questions
 * (for ordering: the correct sequence among shuffled wrong sequences).
 * Explanations and sources become general feedback (####). Text is [plain].
 */
import { stepsBlock } from '../core/quiz/predict-steps.js';
import { seededRng, shuffledIndices } from '../core/quiz/rng.js';
import type { DrawnQuestion } from '../core/quiz/types.js';

/** GIFT's special characters are escaped with a backslash; newlines become \n. */
export function escapeGift(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/[~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, '\\n');
}

/** Moodle accepts only certain percentages; 100/k for k = 1..10 are among them. */
function share(k: number): string {
  const v = 100 / k;
  return Number.isInteger(v) ? String(v) : v.toFixed(5);
}

const ARROW = ' → ';
const MAX_ORDERING_CHOICES = 4;

/** Distinct wrong sequences for an ordering question, chosen by the seed. */
function orderingChoices(q: DrawnQuestion, seed: number): { text: string; correct: boolean }[] {
  const key = q.answer as number[];
  const seqText = (seq: readonly number[]) => seq.map((i) => q.options[i]!).join(ARROW);
  const seen = new Set<string>([key.join(',')]);
  const choices = [{ text: seqText(key), correct: true }];
  const rng = seededRng(seed, `gift-ordering:${q.id}`);
  const n = key.length;
  const limit = n <= 2 ? 2 : n === 3 ? 4 : MAX_ORDERING_CHOICES;
  for (let tries = 0; choices.length < limit && tries < 200; tries++) {
    const seq = shuffledIndices(n, rng).map((i) => key[i]!);
    const k = seq.join(',');
    if (seen.has(k)) continue;
    seen.add(k);
    choices.push({ text: seqText(seq), correct: false });
  }
  const perm = shuffledIndices(choices.length, rng);
  return perm.map((i) => choices[i]!);
}

export function questionToGift(q: DrawnQuestion, seed: number): string {
  const title = `::${escapeGift(q.id)}::`;
  const feedback = `####${escapeGift(`${q.explanation} Source: ${q.source}`)}`;
  // No timeline in a GIFT import: a predict question brings its steps.
  let prompt = q.prompt + stepsBlock(q.steps);
  let body: string[];
  switch (q.type) {
    case 'truefalse':
      return `${title}[plain]${escapeGift(prompt)}{${q.answer === 0 ? 'TRUE' : 'FALSE'}${feedback}}\n`;
    case 'multiple': {
      const key = new Set(q.answer as number[]);
      body = q.options.map((o, i) => (key.has(i) ? `~%${share(key.size)}%${escapeGift(o)}` : `~%-100%${escapeGift(o)}`));
      prompt = `${prompt}\n(Choose every option that applies.)`;
      break;
    }
    case 'ordering': {
      prompt = `${prompt}\nWhich sequence is in the correct order, first event first?`;
      body = orderingChoices(q, seed).map((c) => `${c.correct ? '=' : '~'}${escapeGift(c.text)}`);
      break;
    }
    default:
      body = q.options.map((o, i) => `${i === q.answer ? '=' : '~'}${escapeGift(o)}`);
  }
  return `${title}[plain]${escapeGift(prompt)}{\n${body.map((b) => `\t${b}`).join('\n')}\n\t${feedback}\n}\n`;
}

export function toGift(questions: readonly DrawnQuestion[], meta: { quiz: string; seed: number; contentHash: string; version: string }): string {
  const header = [
    `// fence-tutor ${meta.version}: quiz ${meta.quiz}, seed ${meta.seed}, contentHash ${meta.contentHash}`,
    '// Ordering and predict questions are rendered as single choice.',
    `$CATEGORY: fence-tutor/${meta.quiz}`,
    '',
  ].join('\n');
  return `${header}\n${questions.map((q) => questionToGift(q, meta.seed)).join('\n')}`;
}
