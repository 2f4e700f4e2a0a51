/**
 * The shipped content as the build left it (issue 18): the build runs the
 * project's own loaders, validator and plain renderer over lessons/,
 * quizzes/ and scenarios/ (src/render/built-content-make.ts) and writes the
 * result to dist/content/. A command on the shipped content then reads one
 * JSON file instead of loading the YAML, Markdown and schema libraries.
 *
 * The snapshot is used only while the files on disk are the files it was
 * made from: the build keeps a copy of every file under the shipped folders
 * (their paths, sizes and bytes, shippedContentBytes(), in shipped.bin) and
 * this compares them byte for byte. Exact, and cheaper than a hash here:
 * node:crypto alone costs more to load than reading both copies (issue 18;
 * the build still records a SHA-256 in shipped.json for the record). On a
 * mismatch, a missing or unreadable snapshot, or with
 * FENCE_TUTOR_BUILT_CONTENT=0, callers fall back to the real loaders, so an
 * edited lesson is never shown stale. User content (`--content`, files
 * given as arguments) never comes from here.
 *
 * Kept light on purpose: the CommonJS entry holds it (scripts/build.mjs,
 * INLINE), so it imports only Node built-ins and package-root.
 */
import type { Dirent } from 'node:fs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { packageRoot } from '../../platform/package-root.js';
import type { QuizBank } from '../../core/quiz/types.js';
import type { Scenario } from '../../core/types.js';
import type { Challenge } from '../challenges/challenge-types.js';
import type { Curriculum } from '../lesson/lesson-types.js';
import type { ValidateReport } from '../validate/validate-summary.js';
import type { QuestionRef } from '../validate/validate.js';

export const BUILT_CONTENT_SCHEMA = 3;
/** The width a piped `lesson N --plain` prints at; laid out at build for it. */
export const BUILT_PLAIN_WIDTH = 80;
/** Folder of dist/ holding the snapshot (moved in file by file like chunks/). */
export const BUILT_CONTENT_FOLDER = 'content';
const BUILT_CONTENT_FILE = 'shipped.json';
/** A shipped bank by id (`all`: the whole bank), as the quiz loader makes it: one file each, so a command parses only the bank it uses. */
export function builtBankFile(id: string): string {
  return `bank-${id}.json`;
}
/** The copy of the shipped files the snapshot was made from: builtFilesHeader() then shippedContentBytes(). */
export const BUILT_FILES_FILE = 'shipped.bin';
const WHOLE_BANK = 'all';

export interface BuiltContent {
  schemaVersion: number;
  /** SHA-256 of shippedContentBytes() at build, for the record (shipped.bin is what is compared). */
  hash: string;
  /** The shipped curriculum; file paths relative to the package root. */
  curriculum: Curriculum;
  /** What `validate` with no argument found; file paths relative to the package root. */
  validate: ValidateReport;
  /** The shipped scenarios as listShippedScenarios() gives them; origin files relative to the package root. */
  scenarios: Scenario[];
  /** The shipped challenges as the loader gives them; files relative to the package root. Absent in an older snapshot. */
  challenges?: Challenge[];
  /** The shipped questions' ids, lessons and lines as validate reads them (validate-loaders.ts, questionRefs); files relative to the package root. Absent in an older snapshot or when a bank does not parse. */
  questionRefs?: QuestionRef[];
}

/** What `validate` with no argument checks: the shipped folders (and assignments/ when shipped). */
export function shippedContentTargets(root = packageRoot()): string[] {
  const targets = ['lessons', 'quizzes', 'scenarios', 'challenges'].map((d) => join(root, d));
  const assignments = join(root, 'assignments');
  if (existsSync(assignments)) targets.push(assignments);
  return targets;
}

/** Files under `dir` in sorted order, each with its path from the root ('/'-separated): `rel` is dir's. */
function filesUnder(dir: string, rel: string, out: { path: string; rel: string }[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    // Joined by hand: path.join's normalising was a measurable share of every fast command's start (issue 18).
    const path = `${dir}${sep}${entry.name}`;
    if (entry.isDirectory()) filesUnder(path, `${rel}/${entry.name}`, out);
    else if (entry.isFile()) out.push({ path, rel: `${rel}/${entry.name}` });
  }
}

