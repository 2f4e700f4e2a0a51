/**
 * The example class (issue 37): 30 quiz reports with a spread of abilities,
 * built to show what `grade --stats` is for. Out of the first ten questions a
 * seed draws, four are made to misbehave on purpose:
 *   - too easy: a true/false question everyone but the weakest student gets right
 *     (which may make its discrimination weak too: one wrong answer in 30 says little);
 *   - too hard: a question only the four strongest get right;
 *   - a dead distractor: one wrong option that no one picks;
 *   - negative discrimination: the weaker students get it right, the stronger wrong.
 * The rest follow each student's ability (with seeded noise), and their wrong
 * answers go round every wrong option, so nothing else is flagged.
 *
 * Deterministic: the same seed gives the same files. It takes the seed's
 * questions as `fence-tutor quiz --quiz Q --export json --seed S` prints
 * them (options as shown, key in shown indices) and writes reports as
 * `quiz --report` does, so `grade` checks every answer against the bank.
 * Used by test/reports/example-class.proc.test.ts and scripts/screenshots.mjs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const EXAMPLE_STUDENTS = 30;
export const EXAMPLE_QUESTIONS = 10;
export const EXAMPLE_PASS_MARK = 70;

/** mulberry32: a small seeded generator, so the class is the same on every machine. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const keyOf = (q) => (Array.isArray(q.answer) ? q.answer : q.type === 'ordering' ? q.options.map((_, i) => i) : [q.answer]);

/** A right response in shown indices. */
function rightResponse(q) {
  return q.type === 'multiple' || q.type === 'ordering' ? [...q.answer] : q.answer;
}

/** The `turn`-th wrong response, going round the wrong options (or only the first `live` of them). */
function wrongResponse(q, turn, live) {
  if (q.type === 'ordering') {
    const order = [...q.answer];
    [order[0], order[1]] = [order[1], order[0]];
    return order;
  }
  const key = keyOf(q);
  const wrong = q.options.map((_, i) => i).filter((i) => !key.includes(i));
  const pool = wrong.slice(0, live ?? wrong.length);
  const pick = pool[turn % pool.length];
  return q.type === 'multiple' ? [pick] : pick;
}

/** Which of the questions plays which part: the first that fits each. */
export function exampleRoles(questions) {
  const taken = new Set();
  const first = (ok) => {
    const q = questions.find((x) => !taken.has(x.id) && ok(x));
    if (!q) throw new Error('the seed draws too few single-answer questions for the example class; pick another seed');
    taken.add(q.id);
    return q.id;
  };
  const tooEasy = first((q) => q.type === 'truefalse');
  const dead = first((q) => q.type === 'single' && q.options.length >= 4);
  const tooHard = first((q) => q.type === 'single' && q.options.length >= 3);
  const negative = first((q) => q.type === 'single' || q.type === 'truefalse');
  return { tooEasy, tooHard, dead, negative };
}

/**
 * The reports, as objects: { name, report }. `exported` is the parsed
 * `--export json` document; its first EXAMPLE_QUESTIONS questions are the
 * ones an exam of that count draws.
 */
export function exampleClass(exported, seed = 37) {
  const questions = exported.questions.slice(0, EXAMPLE_QUESTIONS);
  const roles = exampleRoles(questions);
  const random = rng(seed);
  const difficulty = new Map(questions.map((q, i) => [q.id, 0.3 + (0.4 * i) / (questions.length - 1)]));
  const wrongTurns = new Map();
  const reports = [];
  for (let k = 0; k < EXAMPLE_STUDENTS; k++) {
    const ability = (k + 0.5) / EXAMPLE_STUDENTS;
    const results = questions.map((q) => {
      const right =
        q.id === roles.tooEasy
          ? k > 0
          : q.id === roles.tooHard
            ? k >= EXAMPLE_STUDENTS - 4
            : q.id === roles.negative
              ? k < 12
              : ability + (random() - 0.5) * 0.2 > difficulty.get(q.id);
      const turn = wrongTurns.get(q.id) ?? 0;
      if (!right) wrongTurns.set(q.id, turn + 1);
      // The dead distractor: wrong answers go round all wrong options but the last.
      const live = q.id === roles.dead ? q.options.length - 2 : undefined;
      return {
        id: q.id,
        type: q.type,
        tags: q.tags,
        response: right ? rightResponse(q) : wrongResponse(q, turn, live),
        correct: right,
        points: right ? 1 : 0,
        durationMs: 20000 + Math.round(random() * 40000),
        attempts: 1,
      };
    });
    const score = Math.round((results.filter((r) => r.correct).length / results.length) * 10000) / 100;
    const started = Date.UTC(2026, 2, 2, 9, 0, 0) + k * 7000;
    const name = `student-${String(k + 1).padStart(2, '0')}`;
    reports.push({
      name,
      report: {
        schemaVersion: 1,
        version: exported.version,
        quiz: exported.quiz,
        contentHash: exported.contentHash,
        seed: exported.seed,
        mode: 'exam',
        student: `Student ${String(k + 1).padStart(2, '0')}`,
        startedAt: new Date(started).toISOString(),
        finishedAt: new Date(started + 600000 + k * 1000).toISOString(),
        questions: results,
        score,
        passMark: EXAMPLE_PASS_MARK,
        passed: score >= EXAMPLE_PASS_MARK,
        incomplete: false,
        timeLimitMs: null,
      },
    });
  }
  return { roles, reports };
}

/** Writes the class into `dir` as NAME.json files; returns their paths and the roles. */
export function writeExampleClass(dir, exported, seed = 37) {
  const { roles, reports } = exampleClass(exported, seed);
  const files = reports.map(({ name, report }) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    return file;
  });
  return { roles, files };
}
