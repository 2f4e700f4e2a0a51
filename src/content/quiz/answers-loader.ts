/**
 * Answers files with the YAML parser (answers-read.ts holds the checks):
 * for tests and simple callers. `quiz --answers` tries plain JSON first.
 */
import type { DrawnQuestion, Response } from '../../core/quiz/types.js';
import { parseYaml } from '../shared/yaml.js';
import { type AnswersFileHeader, readAnswers, readAnswersHeaderFrom, readAnswersText } from './answers-read.js';

export type { AnswersFileHeader } from './answers-read.js';

/** First pass: the file parses, has `answers`, and maybe `seed` and `student`. */
export function readAnswersHeader(text: string, file: string): AnswersFileHeader {
  return readAnswersHeaderFrom(parseYaml(text, file));
}

/** Both passes on a file (for tests and simple callers). */
export function loadAnswersFile(path: string, drawn: readonly DrawnQuestion[], bankIds: ReadonlySet<string>, bankName: string): Map<string, Response> {
  return readAnswers(readAnswersHeader(readAnswersText(path), path), drawn, bankIds, bankName);
}