/** Each shipped content file's header (path from the root, size) and bytes, in sorted order, until `visit` returns false. */
function eachShippedFile(root: string, visit: (header: Buffer, bytes: Buffer) => boolean): boolean {
  for (const target of shippedContentTargets(root)) {
    const files: { path: string; rel: string }[] = [];
    filesUnder(target, relative(root, target).split('\\').join('/'), files);
    for (const { path, rel } of files) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(path);
      } catch {
        continue;
      }
      if (!visit(Buffer.from(`${rel}\0${bytes.length}\0`, 'utf8'), bytes)) return false;
    }
  }
  return true;
}

/**
 * Every shipped content file's path (from the root), size and bytes, in
 * sorted order: what the snapshot is checked against (and what the build's
 * SHA-256 is taken of).
 */
export function shippedContentBytes(root = packageRoot()): Buffer {
  const parts: Buffer[] = [];
  eachShippedFile(root, (header, bytes) => parts.push(header, bytes) > 0);
  return Buffer.concat(parts);
}

/** True when `recorded` is exactly shippedContentBytes(root): compared file by file, without building the whole copy. */
export function shippedContentIs(recorded: Buffer, root = packageRoot()): boolean {
  let offset = 0;
  const same = (part: Buffer) => {
    const end = offset + part.length;
    if (end > recorded.length || !recorded.subarray(offset, end).equals(part)) return false;
    offset = end;
    return true;
  };
  return eachShippedFile(root, (header, bytes) => same(header) && same(bytes)) && offset === recorded.length;
}

/** The first line of shipped.bin: the snapshot's schema, so a snapshot of another schema never matches. */
export function builtFilesHeader(): Buffer {
  return Buffer.from(`fence-tutor built content, schema ${BUILT_CONTENT_SCHEMA}\n`, 'utf8');
}

export function builtContentDir(root = packageRoot()): string {
  return join(root, 'dist', BUILT_CONTENT_FOLDER);
}

/** The file holding one lesson's plain text at BUILT_PLAIN_WIDTH. */
export function builtPlainFile(lessonId: string, ascii: boolean): string {
  return `lesson-${lessonId}.${ascii ? 'ascii' : 'unicode'}.txt`;
}

/** Like the loaders' displayPath: relative to the working directory when inside it. */
function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** Root-relative file fields back to what the loaders would have said from here. */
function rehydrate(content: BuiltContent, root: string): BuiltContent {
  // Once per distinct file (27 here): path.relative() for each of the 130-odd records took 2-3 ms
  // of every process that reads the snapshot, the reader's first frame among them.
  const seen = new Map<string, string>();
  const at = (file: string) => {
    let shown = seen.get(file);
    if (shown === undefined) {
      shown = file === '' || isAbsolute(file) ? file : displayPath(join(root, file));
      seen.set(file, shown);
    }
    return shown;
  };
  const curriculum: Curriculum = {
    dir: join(root, 'lessons'),
    lessons: content.curriculum.lessons.map((l) => ({ ...l, file: at(l.file) })),
    glossary: content.curriculum.glossary.map((t) => ({ ...t, file: at(t.file) })),
  };
  const validate: ValidateReport = {
    counts: content.validate.counts,
    problems: content.validate.problems.map((p) => ({ ...p, file: at(p.file) })),
    warnings: content.validate.warnings.map((p) => ({ ...p, file: at(p.file) })),
  };
  const scenarios = content.scenarios.map((sc) => (sc.origin ? { ...sc, origin: { ...sc.origin, file: join(root, sc.origin.file) } } : sc));
  const fromRoot = (file: string) => (isAbsolute(file) ? file : join(root, file));
  const challenges = content.challenges?.map((c) => ({
    ...c,
    file: fromRoot(c.file),
    start: c.start.origin ? { ...c.start, origin: { ...c.start.origin, file: fromRoot(c.start.origin.file) } } : c.start,
  }));
  const rehydrated: BuiltContent = { ...content, curriculum, validate, scenarios };
  if (challenges) rehydrated.challenges = challenges;
  if (content.questionRefs) rehydrated.questionRefs = content.questionRefs.map((q) => ({ ...q, file: at(q.file) }));
  return rehydrated;
}

