/**
 * Loads a curriculum folder: its manifest, every lesson it lists, and its
 * glossary, and checks what can be checked without the scenarios and the
 * quiz bank (order, ids, prerequisites, internal links). Problems are
 * collected, not thrown one at a time, so `validate` can list them all.
 */
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { shippedDir } from '../../platform/package-root.js';
import { DEFAULT_GLOSSARY_FILE, MANIFEST_FILE, parseGlossary, parseManifest } from './lesson-manifest.js';
import { parseLesson } from './lesson-parse.js';
import type { Curriculum, GlossaryTerm, Lesson } from './lesson-types.js';
import { ContentError, type Problem } from '../shared/problems.js';
import { readContentText } from '../shared/read-text.js';
import { MAX_CONTENT_BYTES } from '../shared/input-limits.js';

export interface CurriculumReport {
  /** Present when the manifest could be read; lessons that failed are left out. */
  curriculum?: Curriculum;
  problems: Problem[];
}

/** A path as a person would type it: relative to the working directory when inside it. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/**
 * The text of a curriculum file, at most the size cap (read-text.ts). With
 * `confineTo`, a file whose real path (symbolic links followed) lies outside
 * that folder is refused: a manifest names files of its own folder only.
 */
function readText(path: string, problems: Problem[], line = 0, from?: string, confineTo?: string): string | undefined {
  const file = displayPath(path);
  if (confineTo !== undefined && !insideFolder(path, confineTo)) {
    problems.push({
      file: from ?? file,
      line,
      message: `${file} lies outside the content folder ${displayPath(confineTo)} (through a symbolic link)`,
      fix: 'keep the lessons and the glossary as files inside the content folder',
    });
    return undefined;
  }
  try {
    return readContentText(path, 'a lesson file', 'check the path and the permissions', MAX_CONTENT_BYTES, file);
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    problems.push(...err.problems.map((p) => (from === undefined ? p : { ...p, file: from, line, message: `${file}: ${p.message}` })));
    return undefined;
  }
}

