/**
 * What kind of content a file is, and which files a path stands for.
 * The kind comes from the file's `kind:` field, else from the folder it is in
 * (lessons/, quizzes/, scenarios/, assignments/, challenges/), else from its extension
 * (Markdown is a lesson). A YAML file with neither is refused.
 */
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { MANIFEST_FILE } from '../lesson/lesson-manifest.js';
import { displayPath, looksLikeLesson } from '../lesson/lesson-loader.js';
import type { Problem } from '../shared/problems.js';
import { MAX_CONTENT_BYTES, parseYaml } from '../shared/yaml.js';
import { MAX_WALK_ENTRIES } from '../shared/input-limits.js';
import { pathFailure, readBoundedText } from '../../platform/bounded-read.js';

const CONTENT_KINDS = ['lesson', 'manifest', 'glossary', 'quiz', 'scenario', 'assignment', 'challenge'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

const FOLDER_KINDS: Record<string, ContentKind> = {
  lessons: 'lesson',
  quizzes: 'quiz',
  scenarios: 'scenario',
  assignments: 'assignment',
  challenges: 'challenge',
};

const YAML_EXT = /\.(ya?ml|json)$/i;
const MARKDOWN_EXT = /\.(md|markdown)$/i;

export interface ClassifiedFile {
  path: string;
  kind: ContentKind;
}

/** What a text's parse says of its top-level `kind:`; `parsed: false` when it does not parse (its loader reports why). */
type KindRead = { parsed: true; kind: string | undefined } | { parsed: false };

function readDeclaredKind(text: string, markdown: boolean): KindRead {
  let yaml = text;
  if (markdown) {
    const m = /^---\s*\r?\n([\s\S]*?)\r?\n---\s*(\r?\n|$)/.exec(text);
    if (!m) return { parsed: true, kind: undefined };
    yaml = m[1] ?? '';
  }
  try {
    const data = parseYaml(yaml, 'kind').data;
    const kind = data && typeof data === 'object' && !Array.isArray(data) ? (data as { kind?: unknown }).kind : undefined;
    return { parsed: true, kind: typeof kind === 'string' ? kind : undefined };
  } catch {
    return { parsed: false };
  }
}

/** The top-level `kind:` of a YAML (or JSON) text, or of a Markdown file's front matter. */
export function declaredKind(text: string, markdown: boolean): string | undefined {
  const read = readDeclaredKind(text, markdown);
  return read.parsed ? read.kind : undefined;
}

/** A `kind:` written at the start of a line (or as a JSON key) of a text that does not parse, when it names a kind. */
function kindSpelledIn(text: string): ContentKind | undefined {
  const m = /^\s*\{?\s*["']?kind["']?\s*:\s*["']?([a-z]+)/m.exec(text);
  const kind = m?.[1];
  return kind !== undefined && (CONTENT_KINDS as readonly string[]).includes(kind) ? (kind as ContentKind) : undefined;
}

function folderKind(path: string): ContentKind | undefined {
  const parts = dirname(path).split(sep).reverse();
  for (const part of parts) {
    const k = FOLDER_KINDS[part];
    if (k) return k;
  }
  return undefined;
}

/** Classify one file, or say why it cannot be. */
export function classify(path: string, text: string): ClassifiedFile | Problem {
  const markdown = MARKDOWN_EXT.test(path);
  const read = readDeclaredKind(text, markdown);
  const declared = read.parsed ? read.kind : undefined;
  if (declared !== undefined) {
    if ((CONTENT_KINDS as readonly string[]).includes(declared)) return { path, kind: declared as ContentKind };
    const line = text.split('\n').findIndex((l) => /^\s*("kind"|kind)\s*:/.test(l)) + 1;
    return {
      file: displayPath(path),
      line: Math.max(line, 1),
      message: `unknown kind "${declared}"`,
      fix: `write one of: ${CONTENT_KINDS.join(', ')}`,
    };
  }
  if (markdown) return { path, kind: 'lesson' };
  const byFolder = folderKind(path);
  // A file that says `kind: quiz` but does not parse is still a quiz: its loader names the syntax error and its line.
  const spelled = byFolder === undefined && !read.parsed ? kindSpelledIn(text) : undefined;
  if (spelled) return { path, kind: spelled };
  if (byFolder === 'lesson') {
    // The lessons folder holds two YAML files of its own.
    if (basename(path) === MANIFEST_FILE) return { path, kind: 'manifest' };
    if (/^glossary\.ya?ml$/.test(basename(path))) return { path, kind: 'glossary' };
  } else if (byFolder) {
    return { path, kind: byFolder };
  }
  return {
    file: displayPath(path),
    line: 1,
    message: 'cannot tell what kind of content this file is: it has no "kind:" field and is not in a lessons/, quizzes/ or scenarios/ folder',
    fix: `add a first line "kind: scenario" (or ${CONTENT_KINDS.filter((k) => k !== 'scenario').join(', ')})`,
  };
}

/**
 * The files a path stands for. A folder is walked; in a walk, Markdown
 * without front matter is documentation (FORMAT.md, README.md) and skipped,
 * and only YAML, JSON and Markdown files are considered. A file named
 * explicitly is always checked. A folder is read once: a symbolic link back
 * to a folder already read (`sub -> ..`) is named as a problem and not
 * followed, or two such links would make the walk branch without end. A
 * link that leads out of the folder is named and not read: a content folder
 * handed in for checking (a student's, unpacked with its links) must not
 * make `validate` quote the first line of `~/.aws/credentials` in a log.
 */
export function expandPath(path: string, problems: Problem[]): string[] {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch (err) {
    const failure = pathFailure(path, err as NodeJS.ErrnoException);
    problems.push({
      file: displayPath(path),
      line: 0,
      message: failure.failure === 'missing' ? 'no such file or folder' : `cannot read it: ${failure.reason}`,
      fix: 'give the path of a content file or folder',
    });
    return [];
  }
  if (!stat.isDirectory()) return [path];
  const out: string[] = [];
  // Folders read so far, by device and inode (the same folder under any name).
  const seen = new Set<string>([`${stat.dev}:${stat.ino}`]);
  const root = realpathSync(path);
  const leadsOutside = (full: string): boolean => {
    if (!lstatSync(full).isSymbolicLink()) return false;
    const real = realpathSync(full);
    return real !== root && !real.startsWith(root.endsWith(sep) ? root : root + sep);
  };
  let entries = 0;
  let stopped = false;
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (err) {
      problems.push({
        file: displayPath(dir),
        line: 0,
        message: `cannot read the folder: ${pathFailure(dir, err as NodeJS.ErrnoException).reason}`,
        fix: 'check the folder and its permissions',
      });
      return;
    }
    for (const name of names) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      if (stopped) return;
      if (++entries > MAX_WALK_ENTRIES) {
        stopped = true;
        problems.push({
          file: displayPath(path),
          line: 0,
          message: `the folder holds more than the limit of ${MAX_WALK_ENTRIES} files and folders; the rest were not checked`,
          fix: 'give the content folder itself (the one with lessons/, quizzes/, scenarios/, challenges/), not a folder above it',
        });
        return;
      }
      const full = join(dir, name);
      let s: ReturnType<typeof statSync>;
      try {
        s = statSync(full);
      } catch (err) {
        // A link loop or a dangling link inside the folder: named, then skipped.
        problems.push({
          file: displayPath(full),
          line: 0,
          message: `cannot read it: ${pathFailure(full, err as NodeJS.ErrnoException).reason}`,
          fix: 'remove the link or point it at a file',
        });
        continue;
      }
      if (leadsOutside(full)) {
        problems.push({
          file: displayPath(full),
          line: 0,
          message: `cannot read it: a symbolic link that leads outside the folder ${displayPath(path)}`,
          fix: 'copy the file or folder into the content folder instead of linking to it',
        });
        continue;
      }
      if (s.isDirectory()) {
        const id = `${s.dev}:${s.ino}`;
        if (seen.has(id)) {
          problems.push({
            file: displayPath(full),
            line: 0,
            message: 'cannot read it: a symbolic link to a folder that is already read (a loop)',
            fix: 'remove the link, or point it at a folder of its own',
          });
          continue;
        }
        seen.add(id);
        walk(full);
      } else if (YAML_EXT.test(name)) out.push(full);
      else if (MARKDOWN_EXT.test(name) && s.isFile()) {
        // A lesson over the cap is still a lesson: its loader reports the limit.
        let head: string;
        try {
          head = readBoundedText(full, MAX_CONTENT_BYTES);
        } catch {
          head = '---';
        }
        if (looksLikeLesson(head)) out.push(full);
      }
    }
  };
  walk(path);
  return out;
}
