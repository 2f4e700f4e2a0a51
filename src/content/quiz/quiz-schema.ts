/**
 * Validation of one question, in the bank's authored form (predict keys
 * left to the engine) or in the resolved form that assignments embed
 * (predict variants with options and keys). Every string is sanitized:
 * question text is shown as text only.
 */
import type { ConfigOverrides } from '../../core/types.js';
import type { PredictDraft } from '../../core/quiz/predict.js';
import { DIFFICULTIES, MAX_OPTIONS, PREDICT_ASKS, type PredictVariant, QUESTION_TYPES, type Question } from '../../core/quiz/types.js';
import { describeValue, isMapping, type Mapping, type ProblemList } from './quiz-check.js';
import { sanitizeLine, sanitizeText } from '../shared/sanitize.js';
import type { PathSegment } from '../shared/yaml.js';

const COMMON_KEYS = [
  'id',
  'type',
  'lesson',
  'tags',
  'difficulty',
  'prompt',
  'explanation',
  'source',
  'hint',
  'requires',
  'recall',
  'keyTerms',
  'terse',
  'allowOverlap',
];
const AUTHORED_KEYS: Record<string, string[]> = {
  single: ['options', 'answer'],
  multiple: ['options', 'answer'],
  truefalse: ['answer'],
  ordering: ['options'],
  predict: ['scenario', 'ask', 'write', 'variants', 'options'],
};
const RESOLVED_PREDICT_KEYS = ['scenario', 'scenarioTitle', 'ask', 'write', 'variants', 'steps'];
const OVERRIDE_KEYS = ['fencing', 'minting', 'check', 'ttl'];

export type CheckedQuestion = { kind: 'question'; question: Question } | { kind: 'draft'; draft: PredictDraft };

function checkOptions(p: ProblemList, raw: unknown, path: PathSegment[], min = 2): string[] | undefined {
  if (!Array.isArray(raw)) {
    p.at(path, `\`options\` must be a list of ${min} to ${MAX_OPTIONS} texts, not ${describeValue(raw)}`, 'write `options:` then one `- text` per line');
    return undefined;
  }
  if (raw.length < min || raw.length > MAX_OPTIONS) {
    p.at(
      path,
      `\`options\` has ${raw.length} entries; it needs ${min} to ${MAX_OPTIONS}`,
      `give between ${min} and ${MAX_OPTIONS} options (digits 1-9 choose them)`,
    );
    return undefined;
  }
  const out: string[] = [];
  raw.forEach((o, i) => {
    if (typeof o !== 'string' || o.trim() === '') {
      p.at([...path, i], `option ${i + 1} must be non-empty text, not ${describeValue(o)}`, 'quote it if it is a number or contains ": "');
      return;
    }
    const line = sanitizeLine(o).trim();
    if (out.includes(line)) p.at([...path, i], `option ${i + 1} repeats an earlier option`, 'make every option different');
    out.push(line);
  });
  return out.length === raw.length ? out : undefined;
}

function checkIndex(p: ProblemList, v: unknown, path: PathSegment[], n: number | undefined): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && (n === undefined || v < n)) return v;
  const range = n === undefined ? '0 or more' : `from 0 to ${n - 1}`;
  p.at(path, `\`answer\` must be an option index ${range} (0 is the first option as written), not ${describeValue(v)}`, `write for example \`answer: 0\``);
  return undefined;
}

function checkOverrides(p: ProblemList, raw: unknown, path: PathSegment[]): ConfigOverrides | undefined {
  if (!isMapping(raw)) {
    p.at(path, `a variant must be a mapping of toggles, not ${describeValue(raw)}`, 'write for example `- { fencing: false }`');
    return undefined;
  }
  p.unknownKeys(raw, OVERRIDE_KEYS, path, 'a variant');
  const o: ConfigOverrides = {};
  let ok = true;
  if ('fencing' in raw) {
    if (typeof raw.fencing === 'boolean') o.fencing = raw.fencing;
    else {
      ok = false;
      p.at([...path, 'fencing'], '`fencing` must be true or false', 'write `fencing: true` or `fencing: false`');
    }
  }
  if ('minting' in raw) {
    if (raw.minting === 'durable' || raw.minting === 'volatile') o.minting = raw.minting;
    else {
      ok = false;
      p.at([...path, 'minting'], '`minting` must be durable or volatile', 'write `minting: durable` or `minting: volatile`');
    }
  }
  if ('check' in raw) {
    if (raw.check === 'atomic' || raw.check === 'split') o.check = raw.check;
    else {
      ok = false;
      p.at([...path, 'check'], '`check` must be atomic or split', 'write `check: atomic` or `check: split`');
    }
  }
  if ('ttl' in raw) {
    const ttl = p.integer(raw.ttl, [...path, 'ttl'], 'ttl', 2, 1_000_000);
    if (ttl === undefined) ok = false;
    else o.ttl = ttl;
  }
  return ok ? o : undefined;
}

