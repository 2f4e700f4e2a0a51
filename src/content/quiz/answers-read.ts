/**
 * Answers files for autograding: `{"answers": {"<id>": <answer>}}` (JSON or
 * YAML). Extra top-level keys are allowed (the sheet from `--export sheet`
 * can be filled in and passed back as it is); `seed`, `count`, `student`,
 * and the sheet's `quiz` and `contentHash`, when present, are read (the
 * caller refuses a file written for another quiz, bank version or count). Answers for bank questions that were not drawn are
 * ignored; an id not in the bank or an answer of the wrong shape is refused
 * with the file, the line and the fix. `null` means "no answer" (wrong).
 *
 * This file never loads the YAML parser (the caller parses: answers-loader.ts
 * with parseYaml, or quiz-run.ts trying plain JSON first).
 */
import { expectedShape, responseShapeError } from '../../core/quiz/answers.js';
import type { DrawnQuestion, Response } from '../../core/quiz/types.js';
import { ContentError } from '../shared/problems.js';
import { isMapping, ProblemList } from './quiz-check.js';
import { sanitizeLine } from '../shared/sanitize.js';
import type { ParsedYaml } from '../shared/yaml.js';
import { readContentText } from '../shared/read-text.js';
import { MAX_QUESTIONS } from '../shared/input-limits.js';

export interface AnswersFileHeader {
  file: string;
  /** The seed the file says it was written for, if any. */
  seed?: number;
  /** How many questions the sheet was exported with (`--count`), if it says. */
  count?: number;
  /** The bank the sheet was exported from, if it says: its id and content hash. */
  quiz?: string;
  contentHash?: string;
  student?: string;
  parsed: ParsedYaml;
}

export function readAnswersText(path: string): string {
  return readContentText(path, 'the answers file', 'give the path of a JSON file like {"answers": {"question-id": 0}} (get a template with --export sheet)');
}

/** First pass, on the parsed file: it has `answers`, and maybe `seed` and `student`. */
export function readAnswersHeaderFrom(parsed: ParsedYaml): AnswersFileHeader {
  const file = parsed.file;
  const p = new ProblemList(file, parsed);
  const data = parsed.data;
  if (!isMapping(data) || !isMapping(data.answers)) {
    p.at(
      isMapping(data) && data.answers !== undefined ? ['answers'] : [],
      'an answers file needs an `answers` object mapping question ids to answers',
      'write {"answers": {"question-id": 0, "other-id": [1, 2]}} (get a template with `fence-tutor quiz --export sheet --seed N`)',
    );
    throw new ContentError(p.problems);
  }
  if (Object.keys(data.answers).length > MAX_QUESTIONS) {
    p.at(
      ['answers'],
      `the file answers ${Object.keys(data.answers).length} questions, more than the limit of ${MAX_QUESTIONS}`,
      'answer only the questions of the exam',
    );
    throw new ContentError(p.problems);
  }
  const header: AnswersFileHeader = { file, parsed };
  if (data.seed !== undefined && data.seed !== null) {
    const seed = p.integer(data.seed, ['seed'], 'seed', 0, 0xffffffff);
    if (seed !== undefined) header.seed = seed;
  }
  if (data.count !== undefined && data.count !== null) {
    const count = p.integer(data.count, ['count'], 'count', 1, MAX_QUESTIONS);
    if (count !== undefined) header.count = count;
  }
  for (const key of ['quiz', 'contentHash'] as const) {
    const v = data[key];
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim() !== '') header[key] = sanitizeLine(v).trim();
    else p.at([key], `\`${key}\` must be a string`, `leave it as \`--export sheet\` wrote it, or remove it`);
  }
  if (data.student !== undefined && data.student !== null) {
    if (typeof data.student === 'string' && data.student.trim() !== '') header.student = sanitizeLine(data.student).trim();
    else p.at(['student'], '`student` must be a name', 'write "student": "Ada", or leave it out');
  }
  if (p.problems.length > 0) throw new ContentError(p.problems);
  return header;
}

/**
 * Second pass, once the questions are drawn: the responses by id, for the
 * drawn questions only. `bankIds` are all ids of the bank.
 */
export function readAnswers(header: AnswersFileHeader, drawn: readonly DrawnQuestion[], bankIds: ReadonlySet<string>, bankName: string): Map<string, Response> {
  const p = new ProblemList(header.file, header.parsed);
  const answers = (header.parsed.data as { answers: Record<string, unknown> }).answers;
  const byId = new Map(drawn.map((q) => [q.id, q]));
  const out = new Map<string, Response>();
  for (const [id, value] of Object.entries(answers)) {
    const path = ['answers', id];
    if (!bankIds.has(id)) {
      p.atKey(
        path,
        `there is no question \`${sanitizeLine(id).slice(0, 60)}\` in the bank \`${bankName}\``,
        'remove it, or copy the ids from `fence-tutor quiz --export sheet`',
      );
      continue;
    }
    const q = byId.get(id);
    if (!q || value === null) continue;
    const problem = responseShapeError(q, value);
    if (problem !== null) {
      p.at(
        path,
        `the answer to \`${id}\` has the wrong shape: ${problem}`,
        `give ${expectedShape(q)} (indices count from 0, in the option order of this seed)`,
      );
      continue;
    }
    out.set(id, value as Response);
  }
  if (p.problems.length > 0) throw new ContentError(p.problems);
  return out;
}