/** True when the real path of `path` is inside the real path of `folder` (or cannot be resolved: the read reports that). */
function insideFolder(path: string, folder: string): boolean {
  let real: string;
  let realFolder: string;
  try {
    real = realpathSync(path);
    realFolder = realpathSync(folder);
  } catch {
    return true;
  }
  const rel = relative(realFolder, real);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** Does this Markdown text look like a lesson (opens with front matter)? */
export function looksLikeLesson(text: string): boolean {
  return /^\uFEFF?---\s*(\r?\n|$)/.test(text);
}

export function checkCurriculum(dir: string): CurriculumReport {
  const problems: Problem[] = [];
  const manifestPath = join(dir, MANIFEST_FILE);
  const manifestFile = displayPath(manifestPath);
  if (!existsSync(manifestPath)) {
    problems.push({
      file: manifestFile,
      line: 0,
      message: 'the lessons folder has no manifest',
      fix: `create ${MANIFEST_FILE} listing the lessons in order (see lessons/FORMAT.md)`,
    });
    return { problems };
  }
  const manifestText = readText(manifestPath, problems, 0, undefined, dir);
  const manifest = manifestText === undefined ? undefined : parseManifest(manifestText, manifestFile, problems);
  if (!manifest) return { problems };

  const lessons: Lesson[] = [];
  const seenIds = new Map<string, number>();
  const seenFiles = new Map<string, number>();
  manifest.entries.forEach((entry, index) => {
    const firstId = seenIds.get(entry.id);
    if (firstId !== undefined) {
      problems.push({
        file: manifestFile,
        line: entry.line,
        message: `duplicate lesson id "${entry.id}" (first listed on line ${firstId})`,
        fix: 'give every lesson its own id, or remove the repeated entry',
      });
      return;
    }
    seenIds.set(entry.id, entry.line);
    const firstFile = seenFiles.get(entry.file);
    if (firstFile !== undefined) {
      problems.push({
        file: manifestFile,
        line: entry.line,
        message: `the file ${entry.file} is listed twice (first on line ${firstFile})`,
        fix: 'list each lesson file once',
      });
      return;
    }
    seenFiles.set(entry.file, entry.line);
    const path = join(dir, entry.file);
    if (!existsSync(path)) {
      problems.push({
        file: manifestFile,
        line: entry.line,
        message: `the manifest lists ${entry.file}, which does not exist`,
        fix: `create ${entry.file} in ${displayPath(dir)}, or remove the entry`,
      });
      return;
    }
    const text = readText(path, problems, entry.line, manifestFile, dir);
    if (text === undefined) return;
    const parsed = parseLesson(text, displayPath(path), index + 1);
    problems.push(...parsed.problems);
    if (!parsed.lesson) return;
    if (parsed.lesson.id !== entry.id) {
      problems.push({
        file: parsed.lesson.file,
        line: parsed.lesson.fieldLines.id ?? 2,
        message: `the front matter says id "${parsed.lesson.id}" but the manifest lists this file as "${entry.id}" (${manifestFile}:${entry.line})`,
        fix: 'make the two ids the same',
      });
      return;
    }
    lessons.push(parsed.lesson);
  });

  // Lesson files the manifest forgot.
  for (const name of safeReaddir(dir).sort()) {
    if (!name.endsWith('.md') || seenFiles.has(name)) continue;
    const path = join(dir, name);
    const text = readText(path, problems);
    if (text !== undefined && looksLikeLesson(text)) {
      problems.push({
        file: displayPath(path),
        line: 1,
        message: 'this lesson is not listed in the manifest',
        fix: `add "- { id: ..., file: ${name} }" to ${manifestFile} where it belongs in the order`,
      });
    }
  }

  const glossary = loadGlossary(dir, manifest.glossaryFile, problems);
  // Positions come from the manifest, so a lesson that failed to parse
  // does not turn every reference to it into a second problem.
  const positions = new Map(manifest.entries.map((e, i) => [e.id, i + 1] as const));
  checkCrossReferences(lessons, positions, glossary, problems);
  return { curriculum: { dir, lessons, glossary }, problems };
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function loadGlossary(dir: string, name: string, problems: Problem[]): GlossaryTerm[] {
  const path = join(dir, name);
  if (!existsSync(path)) {
    if (name !== DEFAULT_GLOSSARY_FILE) {
      problems.push({
        file: displayPath(join(dir, MANIFEST_FILE)),
        line: 1,
        message: `the manifest names the glossary ${name}, which does not exist`,
        fix: `create ${name}, or remove the "glossary:" field`,
      });
    }
    return [];
  }
  const text = readText(path, problems, 1, displayPath(join(dir, MANIFEST_FILE)), dir);
  if (text === undefined) return [];
  const file = displayPath(path);
  const terms = parseGlossary(text, file, problems) ?? [];
  const seen = new Map<string, number>();
  const unique: GlossaryTerm[] = [];
  for (const t of terms) {
    const first = seen.get(t.id);
    if (first !== undefined) {
      problems.push({
        file,
        line: t.line,
        message: `duplicate glossary id "${t.id}" (first on line ${first})`,
        fix: 'give every term its own id',
      });
      continue;
    }
    seen.set(t.id, t.line);
    unique.push(t);
  }
  return unique;
}

/** Prerequisites, manifest order, internal links and the glossary's lesson references. */
function checkCrossReferences(lessons: Lesson[], position: ReadonlyMap<string, number>, glossary: GlossaryTerm[], problems: Problem[]): void {
  const terms = new Set(glossary.map((t) => t.id));
  for (const lesson of lessons) {
    const prereqLine = lesson.fieldLines.prerequisites ?? 2;
    for (const pre of lesson.prerequisites) {
      const at = position.get(pre);
      if (pre === lesson.id) {
        problems.push({
          file: lesson.file,
          line: prereqLine,
          message: `the lesson lists itself as a prerequisite`,
          fix: `remove "${pre}" from prerequisites`,
        });
      } else if (at === undefined) {
        problems.push({
          file: lesson.file,
          line: prereqLine,
          message: `unknown prerequisite "${pre}"`,
          fix: `use the id of a lesson in the manifest (${[...position.keys()].join(', ')})`,
        });
      } else if (at > lesson.number) {
        problems.push({
          file: lesson.file,
          line: prereqLine,
          message: `prerequisite "${pre}" comes after this lesson in the manifest (lesson ${at}, this is ${lesson.number})`,
          fix: 'move the prerequisite earlier in the manifest, or drop it',
        });
      }
    }
    for (const link of lesson.links) {
      if (link.scheme === 'lesson' && !position.has(link.target)) {
        problems.push({
          file: lesson.file,
          line: link.line,
          message: `the link "lesson:${link.target}" names no lesson`,
          fix: `use the id of a lesson in the manifest, e.g. "lesson:${lessons[0]?.id ?? 'stale-holder'}"`,
        });
      }
      if (link.scheme === 'glossary' && !terms.has(link.target)) {
        problems.push({
          file: lesson.file,
          line: link.line,
          message: `the link "glossary:${link.target}" names no glossary term`,
          fix: terms.size > 0 ? `use a glossary id (${[...terms].slice(0, 12).join(', ')}, ...) or add the term` : 'add the term to the glossary',
        });
      }
    }
  }
  for (const t of glossary) {
    for (const see of t.see) {
      if (!position.has(see)) {
        problems.push({
          file: t.file,
          line: t.line,
          message: `the glossary term "${t.id}" points to unknown lesson "${see}"`,
          fix: 'use the id of a lesson in the manifest',
        });
      }
    }
  }
}

/** Loads a curriculum or throws ContentError with every problem. */
export function loadCurriculum(dir: string): Curriculum {
  const { curriculum, problems } = checkCurriculum(dir);
  if (!curriculum || problems.length > 0) throw new ContentError(problems);
  return curriculum;
}

export function loadShippedCurriculum(): Curriculum {
  return loadCurriculum(shippedDir('lessons'));
}

export { findLesson } from './lesson-find.js';

/**
 * The shipped curriculum plus, with `--content DIR`, the instructor's
 * curriculum in DIR/lessons appended after it (numbers continue). Each
 * curriculum is checked on its own terms (its prerequisites and links refer
 * to its own lessons and glossary); an instructor lesson may not reuse a
 * shipped id. The glossary is the shipped one plus the instructor's new terms.
 * `shipped` may come from the build's snapshot (content-sources.ts).
 */
export function loadCurriculumWithContent(contentDir?: string, shipped: Curriculum = loadShippedCurriculum()): Curriculum {
  if (contentDir === undefined) return shipped;
  const dir = join(contentDir, 'lessons');
  if (!existsSync(join(dir, MANIFEST_FILE))) return shipped;
  const local = loadCurriculum(dir);
  const taken = new Set(shipped.lessons.map((l) => l.id));
  const clashes = local.lessons.filter((l) => taken.has(l.id));
  if (clashes.length > 0) {
    throw new ContentError(
      clashes.map((l) => ({
        file: l.file,
        line: l.fieldLines.id ?? 2,
        message: `the lesson id "${l.id}" is already used by a shipped lesson`,
        fix: 'choose another id (and update the manifest and links)',
      })),
    );
  }
  const offset = shipped.lessons.length;
  const known = new Set(shipped.glossary.map((t) => t.id));
  return {
    dir: shipped.dir,
    lessons: [...shipped.lessons, ...local.lessons.map((l) => ({ ...l, number: l.number + offset }))],
    glossary: [...shipped.glossary, ...local.glossary.filter((t) => !known.has(t.id))],
  };
}
