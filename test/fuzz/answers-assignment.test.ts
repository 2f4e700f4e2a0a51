/** Answers files (autograding) and assignment files under fuzzing. */
import { describe, expect, it } from 'vitest';
import { readAnswersHeader } from '../../src/content/quiz/answers-loader.js';
import { readAnswers } from '../../src/content/quiz/answers-read.js';
import { ASSIGNMENT_SCHEMA_VERSION, loadAssignmentText } from '../../src/content/assignment/assignment-loader.js';
import { assignmentSettingsHash } from '../../src/content/assignment/assignment-hash.js';
import { contentHashOf, loadShippedBank } from '../../src/content/quiz/quiz-loader.js';
import { drawQuestions } from '../../src/core/quiz/draw.js';
import { fuzzLoader, RUNS } from './harness.js';

const bank = loadShippedBank('token-contract');
const seed = 7;
const drawn = drawQuestions(bank.questions, seed);
const bankIds = new Set(bank.questions.map((q) => q.id));

function loadAnswers(text: string, file: string) {
  return readAnswers(readAnswersHeader(text, file), drawn, bankIds, bank.id);
}

const rightAnswers = JSON.stringify({ seed, student: 'ada', answers: Object.fromEntries(drawn.map((q) => [q.id, q.answer])) }, null, 2);
const partialAnswers = JSON.stringify({ answers: Object.fromEntries(drawn.slice(0, 2).map((q) => [q.id, q.answer])) });

const assignment = JSON.stringify(
  {
    schemaVersion: ASSIGNMENT_SCHEMA_VERSION,
    kind: 'assignment',
    version: '0.1.0',
    title: 'Week 2',
    quiz: bank.id,
    contentHash: contentHashOf(bank.questions),
    settingsHash: assignmentSettingsHash({
      title: 'Week 2',
      quiz: bank.id,
      contentHash: contentHashOf(bank.questions),
      mode: 'exam',
      seed,
      count: 3,
      timeLimitMs: 600_000,
      passMark: 70,
    }),
    mode: 'exam',
    seed,
    count: 3,
    timeLimitMs: 600_000,
    passMark: 70,
    createdAt: '2026-11-29T12:00:00.000Z',
    questions: bank.questions,
  },
  null,
  2,
);

describe('answers files under fuzzing', () => {
  fuzzLoader(
    {
      name: 'answers file',
      load: loadAnswers,
      seeds: [rightAnswers, partialAnswers],
      check: (value) => {
        const responses = value as Map<string, unknown>;
        for (const id of responses.keys()) expect(bankIds.has(id)).toBe(true);
      },
    },
    it,
  );
});

describe('assignment files under fuzzing', () => {
  fuzzLoader({ name: 'assignment', load: loadAssignmentText, seeds: [assignment], runs: Math.ceil(RUNS / 3) }, it);
});
