/**
 * The fast command path (issue 18: every command that draws no Ink screen
 * within 1.5x `node -e 0`). Kept by issue 32's measure (docs/performance.md,
 * "Start-up pieces on and off"): without it the commands on the shipped
 * content took 1.45-1.56x `node -e 0` in CPU (`exercises` 2.37x), with it
 * 1.22-1.35x (`exercises` 1.43x). Before commander is even loaded, main.ts offers
 * the arguments here; a few commands on the shipped content answer from
 * what the build wrote to dist/content/ (src/cli/fast-outputs-make.ts),
 * once src/content/shared/built-content.ts has found the shipped files unchanged.
 *
 * A fast command is all or nothing: it answers only an argument shape it
 * knows whole, with stdout not a terminal, and returns undefined for
 * anything else (another flag, --help, --content, a missing output, a data
 * directory that fails its check, an unknown lesson...), which then goes to
 * commander as if this file did not exist: commander's errors and messages
 * stay the only ones. What a fast command prints must be byte for byte what
 * the commander path prints: test/cli/fast-path.test.ts compares each with
 * FENCE_TUTOR_BUILT_CONTENT=0 (no snapshot and no fast path: the real
 * loaders through commander). Besides the build's outputs, `exercises` reads
 * the small JSON manifests the entry holds the reader of, and `sim --json`
 * and `explore --json` a scenario (a user's file through the YAML loader).
 *
 * Adding one: make the output at
 * build in fast-outputs-make.ts with the function the command's action
 * calls, add an entry to FAST_COMMANDS below, and a row to the fast-path
 * test and to scripts/bench/commands.mjs (CONTRIBUTING.md, "Fast commands").
 */
import { fstatSync } from 'node:fs';
import { builtBank, builtContent, builtContentCurrent, builtLessonPlain, builtText } from '../content/shared/built-content.js';
import { findLesson } from '../content/lesson/lesson-find.js';
import { assertDataDirUsable } from '../platform/data-dir-check.js';
import { gatherProgressFromInfos } from '../progress/gather-from.js';
import type { ChallengeInfo, LessonInfo } from '../progress/summary.js';
import { loadProgress } from '../progress/progress-file.js';
import { type ChallengeSummary, challengeListText, challengeRows } from './challenge/challenge-rows.js';
import { printProgressJson } from './commands/progress.js';
import { printExerciseList } from './exercise/exercise-list.js';
import { FAST_OUTPUT } from './fast-outputs.js';
import { printJson } from './json-output.js';
import { parseGlobalFlags } from './global-flags.js';
import { CHECK_CHOICES, FENCING_CHOICES, isChoice, MINTING_CHOICES, type ScenarioFlags } from './scenario/scenario-flags.js';
import { exportText } from './quiz/quiz-export.js';
import { planQuiz, type QuizFlags } from './quiz/quiz-settings.js';
import { writeStdout } from './stdout.js';
import { decideDisplay, isUtf8Locale } from './terminal.js';
import type { GlobalFlags } from '../platform/global-flags.js';

/**
 * The arguments after the command's name; the exit status when answered
 * (or its promise, for a command whose work is async), else undefined
 * (commander's turn). Undefined is decided before any work starts.
 */
export type FastCommand = (args: readonly string[]) => number | Promise<number> | undefined;

/**
 * Global flags that change nothing these commands print on a pipe (colour and
 * motion are the screens'). --narrate is one of them except for `lesson`,
 * whose plain text it lays out as words (that command checks for it).
 */
const NEUTRAL_GLOBALS = ['--plain', '--no-color', '--reduced-motion', '--narrate'];

/**
 * The flags among `args` when every one is in `known` (or a neutral global)
 * and the positionals number `positionals`; undefined otherwise.
 */
export function knownShape(args: readonly string[], known: readonly string[], positionals = 0): { flags: Set<string>; positional: string[] } | undefined {
  const flags = new Set<string>();
  const positional: string[] = [];
  for (const arg of args) {
    if (arg.startsWith('-')) {
      if (!known.includes(arg) && !NEUTRAL_GLOBALS.includes(arg)) return undefined;
      flags.add(arg);
    } else positional.push(arg);
  }
  return positional.length === positionals ? { flags, positional } : undefined;
}

