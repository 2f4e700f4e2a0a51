/**
 * The limits every loader checks before (or instead of) parsing, so that no
 * file can make a command work for long or deep: the YAML library composes
 * recursively (a deeply nested document overflows the stack) and checks
 * repeated keys pairwise (a mapping of 20,000 keys takes half a minute), and
 * the Markdown parser recurses into nested blockquotes and lists. The scan
 * here is one linear pass over the text. Documented in docs/limits.md.
 */
import { ContentError } from './problems.js';

/** Larger content and input files are refused, having read no more than this. */
export const MAX_CONTENT_BYTES = 1024 * 1024;
/**
 * A lesson: the Markdown lexer's emphasis rules cost about a second of CPU
 * per MiB of hostile `*_*_`; the largest shipped lesson is 16 KiB.
 */
export const MAX_LESSON_BYTES = 256 * 1024;
/** Deepest nesting of YAML/JSON collections (flow brackets, indentation levels, `- - -`). */
export const MAX_NESTING_DEPTH = 32;
/** Entries in one YAML/JSON file: lines plus commas inside flow collections. */
export const MAX_ENTRIES = 5000;
/** Characters in one string value. */
export const MAX_STRING_LENGTH = 64 * 1024;
/** Nesting of Markdown blockquotes and lists in a lesson. */
export const MAX_MARKDOWN_NESTING = 16;
/** Steps in one scenario. */
export const MAX_STEPS = 500;
/** Distinct actors in one scenario. */
export const MAX_ACTORS = 26;
/**
 * Characters of a name or id read back from a report (student, quiz, question
 * id, tag, version): longer ones are shortened with an ellipsis, or one
 * crafted name would pad every row of `grade`'s tables to its width.
 */
export const MAX_NAME_LENGTH = 120;
/**
 * Files and folders one folder walk looks at (`validate DIR`, `--content
 * DIR`): past it the walk stops with one problem. The shipped content is 60;
 * each file costs about a millisecond to check, so this bounds a walk to seconds;
 * `validate ~` by mistake would otherwise stat a whole home folder.
 */
export const MAX_WALK_ENTRIES = 2000;
/** Questions in one quiz bank, assignment or answers file. */
export const MAX_QUESTIONS = 300;

function refuse(file: string, line: number, message: string, fix: string): never {
  throw new ContentError([{ file, line, message, fix }]);
}

/**
 * Refuses a YAML or JSON text nested deeper than MAX_NESTING_DEPTH or with
 * more than MAX_ENTRIES entries. The estimate errs on the high side (a
 * bracket inside a single-quoted string counts) but never low.
 */
export function checkYamlShape(text: string, file: string): void {
  let flow = 0;
  // Block levels open when the outermost flow collection opened.
  let flowBase = 0;
  let entries = 0;
  let line = 1;
  let lineStart = true;
  let indent = 0;
  // Indentations of the open block levels, deepest last. Kept inside flow
  // collections too: YAML forbids block structure there, but the parser
  // still recurses on it before it reports the error.
  const blockIndents: number[] = [];
  let inDouble = false;
  const tooDeep = (depth: number) =>
    refuse(
      file,
      line,
      `the nesting is deeper than the limit of ${MAX_NESTING_DEPTH} levels (here ${depth})`,
      `flatten the structure to at most ${MAX_NESTING_DEPTH} levels`,
    );
  const tooMany = () => refuse(file, line, `more than the limit of ${MAX_ENTRIES} entries (lines and list items)`, 'split the file into smaller files');
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) {
      line++;
      lineStart = true;
      indent = 0;
      if (++entries > MAX_ENTRIES) tooMany();
      continue;
    }
    if (inDouble) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inDouble = false;
      continue;
    }
    if (lineStart) {
      if (c === 32) {
        indent++;
        continue;
      }
      lineStart = false;
      if (c !== 35 /* # */ && c !== 13) {
        while (blockIndents.length > 0 && blockIndents.at(-1)! >= indent) blockIndents.pop();
        blockIndents.push(indent);
        // `- - - x` and `? ` open a level per indicator on the same line.
        let j = i;
        let extra = 0;
        while ((text[j] === '-' || text[j] === '?') && text[j + 1] === ' ') {
          extra++;
          j += 2;
          while (text[j] === ' ') j++;
        }
        if (blockIndents.length + extra > MAX_NESTING_DEPTH) tooDeep(blockIndents.length + extra);
      }
    }
    if (c === 34) inDouble = true;
    else if (c === 35 /* # */ && (i === 0 || /\s/.test(text[i - 1]!))) {
      // A comment: skip to the end of the line.
      while (i + 1 < text.length && text.charCodeAt(i + 1) !== 10) i++;
    } else if (c === 91 || c === 123 /* [ { */) {
      if (flow === 0) flowBase = blockIndents.length;
      flow++;
      if (flow + flowBase > MAX_NESTING_DEPTH) tooDeep(flow + flowBase);
    } else if (c === 93 || c === 125 /* ] } */) {
      if (flow > 0) flow--;
    } else if (c === 44 /* , */ && flow > 0) {
      if (++entries > MAX_ENTRIES) tooMany();
    }
  }
}

/**
 * Refuses Markdown whose blockquotes and lists nest deeper than
 * MAX_MARKDOWN_NESTING (the renderer recurses once per level). Counts `>`
 * markers and list-item indentation at the start of each line, outside
 * fenced code.
 */
export function checkMarkdownShape(text: string, file: string): void {
  const lines = text.split('\n');
  let fence: string | undefined;
  for (let n = 0; n < lines.length; n++) {
    const l = lines[n]!;
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(l)?.[1];
    if (fenceMark) {
      if (fence === undefined) fence = fenceMark[0];
      else if (fenceMark[0] === fence) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    let quotes = 0;
    let lists = 0;
    let i = 0;
    for (;;) {
      while (l[i] === ' ' || l[i] === '\t') i++;
      if (l[i] === '>') {
        quotes++;
        i++;
      } else if (/^(?:[-*+]|\d{1,9}[.)])(?: |$)/.test(l.slice(i, i + 11))) {
        lists++;
        i += /^(?:[-*+]|\d{1,9}[.)])/.exec(l.slice(i))![0].length;
      } else break;
    }
    // An indented list item nests in the items above it: one level per two columns.
    const depth = quotes + (lists > 0 ? lists + Math.floor(/^ */.exec(l)![0].length / 2) : 0);
    if (depth > MAX_MARKDOWN_NESTING) {
      refuse(
        file,
        n + 1,
        `blockquotes and lists nest deeper than the limit of ${MAX_MARKDOWN_NESTING} levels (here ${depth})`,
        `use at most ${MAX_MARKDOWN_NESTING} levels of \`>\` and nested lists`,
      );
    }
  }
}

/** The message for a parser that ran out of stack despite the checks above. */
export function stackOverflowError(err: unknown, file: string): ContentError | undefined {
  if (!(err instanceof RangeError) || !/call stack/i.test(err.message)) return undefined;
  return new ContentError([
    { file, line: 0, message: 'the file is nested too deeply to read', fix: `flatten the structure (at most ${MAX_NESTING_DEPTH} levels of nesting)` },
  ]);
}
