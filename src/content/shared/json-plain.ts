/**
 * A JSON text read without the YAML library, for files that are almost
 * always plain JSON (answers files, issue 18: `quiz --answers` loads no YAML
 * parser for them). YAML 1.2 reads JSON as JSON, so the data are the same;
 * what JSON.parse does not give are the checks parseYaml makes (repeated
 * keys, over-long strings, `<<` merge keys, `__proto__`) and the lines of
 * problems. So: undefined when the text is not JSON or any of those could
 * matter (the caller then uses parseYaml), and a result whose lineAt throws
 * NeedsYamlLines, so that a caller reporting a problem parses it again with
 * parseYaml and reports the problem with its line.
 */
import type { ParsedYaml } from './yaml.js';
import { checkYamlShape, MAX_CONTENT_BYTES, MAX_STRING_LENGTH } from './input-limits.js';

/** Thrown by a plain-JSON result's lineAt: parse with parseYaml to report the problem. */
export class NeedsYamlLines extends Error {
  constructor() {
    super('the problem needs the lines parseYaml gives');
    this.name = 'NeedsYamlLines';
  }
}

/** Every string of JSON text, and whether it is a key (followed by a colon). */
const STRING_TOKEN = /"(?:[^"\\]|\\.)*"(\s*:)?/g;

/** Keys in `value` and below, or -1 when a string is longer than parseYaml allows. */
function countKeys(value: unknown): number {
  if (typeof value === 'string') return value.length > MAX_STRING_LENGTH ? -1 : 0;
  if (typeof value !== 'object' || value === null) return 0;
  let keys = 0;
  const entries = Array.isArray(value) ? value.map((v) => ['', v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    if (!Array.isArray(value)) {
      if (key.length > MAX_STRING_LENGTH) return -1;
      keys++;
    }
    const below = countKeys(v);
    if (below < 0) return -1;
    keys += below;
  }
  return keys;
}

export function parsePlainJson(text: string, file: string): ParsedYaml | undefined {
  if (Buffer.byteLength(text, 'utf8') > MAX_CONTENT_BYTES || text.includes('__proto__') || text.includes('"<<"')) return undefined;
  // What parseYaml refuses first (nesting, entries), refused the same way.
  checkYamlShape(text, file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  // In JSON a string followed by a colon is a key: as many keys in the text as in the data means none repeated.
  let keysInText = 0;
  for (const m of text.matchAll(STRING_TOKEN)) if (m[1] !== undefined) keysInText++;
  if (countKeys(data) !== keysInText) return undefined;
  const needLines = (): number => {
    throw new NeedsYamlLines();
  };
  return { file, data, lineAt: needLines, keyLineAt: needLines };
}
