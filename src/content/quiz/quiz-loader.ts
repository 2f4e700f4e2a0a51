/**
 * Quiz banks: YAML (or JSON) files of questions, validated before use, with
 * predict keys computed by the engine. `loadShippedBank()` is the whole
 * shipped bank (id `all`), `loadShippedBank(id)` one file of it,
 * `loadQuizFile(path)` an instructor's bank. Problems throw ContentError
 * with file, line and fix.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type PredictDraft, resolvePredict } from '../../core/quiz/predict.js';
import type { Question, QuizBank } from '../../core/quiz/types.js';
import { sha256Hex } from '../../platform/sha256.js';
import type { Scenario } from '../../core/types.js';
import { shippedDir } from '../../platform/package-root.js';
import { ContentError, type Problem } from '../shared/problems.js';
import { describeValue, isMapping, KEBAB, ProblemList } from './quiz-check.js';
import { checkQuestion } from './quiz-schema.js';
import { sanitizeLine } from '../shared/sanitize.js';
import { findShippedScenario } from '../scenario/scenario-loader.js';
import { parseYaml } from '../shared/yaml.js';
import { readContentText } from '../shared/read-text.js';
import { MAX_QUESTIONS } from '../shared/input-limits.js';

/** The id of the whole shipped bank. */
export const WHOLE_BANK_ID = 'all';
export const QUIZ_EXTENSIONS = /\.(ya?ml|json)$/i;

export interface LoadOptions {
  /** The bank id to record (default: the file name without extension). */
  id?: string;
  custom?: boolean;
  /** Where predict questions find their scenarios (default: the shipped ones). */
  findScenario?: (id: string) => Scenario | undefined;
}

/** Canonical JSON (sorted keys), so the hash ignores key order and YAML layout. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function contentHashOf(questions: readonly Question[]): string {
  return sha256Hex(canonicalJson(questions));
}

function bankIdFromPath(path: string): string {
  return basename(path).replace(QUIZ_EXTENSIONS, '');
}

/** Parses and validates one bank's text; `file` names it in messages. */
export function loadQuizText(text: string, file: string, options: LoadOptions = {}): QuizBank {
  const parsed = parseYaml(text, file);
  const p = new ProblemList(file, parsed);
  const data = parsed.data;
  if (!isMapping(data)) {
    p.at(
      [],
      `a quiz file must be a mapping with \`questions\`, not ${describeValue(data)}`,
      'start the file with `kind: quiz` and `questions:` (see quizzes/FORMAT.md)',
    );
    throw new ContentError(p.problems);
  }
  p.unknownKeys(data, ['kind', 'title', 'questions'], [], 'a quiz file');
  if (data.kind !== undefined && data.kind !== 'quiz') {
    p.at(['kind'], `\`kind\` of a quiz file must be quiz, not ${describeValue(data.kind)}`, 'write `kind: quiz`');
  }
  const title = data.title === undefined ? undefined : p.text(data, 'title', [], false);
  if (!Array.isArray(data.questions) || data.questions.length === 0) {
    p.at(data.questions === undefined ? [] : ['questions'], '`questions` must be a non-empty list', 'add `questions:` with at least one `- id: ...` entry');
    throw new ContentError(p.problems);
  }
  if (data.questions.length > MAX_QUESTIONS) {
    p.at(
      ['questions'],
      `the bank has ${data.questions.length} questions, more than the limit of ${MAX_QUESTIONS}`,
      `split it into banks of at most ${MAX_QUESTIONS} questions`,
    );
    throw new ContentError(p.problems);
  }
  const find = options.findScenario ?? memoFind();
  const seen = new Map<string, number>();
  const questions: Question[] = [];
  data.questions.forEach((raw, i) => {
    const path = ['questions', i];
    const checked = checkQuestion(p, raw, path, false);
    const id = isMapping(raw) && typeof raw.id === 'string' ? raw.id : undefined;
    if (id !== undefined) {
      const first = seen.get(id);
      if (first !== undefined) p.at([...path, 'id'], `the id \`${id}\` is already used by question ${first + 1}`, 'give every question its own id');
      else seen.set(id, i);
    }
    if (!checked) return;
    if (checked.kind === 'question') {
      questions.push(checked.question);
      return;
    }
    const q = resolveDraft(p, checked.draft, path, find);
    if (q) questions.push(q);
  });
  if (p.problems.length > 0) throw new ContentError(p.problems);
  const id = options.id ?? bankIdFromPath(file);
  return {
    id,
    ...(title !== undefined ? { title: sanitizeLine(title) } : {}),
    contentHash: contentHashOf(questions),
    questions,
    custom: options.custom ?? true,
  };
}

function resolveDraft(p: ProblemList, draft: PredictDraft, path: (string | number)[], find: (id: string) => Scenario | undefined): Question | undefined {
  let scenario: Scenario | undefined;
  try {
    scenario = find(draft.scenario);
  } catch (err) {
    if (err instanceof ContentError) {
      p.at(
        [...path, 'scenario'],
        `the scenario \`${draft.scenario}\` does not load (${err.problems.length} problem(s))`,
        'run `fence-tutor validate` on the scenarios first',
      );
      return undefined;
    }
    throw err;
  }
  if (!scenario) {
    p.at([...path, 'scenario'], `there is no shipped scenario \`${draft.scenario}\``, 'use an id listed by `fence-tutor scenarios`');
    return undefined;
  }
  const r = resolvePredict(draft, scenario);
  for (const prob of r.problems) p.at([...path, ...prob.path], prob.message, prob.fix);
  return r.question ?? undefined;
}

