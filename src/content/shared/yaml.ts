/**
 * YAML (and so JSON) parsing for content files, with the guards the
 * conventions ask for: a size cap, a cap on alias expansion (billion-laughs),
 * and a way to map a path inside the document back to a line number.
 */
import { isNode, isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';
import { checkYamlShape, MAX_CONTENT_BYTES, MAX_STRING_LENGTH, stackOverflowError } from './input-limits.js';
import { ContentError, type Problem } from './problems.js';
import { errorMessage } from '../../platform/error-message.js';

export { MAX_CONTENT_BYTES } from './input-limits.js';
/** Alias expansion cap passed to the parser. */
export const MAX_ALIAS_COUNT = 100;

export type PathSegment = string | number;

export interface ParsedYaml {
  file: string;
  data: unknown;
  /** 1-based line of the node at `path`, or of its nearest existing parent. */
  lineAt(path: readonly PathSegment[]): number;
  /** 1-based line of the key of `path` (for "unknown key" messages). */
  keyLineAt(path: readonly PathSegment[]): number;
}

export function parseYaml(text: string, file: string): ParsedYaml {
  if (Buffer.byteLength(text, 'utf8') > MAX_CONTENT_BYTES) {
    throw new ContentError([
      {
        file,
        line: 0,
        message: `the file is larger than the limit of ${MAX_CONTENT_BYTES / 1024} KiB`,
        fix: 'split it into smaller files',
      },
    ]);
  }
  checkYamlShape(text, file);
  const lineCounter = new LineCounter();
  // uniqueKeys: false because the library compares keys pairwise (a mapping
  // of 20,000 keys takes half a minute); repeatedKeys() does it in one pass.
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  } catch (err) {
    // checkYamlShape should stop any input that deep; this is the backstop.
    throw stackOverflowError(err, file) ?? err;
  }
  const lineOf = (offset: number | undefined): number => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  const problems: Problem[] = doc.errors.map((e) => ({
    file,
    line: lineOf(e.pos[0]),
    message: `YAML syntax error: ${e.message.split('\n')[0]}`,
    fix: yamlFix(e.code),
  }));
  if (problems.length === 0) problems.push(...nodeProblems(doc, file, lineOf));
  if (problems.length > 0) throw new ContentError(problems);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    const deep = stackOverflowError(err, file);
    if (deep) throw deep;
    throw new ContentError([
      {
        file,
        line: 1,
        message: `the YAML could not be expanded: ${errorMessage(err)}`,
        // An alias to no anchor is a typo, not a bomb: the alias cap is not its fix.
        fix: /unresolved alias/i.test(errorMessage(err))
          ? 'set the anchor (`&name`) before the alias (`*name`) that uses it, or write the value out'
          : `use at most ${MAX_ALIAS_COUNT} alias expansions; write the repeated parts out`,
      },
    ]);
  }
  return {
    file,
    data,
    lineAt: (path) => lineOf(nodeAt(doc, path, false)),
    keyLineAt: (path) => lineOf(nodeAt(doc, path, true)),
  };
}

/** Repeated keys (in one pass per mapping) and strings over MAX_STRING_LENGTH. */
function nodeProblems(doc: Document, file: string, lineOf: (offset: number | undefined) => number): Problem[] {
  const problems: Problem[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if ((typeof key === 'object' && key !== null) || key === '<<') continue;
        if (seen.has(key)) {
          problems.push({
            file,
            line: lineOf(isNode(pair.key) ? pair.key.range?.[0] : undefined),
            message: 'YAML syntax error: Map keys must be unique',
            fix: yamlFix('DUPLICATE_KEY'),
          });
          if (problems.length >= 20) return visit.BREAK;
        }
        seen.add(key);
      }
      return undefined;
    },
    Scalar(_, node) {
      if (typeof node.value === 'string' && node.value.length > MAX_STRING_LENGTH) {
        problems.push({
          file,
          line: lineOf(node.range?.[0]),
          message: `a text longer than the limit of ${MAX_STRING_LENGTH / 1024} Ki characters`,
          fix: 'shorten the text or split it',
        });
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return problems;
}

function nodeAt(doc: Document, path: readonly PathSegment[], wantKey: boolean): number | undefined {
  // Walk down as far as the path exists; report the deepest node found.
  let best: number | undefined = doc.contents && isNode(doc.contents) ? doc.contents.range?.[0] : undefined;
  for (let depth = 1; depth <= path.length; depth++) {
    const prefix = path.slice(0, depth);
    const isLast = depth === path.length;
    if (isLast && wantKey) {
      const parent = depth === 1 ? doc.contents : doc.getIn(path.slice(0, depth - 1), true);
      const key = path[depth - 1];
      if (parent && typeof parent === 'object' && 'items' in parent) {
        for (const item of (parent as { items: unknown[] }).items) {
          if (item && typeof item === 'object' && 'key' in item) {
            const k = (item as { key: unknown }).key;
            const kv = isNode(k) ? (k as { value?: unknown }).value : k;
            if (kv === key && isNode(k)) return k.range?.[0] ?? best;
          }
        }
      }
    }
    const node = doc.getIn(prefix, true);
    if (isNode(node) && node.range) best = node.range[0];
    else if (node === undefined) break;
  }
  return best;
}

function yamlFix(code: string): string {
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'keep one of the repeated keys';
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
      return 'check the indentation and punctuation on this line';
    case 'TAB_AS_INDENT':
      return 'indent with spaces, not tabs';
    default:
      return 'correct the YAML syntax on this line (quote values that contain ": " or "#")';
  }
}