/** True when fd 1 is surely not a terminal (a pipe, a file, a socket), without building process.stdout. */
function stdoutIsPlain(): boolean {
  try {
    const s = fstatSync(1);
    // A character device may be a terminal, or /dev/null: only then ask the stream (which loads more).
    return !s.isCharacterDevice() || process.stdout.isTTY !== true;
  } catch {
    return false;
  }
}

/** The data directory check commander's preAction makes for commands that read it (program.ts, DATA_DIR_USE). */
function dataDirReadable(): boolean {
  try {
    assertDataDirUsable({ write: false });
    return true;
  } catch {
    return false;
  }
}

/** Writes a file the build made, when there is one; the exit status 0, else undefined. */
function printBuilt(name: string): number | undefined {
  const text = builtText(name);
  if (text === undefined) return undefined;
  writeStdout(text);
  return 0;
}

const lessons: FastCommand = (args) => {
  const shape = knownShape(args, ['--json']);
  if (!shape?.flags.has('--json') || !stdoutIsPlain() || !dataDirReadable()) return undefined;
  return printBuilt(FAST_OUTPUT.lessonsJson);
};

const lesson: FastCommand = (args) => {
  const shape = knownShape(args, ['--ascii'], 1);
  // --narrate: the build's laid-out copy is drawn (tables, rules, timelines); commander's path says it in words.
  if (!shape || shape.flags.has('--narrate') || !stdoutIsPlain() || !builtContentCurrent() || !dataDirReadable()) return undefined;
  const refs = builtText(FAST_OUTPUT.lessonRefs);
  const found = refs === undefined ? undefined : findLesson({ lessons: JSON.parse(refs) as { id: string; number: number }[] }, shape.positional[0]!);
  // Piped, the commander path prints at 80 columns, the width the build laid out.
  const text = found && builtLessonPlain(found.id, 80, shape.flags.has('--ascii') || !isUtf8Locale(process.env));
  if (text === undefined) return undefined;
  writeStdout(text);
  return 0;
};

const scenarios: FastCommand = (args) => {
  const shape = knownShape(args, ['--json']);
  if (!shape || !stdoutIsPlain()) return undefined;
  return printBuilt(shape.flags.has('--json') ? FAST_OUTPUT.scenariosJson : FAST_OUTPUT.scenariosText);
};

const validate: FastCommand = (args) => {
  // The build wrote this only for clean content: problems and warnings take the commander path.
  if (args.length > 0 || !stdoutIsPlain()) return undefined;
  return printBuilt(FAST_OUTPUT.validate);
};

/** progress --json reads the data directory as the commander path does; only the lessons' facts come from the build. */
const progress: FastCommand = (args) => {
  const shape = knownShape(args, ['--json']);
  if (!shape?.flags.has('--json') || !stdoutIsPlain() || !dataDirReadable()) return undefined;
  const infos = builtText(FAST_OUTPUT.lessonInfos);
  const challenges = builtText(FAST_OUTPUT.challengeInfos);
  if (infos === undefined || challenges === undefined) return undefined;
  printProgressJson(gatherProgressFromInfos(JSON.parse(infos) as LessonInfo[], { now: new Date(), challenges: JSON.parse(challenges) as ChallengeInfo[] }));
  return 0;
};

/**
 * `--name value` pairs among `args` (neutral globals skipped), each name in `names` at most once, values
 * not starting with a dash; undefined for anything else (commander decides).
 */
export function knownOptions(args: readonly string[], names: readonly string[]): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (NEUTRAL_GLOBALS.includes(arg)) continue;
    const value = args[i + 1];
    if (!names.includes(arg) || Object.hasOwn(values, arg) || value === undefined || value.startsWith('-')) return undefined;
    values[arg] = value;
    i++;
  }
  return values;
}