function memoFind(): (id: string) => Scenario | undefined {
  const cache = new Map<string, Scenario | undefined>();
  return (id) => {
    if (!cache.has(id)) cache.set(id, findShippedScenario(id));
    return cache.get(id);
  };
}

function readText(path: string): string {
  return readContentText(path, 'a quiz file', 'give the path of a quiz bank (.yaml, .yml or .json); see quizzes/FORMAT.md');
}

/** An instructor's bank (or any bank by path); its id is the file name. */
export function loadQuizFile(path: string, options: LoadOptions = {}): QuizBank {
  return loadQuizText(readText(path), path, { custom: true, ...options });
}

/** The shipped bank files, sorted by name. */
export function shippedBankFiles(dir = shippedDir('quizzes')): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => QUIZ_EXTENSIONS.test(n))
    .sort()
    .map((n) => join(dir, n));
}

export function shippedBankIds(dir = shippedDir('quizzes')): string[] {
  return shippedBankFiles(dir).map(bankIdFromPath);
}

/**
 * One shipped bank by id, or the whole shipped bank (every file, in file
 * name order; question ids must be unique across files).
 */
export function loadShippedBank(id?: string, dir = shippedDir('quizzes')): QuizBank {
  const files = shippedBankFiles(dir);
  if (id !== undefined && id !== WHOLE_BANK_ID) {
    const file = KEBAB.test(id) ? files.find((f) => bankIdFromPath(f) === id) : undefined;
    if (!file) {
      throw new ContentError([
        {
          file: '--quiz',
          line: 0,
          message: `there is no shipped quiz bank \`${id}\``,
          fix: `use one of: ${[WHOLE_BANK_ID, ...files.map(bankIdFromPath)].join(', ')}, or a path to a bank file`,
        },
      ]);
    }
    return loadQuizText(readText(file), file, { id, custom: false });
  }
  const find = memoFind();
  const problems: Problem[] = [];
  const questions: Question[] = [];
  const firstFile = new Map<string, string>();
  for (const file of files) {
    try {
      const bank = loadQuizText(readText(file), file, { custom: false, findScenario: find });
      for (const q of bank.questions) {
        const other = firstFile.get(q.id);
        if (other) {
          problems.push({
            file,
            line: 0,
            message: `the question id \`${q.id}\` is also used in ${other}`,
            fix: 'question ids must be unique across the whole bank',
          });
        } else firstFile.set(q.id, file);
        questions.push(q);
      }
    } catch (err) {
      if (err instanceof ContentError) problems.push(...err.problems);
      else throw err;
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  return { id: WHOLE_BANK_ID, title: 'The whole bank', contentHash: contentHashOf(questions), questions, custom: false };
}

/** True when a `--quiz` argument is a path rather than a bank id. */
export function isQuizPath(arg: string): boolean {
  return arg.includes('/') || arg.includes('\\') || QUIZ_EXTENSIONS.test(arg);
}

/** `--quiz ID|FILE`, or the whole shipped bank when absent. */
export function loadQuizArg(arg: string | undefined): QuizBank {
  if (arg === undefined) return loadShippedBank();
  return isQuizPath(arg) ? loadQuizFile(arg) : loadShippedBank(arg);
}

/** The bank files of an instructor's `--content DIR` (DIR/quizzes). */
function contentBankFiles(contentDir: string): string[] {
  return shippedBankFiles(join(contentDir, 'quizzes'));
}

/**
 * `--quiz` with `--content DIR`: a bank id may name a file of DIR/quizzes,
 * and the whole bank (`all`) is the shipped questions then the local ones.
 * A local question id that clashes with a shipped one is refused.
 */
export function loadQuizArgWithContent(arg: string | undefined, contentDir: string | undefined): QuizBank {
  if (contentDir === undefined || (arg !== undefined && isQuizPath(arg))) return loadQuizArg(arg);
  const local = contentBankFiles(contentDir);
  if (arg !== undefined && arg !== WHOLE_BANK_ID) {
    const file = local.find((f) => bankIdFromPath(f) === arg);
    return file ? loadQuizFile(file, { id: arg }) : loadShippedBank(arg);
  }
  const shipped = loadShippedBank();
  if (local.length === 0) return shipped;
  const taken = new Set(shipped.questions.map((q) => q.id));
  const questions = [...shipped.questions];
  const problems: Problem[] = [];
  for (const file of local) {
    for (const q of loadQuizFile(file).questions) {
      if (taken.has(q.id)) {
        problems.push({
          file,
          line: 0,
          message: `the question id \`${q.id}\` is already used by a shipped question`,
          fix: 'choose another id for your question',
        });
        continue;
      }
      taken.add(q.id);
      questions.push(q);
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  return { id: WHOLE_BANK_ID, title: 'The whole bank, with local questions', contentHash: contentHashOf(questions), questions, custom: true };
}