function checkWrite(p: ProblemList, raw: unknown, path: PathSegment[]): { actor: string; sentAt: number } | undefined {
  if (!isMapping(raw) || typeof raw.actor !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(raw.actor)) {
    p.at(path, '`write` must name the write: its actor and the tick it is sent', 'write for example `write: { actor: A, sentAt: 31 }`');
    return undefined;
  }
  p.unknownKeys(raw, ['actor', 'sentAt'], path, '`write`');
  const sentAt = p.integer(raw.sentAt, [...path, 'sentAt'], 'sentAt', 0, Number.MAX_SAFE_INTEGER);
  return sentAt === undefined ? undefined : { actor: raw.actor, sentAt };
}

/** The fields the tell rules read (quiz-tells.ts): checked here, used only by `validate`. */
function checkTellFields(p: ProblemList, raw: Mapping, path: PathSegment[]): void {
  const { keyTerms, terse, allowOverlap } = raw;
  if (keyTerms !== undefined && (!Array.isArray(keyTerms) || keyTerms.length === 0 || !keyTerms.every((t) => typeof t === 'string' && t.trim() !== ''))) {
    p.at(
      [...path, 'keyTerms'],
      '`keyTerms` must be a non-empty list of texts',
      'write the terms and numbers the answer rests on, for example `keyTerms: [renew deadline, "10 s"]`',
    );
  }
  if (terse !== undefined && typeof terse !== 'boolean') {
    p.at([...path, 'terse'], '`terse` must be true or false', 'write `terse: true` for a question whose options are numbers or terms, else leave it out');
  }
  if (
    allowOverlap !== undefined &&
    (!Array.isArray(allowOverlap) || allowOverlap.length === 0 || !allowOverlap.every((t) => typeof t === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(t)))
  ) {
    p.at(
      [...path, 'allowOverlap'],
      '`allowOverlap` must be a non-empty list of question ids',
      'list the questions whose key terms this one states on purpose, for example `allowOverlap: [zxid-layout]`',
    );
  }
}