/** quiz --export KIND --seed N [--count N] [--quiz ID] on a shipped bank: planned and drawn as quiz-run.ts does. */
const quiz: FastCommand = (args) => {
  if (args.includes('--answers')) return quizAnswers(args);
  const o = knownOptions(args, ['--export', '--seed', '--count', '--quiz']);
  if (!o?.['--export'] || o['--seed'] === undefined || !stdoutIsPlain() || !dataDirReadable()) return undefined;
  const bank = builtBank(o['--quiz']);
  if (!bank) return undefined;
  const flags: QuizFlags = { export: o['--export'], seed: o['--seed'] };
  if (o['--count'] !== undefined) flags.count = o['--count'];
  if (o['--quiz'] !== undefined) flags.quiz = o['--quiz'];
  // A bad value throws the UsageError the commander path would (main.ts reports it the same way).
  const plan = planQuiz(flags, {
    loadBank: () => bank,
    loadAssignment: () => {
      throw new Error('fast quiz export: no --assignment');
    },
  });
  writeStdout(exportText(plan, plan.export!));
  return 0;
};

/**
 * challenges [--json] [--ascii]: the build's summaries of the shipped challenges, with the solves read from
 * the data directory as commands/challenges.ts does; the text list in ASCII as decideDisplay decides it.
 * --json --ascii goes to commander (an --ascii it ignores there).
 */
const challenges: FastCommand = (args) => {
  const shape = knownShape(args, ['--json', '--ascii']);
  const json = shape?.flags.has('--json');
  if (!shape || (json && shape.flags.has('--ascii')) || !stdoutIsPlain() || !dataDirReadable()) return undefined;
  const summaries = builtText(FAST_OUTPUT.challengeSummaries);
  if (summaries === undefined) return undefined;
  const solved = loadProgress().challenges ?? {};
  const rows = challengeRows(JSON.parse(summaries) as ChallengeSummary[], solved);
  if (json) printJson({ challenges: rows });
  else writeStdout(challengeListText(rows, { ascii: shape.flags.has('--ascii') || !isUtf8Locale(process.env) }));
  return 0;
};

/** exercises [--json]: the manifests are small JSON files the entry already reads (no snapshot needed); the same function as the commander path. */
const exercises: FastCommand = (args) => {
  const shape = knownShape(args, ['--json']);
  if (!shape || !stdoutIsPlain()) return undefined;
  // Lesson numbers from the build's snapshot; without one, commander's path loads the curriculum.
  const built = builtContent();
  if (!built) return undefined;
  printExerciseList({ json: shape.flags.has('--json') }, new Map(built.curriculum.lessons.map((l) => [l.id, l.number])));
  return 0;
};

/**
 * The flags of `sim --json` / `explore --json` in the shapes the fast path
 * knows: --json once, `--name value` pairs of the scenario options, each
 * toggle one of its choices (commander words a wrong one); undefined for
 * anything else.
 */
function scenarioJsonFlags(args: readonly string[]): ScenarioFlags | undefined {
  const rest = args.filter((a) => a !== '--json');
  if (rest.length !== args.length - 1) return undefined;
  const o = knownOptions(rest, ['--scenario', '--scenario-file', '--fencing', '--minting', '--check']);
  if (!o) return undefined;
  const flags: ScenarioFlags = { json: true };
  if (o['--scenario'] !== undefined) flags.scenario = o['--scenario'];
  if (o['--scenario-file'] !== undefined) flags.scenarioFile = o['--scenario-file'];
  const fencing = o['--fencing'];
  const minting = o['--minting'];
  const check = o['--check'];
  if (fencing !== undefined) {
    if (!isChoice(FENCING_CHOICES, fencing)) return undefined;
    flags.fencing = fencing;
  }
  if (minting !== undefined) {
    if (!isChoice(MINTING_CHOICES, minting)) return undefined;
    flags.minting = minting;
  }
  if (check !== undefined) {
    if (!isChoice(CHECK_CHOICES, check)) return undefined;
    flags.check = check;
  }
  return flags;
}

