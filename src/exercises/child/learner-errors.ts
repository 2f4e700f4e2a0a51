/**
 * What the learner sees of an error in their code: the message and the
 * stack frames in their own file (the tutor's frames say nothing to them),
 * or, for a module that cannot load, the file and line to fix.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const MAX_FRAMES = 6;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `/path/sink.js:12` for every `file:///path/sink.js:12:5` (or the path form) in `text`. */
function linesIn(text: string, file: string): number[] {
  const url = pathToFileURL(file).href;
  const re = new RegExp(`(?:${escapeRegExp(url)}|${escapeRegExp(file)}):(\\d+)`, 'g');
  return [...text.matchAll(re)].map((m) => Number(m[1]));
}

export function describeThrown(err: unknown, file: string): string {
  if (!(err instanceof Error)) return `threw ${String(err)}`;
  const frames = (err.stack ?? '')
    .split('\n')
    .slice(1)
    .filter((l) => linesIn(l, file).length > 0)
    .slice(0, MAX_FRAMES)
    .map((l) => l.trim().replace(pathToFileURL(file).href, file));
  return [`${err.name}: ${err.message}`, ...frames].join('\n');
}

/** A module that cannot be imported: a syntax error names file:line. */
function loadFailure(err: unknown, file: string): { kind: 'load'; message: string } {
  const e = err instanceof Error ? err : new Error(String(err));
  // An ES module's SyntaxError carries no location; `node --check` prints it (only on this path).
  const located = e instanceof SyntaxError ? syntaxLocation(file) : undefined;
  const line = linesIn(e.stack ?? '', file)[0] ?? located;
  const where = line === undefined ? file : `${file}:${line}`;
  const fix = e instanceof SyntaxError ? 'correct the syntax there' : 'make the module load on its own (node --check, or node FILE)';
  return { kind: 'load', message: `${where}: ${e.name}: ${e.message}. Fix: ${fix}` };
}

/**
 * The line `node --check` reports for a file that does not parse (it parses,
 * never runs). Under Node's permission model (a .mjs sink) the child may
 * start no process: then undefined here, and the tutor finds the line
 * (withSyntaxLocation).
 */
function syntaxLocation(file: string): number | undefined {
  try {
    const out = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 5000 });
    return linesIn(`${out.stderr ?? ''}`, file)[0];
  } catch {
    return undefined;
  }
}

/** A load failure's message with file:line where the child could only name the file of a SyntaxError. */
export function withSyntaxLocation(message: string, file: string): string {
  if (!message.startsWith(`${file}: SyntaxError`)) return message;
  const line = syntaxLocation(file);
  return line === undefined ? message : `${file}:${line}${message.slice(file.length)}`;
}

/**
 * The learner's file imported as a real ES module (by file URL, from their
 * directory), with each function the exercise calls checked to be exported;
 * a failure is what the child reports as `failed`.
 */
export async function importLearnerModule(
  file: string,
  requires: readonly string[],
): Promise<{ module: Record<string, unknown> } | { failure: { kind: 'load'; message: string } }> {
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (err) {
    return { failure: loadFailure(err, file) };
  }
  for (const name of requires) {
    if (typeof module[name] !== 'function') {
      return { failure: { kind: 'load', message: `${file} exports no function ${name}. Fix: keep \`export async function ${name}(...)\`` } };
    }
  }
  return { module };
}
