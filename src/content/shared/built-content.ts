/**
 * The shipped content as the build left it (issue 18): the build runs the
 * project's own loaders, validator and plain renderer over lessons/,
 * quizzes/ and scenarios/ (src/render/built-content-make.ts) and writes the
 * result to dist/content/. A command on the shipped content then reads one
 * JSON file instead of loading the YAML, Markdown and schema libraries.
 *
 * The snapshot is used only while the files on disk are the files it was
 * made from: a hash of every file under the shipped folders is recorded at
 * build and checked here (about a millisecond for the whole content). On a
 * mismatch, a missing or unreadable snapshot, or with
 * FENCE_TUTOR_BUILT_CONTENT=0, callers fall back to the real loaders, so an
 * edited lesson is never shown stale. User content (`--content`, files
 * given as arguments) never comes from here.
 *
 * Kept light on purpose: the CommonJS entry holds it (scripts/build.mjs,
 * INLINE), so it imports only Node built-ins and package-root.
 */
import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { packageRoot } from '../../platform/package-root.js';
import type { QuizBank } from '../../core/quiz/types.js';
import type { Scenario } from '../../core/types.js';
import type { Curriculum } from '../lesson/lesson-types.js';
import type { ValidateReport } from '../validate/validate-summary.js';

export const BUILT_CONTENT_SCHEMA = 2;
/** The width a piped `lesson N --plain` prints at; laid out at build for it. */
export const BUILT_PLAIN_WIDTH = 80;
/** Folder of dist/ holding the snapshot (moved in file by file like chunks/). */
export const BUILT_CONTENT_FOLDER = 'content';
export const BUILT_CONTENT_FILE = 'shipped.json';
/** The shipped banks, by id (`all`: the whole bank), as the quiz loader makes them. */
export const BUILT_BANKS_FILE = 'banks.json';
const WHOLE_BANK = 'all';

export interface BuiltContent {
  schemaVersion: number;
  /** shippedContentHash() of the files the snapshot was made from. */
  hash: string;
  /** The shipped curriculum; file paths relative to the package root. */
  curriculum: Curriculum;
  /** What `validate` with no argument found; file paths relative to the package root. */
  validate: ValidateReport;
  /** The shipped scenarios as listShippedScenarios() gives them; origin files relative to the package root. */
  scenarios: Scenario[];
}

/** What `validate` with no argument checks: the shipped folders (and assignments/ when shipped). */
export function shippedContentTargets(root = packageRoot()): string[] {
  const targets = ['lessons', 'quizzes', 'scenarios'].map((d) => join(root, d));
  const assignments = join(root, 'assignments');
  if (existsSync(assignments)) targets.push(assignments);
  return targets;
}

function filesUnder(dir: string, out: string[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(path, out);
    else if (entry.isFile()) out.push(path);
  }
}

/** sha256 over every shipped content file's path (from the root) and bytes, in sorted order. */
export function shippedContentHash(root = packageRoot()): string {
  const hash = createHash('sha256');
  for (const target of shippedContentTargets(root)) {
    const files: string[] = [];
    filesUnder(target, files);
    for (const file of files) {
      const rel = relative(root, file).split('\\').join('/');
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        continue;
      }
      hash.update(`${rel}\0${bytes.length}\0`);
      hash.update(bytes);
    }
  }
  return hash.digest('hex');
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
  const at = (file: string) => (file === '' || isAbsolute(file) ? file : displayPath(join(root, file)));
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
  return { ...content, curriculum, validate, scenarios };
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
  if (process.env.FENCE_TUTOR_BUILT_CONTENT === '0') return undefined;
  const root = packageRoot();
  let parsed: BuiltContent;
  try {
    parsed = JSON.parse(readFileSync(join(builtContentDir(root), BUILT_CONTENT_FILE), 'utf8')) as BuiltContent;
  } catch {
    return undefined;
  }
  if (parsed?.schemaVersion !== BUILT_CONTENT_SCHEMA || typeof parsed.hash !== 'string') return undefined;
  if (parsed.hash !== shippedContentHash(root)) return undefined;
  return rehydrate(parsed, root);
}

/** A lesson's plain text as laid out at build, when the request matches what was built. */
export function builtLessonPlain(lessonId: string, width: number, ascii: boolean): string | undefined {
  if (width !== BUILT_PLAIN_WIDTH || !builtContent()) return undefined;
  try {
    return readFileSync(join(builtContentDir(), builtPlainFile(lessonId, ascii)), 'utf8');
  } catch {
    return undefined;
  }
}

let banks: Record<string, QuizBank> | undefined;

/** A shipped bank by id (absent: the whole bank) as loaded at build, when the snapshot matches the files. */
export function builtBank(id: string | undefined): QuizBank | undefined {
  if (!builtContent()) return undefined;
  if (!banks) {
    try {
      banks = JSON.parse(readFileSync(join(builtContentDir(), BUILT_BANKS_FILE), 'utf8')) as Record<string, QuizBank>;
    } catch {
      return undefined;
    }
  }
  const key = id ?? WHOLE_BANK;
  return Object.hasOwn(banks, key) ? banks[key] : undefined;
}