/**
 * sim --json / explore --json on one scenario (--scenario ID, from the
 * build's snapshot, or --scenario-file FILE, through the YAML loader), as
 * the command's action does (scenario-run.ts: a file's problems reach
 * reportError the same way). scenario-run.ts is imported only then, so the
 * entry's other commands never initialise the engine.
 */
function scenarioJson(command: 'sim' | 'explore'): FastCommand {
  return (args) => {
    const flags = scenarioJsonFlags(args);
    if (!flags || flags.content !== undefined || (flags.scenario === undefined) === (flags.scenarioFile === undefined)) return undefined;
    return import('./scenario/scenario-run.js').then(async (run) => {
      (command === 'sim' ? run.printSimJsonOf : run.printExploreJsonOf)(await run.scenarioFrom(flags), flags);
      return 0;
    });
  };
}

const sim = scenarioJson('sim');
const explore = scenarioJson('explore');

/** The global flags as commander's path reads them when none is given (global-flags.ts; no --content). */
const { content: _noContent, ...NO_GLOBALS } = parseGlobalFlags({});

/**
 * quiz --answers FILE [--mode M] [--seed N] [--count N] [--quiz ID] [--format F]
 * [--pass P] [--student NAME]: sat by quiz-run.ts as the commander path does
 * (the answers file through the real reader and checks). No global flag:
 * those reach runQuiz and its report.
 */
const quizAnswers = (args: readonly string[]): Promise<number> | undefined => {
  const o = knownOptions(args, ['--answers', '--mode', '--seed', '--count', '--quiz', '--format', '--pass', '--student']);
  if (!o?.['--answers'] || args.some((a) => NEUTRAL_GLOBALS.includes(a)) || !stdoutIsPlain() || !dataDirReadable()) return undefined;
  const own: QuizFlags = {};
  const names = {
    '--answers': 'answers',
    '--mode': 'mode',
    '--seed': 'seed',
    '--count': 'count',
    '--quiz': 'quiz',
    '--format': 'format',
    '--pass': 'pass',
    '--student': 'student',
  } as const;
  for (const [flag, key] of Object.entries(names)) {
    const value = o[flag];
    if (value !== undefined) own[key] = value;
  }
  const flags: QuizFlags & GlobalFlags = { ...own, ...NO_GLOBALS };
  // What decideDisplay gives with stdout not a terminal (runQuiz uses it only on a terminal).
  const display = decideDisplay(flags, { stdin: {}, stdout: {} });
  return import('./quiz/quiz-run.js').then(({ runQuiz }) => runQuiz(flags, { display, flags }));
};

/** grade REPORT... [--json]: graded by quiz-grade.ts as the commander path does. */
const grade: FastCommand = (args) => {
  const files = args.filter((a) => !a.startsWith('-'));
  const shape = knownShape(args, ['--json'], files.length);
  if (!shape || files.length === 0) return undefined;
  return Promise.all([import('./quiz/quiz-grade.js'), import('./quiz/quiz-output.js')]).then(([{ runGrade }, { processOut }]) =>
    // A locale that is not UTF-8 gets the text summary in ASCII, as on commander's path (--ascii goes there).
    runGrade(files, shape.flags.has('--json') ? { json: true } : {}, { ...processOut, ascii: !isUtf8Locale(process.env) }),
  );
};

const FAST_COMMANDS: Record<string, FastCommand> = { lessons, lesson, scenarios, validate, progress, quiz, challenges, exercises, sim, explore, grade };

/** The exit status when a fast command answered `argv` (process.argv), else undefined. */
export function runFast(argv: readonly string[]): number | Promise<number> | undefined {
  // Off with the snapshot: the commander path alone, which the fast-path test compares each fast command with.
  if (process.env.FENCE_TUTOR_BUILT_CONTENT === '0') return undefined;
  const [name, ...args] = argv.slice(2);
  if (name === undefined || !Object.hasOwn(FAST_COMMANDS, name)) return undefined;
  return FAST_COMMANDS[name]!(args);
}