/** Checks one question; problems go to `p`. `resolved`: the embedded form of assignments. */
export function checkQuestion(p: ProblemList, raw: unknown, path: PathSegment[], resolved: boolean): CheckedQuestion | undefined {
  if (!isMapping(raw)) {
    p.at(path, `a question must be a mapping, not ${describeValue(raw)}`, 'start it with `- id: my-question` and indent its keys');
    return undefined;
  }
  const before = p.problems.length;
  const id = p.kebab(raw, 'id', path, 'my-question');
  const type = p.oneOf(raw, 'type', path, QUESTION_TYPES);
  const lesson = p.kebab(raw, 'lesson', path, 'token-contract');
  const difficulty = p.oneOf(raw, 'difficulty', path, DIFFICULTIES);
  const prompt = p.text(raw, 'prompt', path, true);
  const explanation = p.text(raw, 'explanation', path, true);
  const source = p.text(raw, 'source', path, true);
  const hint = p.text(raw, 'hint', path, false);
  let tags: string[] | undefined;
  if (!Array.isArray(raw.tags) || raw.tags.length === 0 || !raw.tags.every((t) => typeof t === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(t))) {
    p.at(
      raw.tags === undefined ? path : [...path, 'tags'],
      '`tags` must be a non-empty list of kebab-case topic tags',
      'write for example `tags: [fencing, leases]`',
    );
  } else tags = raw.tags as string[];
  let requires: string[] | undefined;
  if (raw.requires !== undefined) {
    const ids = raw.requires;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((t) => typeof t === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(t))) {
      p.at(
        [...path, 'requires'],
        '`requires` must be a non-empty list of lesson ids',
        'write the lessons the question draws on, for example `requires: [stale-holder, token-contract]`',
      );
    } else requires = [...new Set(ids as string[])];
  }
  if (raw.recall !== undefined && typeof raw.recall !== 'boolean') {
    p.at(
      [...path, 'recall'],
      '`recall` must be true or false',
      'write `recall: true` for a question that tests a memorised number or version, else leave it out',
    );
  }
  checkTellFields(p, raw, path);
  if (type) {
    const allowed = [...COMMON_KEYS, ...(resolved && type === 'predict' ? RESOLVED_PREDICT_KEYS : (AUTHORED_KEYS[type] ?? []))];
    p.unknownKeys(raw, allowed, path, `a ${type} question`);
  }
  const common = {
    id: id ?? '',
    lesson: lesson ?? '',
    tags: tags ?? [],
    difficulty: difficulty ?? 'easy',
    prompt: sanitizeText(prompt ?? '').trim(),
    explanation: sanitizeText(explanation ?? '').trim(),
    source: sanitizeLine(source ?? '').trim(),
    ...(hint !== undefined ? { hint: sanitizeText(hint).trim() } : {}),
    requires,
    ...(raw.recall === true ? { recall: true } : {}),
  };
  const ok = () => p.problems.length === before;
  const q = (question: Question): CheckedQuestion | undefined => (ok() ? { kind: 'question', question } : undefined);
  switch (type) {
    case 'single': {
      const options = checkOptions(p, raw.options, [...path, 'options']);
      const answer = checkIndex(p, raw.answer, raw.answer === undefined ? path : [...path, 'answer'], options?.length);
      if (options === undefined || answer === undefined) return undefined;
      return q({ ...common, type, options, answer });
    }
    case 'multiple': {
      const options = checkOptions(p, raw.options, [...path, 'options']);
      const ans = raw.answer;
      const n = options?.length;
      if (
        !Array.isArray(ans) ||
        ans.length === 0 ||
        !ans.every((v) => Number.isInteger(v) && v >= 0 && (n === undefined || v < n)) ||
        new Set(ans).size !== ans.length
      ) {
        p.at(
          ans === undefined ? path : [...path, 'answer'],
          '`answer` must be a non-empty list of distinct option indices (0 is the first option as written)',
          'write for example `answer: [0, 2]`',
        );
        return undefined;
      }
      if (options === undefined) return undefined;
      return q({ ...common, type, options, answer: [...(ans as number[])].sort((a, b) => a - b) });
    }
    case 'truefalse': {
      if (typeof raw.answer !== 'boolean') {
        p.at(
          raw.answer === undefined ? path : [...path, 'answer'],
          '`answer` of a truefalse question must be true or false',
          'write `answer: true` or `answer: false`',
        );
        return undefined;
      }
      return q({ ...common, type, answer: raw.answer });
    }
    case 'ordering': {
      const options = checkOptions(p, raw.options, [...path, 'options']);
      if (options === undefined) return undefined;
      return q({ ...common, type, options });
    }
    case 'predict':
      return resolved ? checkResolvedPredict(p, raw, path, common, ok) : checkPredictDraft(p, raw, path, common, ok);
    default:
      return undefined;
  }
}

type Common = Omit<Question, 'type' | 'options' | 'answer'> & { tags: string[] };