let current: boolean | undefined;

/**
 * True when the build's snapshot may be used: not turned off
 * (FENCE_TUTOR_BUILT_CONTENT=0), and the shipped files on disk are, byte for
 * byte, the ones it was made from. Checked once per process.
 */
export function builtContentCurrent(): boolean {
  if (current === undefined) current = checkBuiltFiles();
  return current;
}

function checkBuiltFiles(): boolean {
  if (process.env.FENCE_TUTOR_BUILT_CONTENT === '0') return false;
  const root = packageRoot();
  let recorded: Buffer;
  try {
    recorded = readFileSync(join(builtContentDir(root), BUILT_FILES_FILE));
  } catch {
    return false;
  }
  const header = builtFilesHeader();
  if (recorded.length < header.length || !recorded.subarray(0, header.length).equals(header)) return false;
  return shippedContentIs(recorded.subarray(header.length), root);
}

let cached: { value: BuiltContent | undefined } | undefined;

/**
 * The build's snapshot of the shipped content, or undefined when it cannot
 * be trusted (missing, unreadable, another schema, or made from other files
 * than those on disk now): the caller then uses the real loaders.
 */
export function builtContent(): BuiltContent | undefined {
  if (cached) return cached.value;
  cached = { value: readBuiltContent() };
  return cached.value;
}

function readBuiltContent(): BuiltContent | undefined {
  if (!builtContentCurrent()) return undefined;
  const root = packageRoot();
  let parsed: BuiltContent;
  try {
    parsed = JSON.parse(readFileSync(join(builtContentDir(root), BUILT_CONTENT_FILE), 'utf8')) as BuiltContent;
  } catch {
    return undefined;
  }
  if (parsed?.schemaVersion !== BUILT_CONTENT_SCHEMA || typeof parsed.hash !== 'string') return undefined;
  return rehydrate(parsed, root);
}

/**
 * A file the build wrote into dist/content/ from the shipped content (a
 * lesson's plain text, a command's whole output), when the snapshot is
 * current; undefined otherwise.
 */
export function builtText(name: string): string | undefined {
  if (!builtContentCurrent()) return undefined;
  try {
    return readFileSync(join(builtContentDir(), name), 'utf8');
  } catch {
    return undefined;
  }
}

/** A lesson's plain text as laid out at build, when the request matches what was built. */
export function builtLessonPlain(lessonId: string, width: number, ascii: boolean): string | undefined {
  if (width !== BUILT_PLAIN_WIDTH) return undefined;
  return builtText(builtPlainFile(lessonId, ascii));
}

/**
 * The file holding one shipped scenario as the snapshot has it (its origin
 * relative to the package root): opening one parses a few kB, not the
 * whole 400 kB snapshot (about 7 ms before the simulator's first frame,
 * issue 32).
 */
export function builtScenarioFile(id: string): string {
  return `scenario-${id}.json`;
}

/** A shipped scenario by id as the snapshot holds it, a fresh copy each time (the caller may change it). */
export function builtScenario(id: string): Scenario | undefined {
  if (!isBuiltName(id)) return undefined;
  const text = builtText(builtScenarioFile(id));
  if (text === undefined) return undefined;
  const scenario = JSON.parse(text) as Scenario;
  return scenario.origin ? { ...scenario, origin: { ...scenario.origin, file: join(packageRoot(), scenario.origin.file) } } : scenario;
}

const banks = new Map<string, QuizBank | undefined>();

/** Built files are named by id: kebab-case (quizzes/FORMAT.md, lessons/FORMAT.md); anything else names no built file. */
export function isBuiltName(id: string): boolean {
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id);
}

/** A shipped bank by id (absent: the whole bank) as loaded at build, when the snapshot matches the files. */
export function builtBank(id: string | undefined): QuizBank | undefined {
  const key = id ?? WHOLE_BANK;
  if (!isBuiltName(key) || !builtContentCurrent()) return undefined;
  if (!banks.has(key)) {
    const text = builtText(builtBankFile(key));
    banks.set(key, text === undefined ? undefined : (JSON.parse(text) as QuizBank));
  }
  return banks.get(key);
}