function checkPredictDraft(p: ProblemList, raw: Mapping, path: PathSegment[], common: Common, ok: () => boolean): CheckedQuestion | undefined {
  const scenario = p.kebab(raw, 'scenario', path, 'late-write');
  const ask = p.oneOf(raw, 'ask', path, PREDICT_ASKS);
  let write: { actor: string; sentAt: number } | undefined;
  if (ask === 'write-result') {
    if (raw.write === undefined) p.at(path, 'a write-result question needs `write`', 'add for example `write: { actor: A, sentAt: 31 }`');
    else write = checkWrite(p, raw.write, [...path, 'write']);
  } else if (raw.write !== undefined) {
    p.atKey([...path, 'write'], '`write` belongs only to `ask: write-result`', 'remove it, or change `ask`');
  }
  let values: string[] | undefined;
  if (raw.options !== undefined) {
    if (ask !== 'final-value')
      p.atKey([...path, 'options'], '`options` of a predict question belong only to `ask: final-value`', 'remove them: the options are fixed for this ask');
    else values = checkOptions(p, raw.options, [...path, 'options']);
  }
  const variants: ConfigOverrides[] = [];
  if (!Array.isArray(raw.variants) || raw.variants.length === 0 || raw.variants.length > MAX_OPTIONS) {
    p.at(
      raw.variants === undefined ? path : [...path, 'variants'],
      '`variants` must be a list of 1 to 9 sets of toggles',
      'write for example `variants: [{ fencing: true }, { fencing: false }]`',
    );
  } else {
    raw.variants.forEach((v, i) => {
      const o = checkOverrides(p, v, [...path, 'variants', i]);
      if (o) variants.push(o);
    });
  }
  if (!ok() || !scenario || !ask) return undefined;
  const draft: PredictDraft = {
    ...common,
    type: 'predict',
    scenario,
    ask,
    ...(write ? { write } : {}),
    variants,
    ...(values ? { values: values.map((v) => (v.startsWith('"') && v.endsWith('"') && v.length >= 2 ? v.slice(1, -1) : v)) } : {}),
  };
  return { kind: 'draft', draft };
}

function checkResolvedPredict(p: ProblemList, raw: Mapping, path: PathSegment[], common: Common, ok: () => boolean): CheckedQuestion | undefined {
  const scenario = p.kebab(raw, 'scenario', path, 'late-write');
  const ask = p.oneOf(raw, 'ask', path, PREDICT_ASKS);
  const scenarioTitle = raw.scenarioTitle === undefined ? undefined : p.text(raw, 'scenarioTitle', path, false);
  const write = raw.write === undefined ? undefined : checkWrite(p, raw.write, [...path, 'write']);
  const variants: PredictVariant[] = [];
  if (!Array.isArray(raw.variants) || raw.variants.length === 0 || raw.variants.length > MAX_OPTIONS) {
    p.at([...path, 'variants'], '`variants` must be a list of 1 to 9 resolved variants', 'regenerate the file with `fence-tutor assign`');
  } else {
    raw.variants.forEach((v, i) => {
      const vp = [...path, 'variants', i];
      if (!isMapping(v)) {
        p.at(vp, 'a resolved variant must be a mapping', 'regenerate the file with `fence-tutor assign`');
        return;
      }
      const overrides = checkOverrides(p, v.overrides ?? {}, [...vp, 'overrides']);
      const options = checkOptions(p, v.options, [...vp, 'options']);
      const answer = checkIndex(p, v.answer, [...vp, 'answer'], options?.length);
      const s = v.settings;
      const settingsOk =
        isMapping(s) &&
        typeof s.fencing === 'boolean' &&
        (s.minting === 'durable' || s.minting === 'volatile') &&
        (s.check === 'atomic' || s.check === 'split') &&
        typeof s.ttl === 'number';
      if (!settingsOk)
        p.at([...vp, 'settings'], 'a resolved variant needs `settings` {fencing, minting, check, ttl}', 'regenerate the file with `fence-tutor assign`');
      const outcome = typeof v.outcome === 'string' ? sanitizeLine(v.outcome) : '';
      if (overrides && options && answer !== undefined && settingsOk) {
        const st = s as { fencing: boolean; minting: 'durable' | 'volatile'; check: 'atomic' | 'split'; ttl: number };
        variants.push({ overrides, settings: { fencing: st.fencing, minting: st.minting, check: st.check, ttl: st.ttl }, options, answer, outcome });
      }
    });
  }
  let steps: string[] | undefined;
  if (raw.steps !== undefined) {
    if (Array.isArray(raw.steps) && raw.steps.length <= 200 && raw.steps.every((l) => typeof l === 'string'))
      steps = raw.steps.map((l) => sanitizeLine(l as string));
    else p.at([...path, 'steps'], '`steps` must be a list of lines of text', 'regenerate the file with `fence-tutor assign`');
  }
  if (!ok() || !scenario || !ask) return undefined;
  return {
    kind: 'question',
    question: {
      ...common,
      type: 'predict',
      scenario,
      ...(scenarioTitle ? { scenarioTitle: sanitizeLine(scenarioTitle) } : {}),
      ask,
      ...(write ? { write } : {}),
      variants,
      ...(steps ? { steps } : {}),
    },
  };
}
