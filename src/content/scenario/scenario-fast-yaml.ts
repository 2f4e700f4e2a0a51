/**
 * A deliberately small reader for the plain shape most scenario files have
 * (top-level `key: value` lines, a `config:` block of `key: value` lines, and
 * `steps:` as one `- { ... }` flow mapping per line), so that `sim` and
 * `explore` can start without loading the YAML library.
 *
 * It is conservative: anything it is not sure to read exactly as the YAML
 * library would (anchors, escapes, multi-line values, numbers that are not
 * plain integers, tabs, repeated keys, ...) makes it return undefined, and
 * the caller falls back to the real parser. A test checks that whatever it
 * accepts, it reads the same as the library.
 */
import type { ParsedYaml, PathSegment } from '../shared/yaml.js';

const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const INTEGER = /^-?(?:0|[1-9][0-9]*)$/;
/** Plain scalars we accept as strings: no indicator first, nothing YAML could read otherwise. */
const PLAIN_START = /^[A-Za-z_(]/;
const BAIL = Symbol('bail');

type Scalar = string | number | boolean | null;

/** Only whitespace, or whitespace then a comment, may follow a value. */
function restIsComment(rest: string): boolean {
  return /^\s*$/.test(rest) || /^\s+#/.test(rest);
}

/** A block value (after `key: `) with its trailing comment removed, or BAIL. */
function blockValue(raw: string): Scalar | typeof BAIL {
  const v = raw.trimStart();
  if (v[0] === '"' || v[0] === "'") {
    const close = v.indexOf(v[0], 1);
    if (close < 0 || !restIsComment(v.slice(close + 1))) return BAIL;
    return scalar(v.slice(0, close + 1), false);
  }
  const hash = v.search(/\s#/);
  return scalar(hash < 0 ? v : v.slice(0, hash), false);
}

function scalar(raw: string, inFlow: boolean): Scalar | typeof BAIL {
  const v = raw.trim();
  if (v === '') return BAIL;
  if (v[0] === '"') return /^"[^"\\]*"$/.test(v) ? v.slice(1, -1) : BAIL;
  if (v[0] === "'") return /^'[^']*'$/.test(v) ? v.slice(1, -1) : BAIL;
  if (INTEGER.test(v)) {
    const n = Number(v);
    return Number.isSafeInteger(n) && !Object.is(n, -0) ? n : BAIL;
  }
  if (v === 'true' || v === 'false') return v === 'true';
  if (v === 'null') return null;
  if (!PLAIN_START.test(v)) return BAIL;
  if (/: |:$| #|\t/.test(v)) return BAIL;
  if (inFlow && /[,[\]{}]/.test(v)) return BAIL;
  // Words YAML's core schema reads as something other than a string.
  if (/^(?:true|false|null|\.inf|\.nan|~)$/i.test(v)) return BAIL;
  return v;
}

/** `{ a: 1, b: "x" }` (then maybe a comment) → object, or BAIL. */
function flowMap(text: string): Record<string, Scalar> | typeof BAIL {
  const t = text.trimStart();
  if (t[0] !== '{') return BAIL;
  const out: Record<string, Scalar> = {};
  let i = 1;
  for (;;) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_-]*):\s+/.exec(t.slice(i));
    if (!m) return BAIL;
    const key = m[1]!;
    if (Object.hasOwn(out, key)) return BAIL;
    i += m[0].length;
    let raw: string;
    if (t[i] === '"' || t[i] === "'") {
      const close = t.indexOf(t[i]!, i + 1);
      if (close < 0) return BAIL;
      raw = t.slice(i, close + 1);
      i = close + 1;
    } else {
      const end = t.slice(i).search(/[,}]/);
      if (end < 0) return BAIL;
      raw = t.slice(i, i + end);
      i += end;
    }
    const value = scalar(raw, true);
    if (value === BAIL) return BAIL;
    out[key] = value;
    const sep = /^\s*([,}])/.exec(t.slice(i));
    if (!sep) return BAIL;
    i += sep[0].length;
    if (sep[1] === '}') break;
  }
  return restIsComment(t.slice(i)) ? out : BAIL;
}

/** Reads the plain shape, or returns undefined so the caller uses the YAML library. */
export function parseScenarioSubset(text: string, file: string): ParsedYaml | undefined {
  if (text.includes('\t') || text.includes('\r') || text.charCodeAt(0) === 0xfeff) return undefined;
  const data: Record<string, unknown> = {};
  const lines = new Map<string, number>();
  let block: 'config' | 'steps' | null = null;
  let blockIndent = -1;
  const lineList = text.split('\n');
  for (let n = 0; n < lineList.length; n++) {
    const line = lineList[n]!.trimEnd();
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    const body = line.trimStart();
    if (indent === 0 && !body.startsWith('- ')) {
      const m = /^([A-Za-z_][A-Za-z0-9_-]*):(?:\s(.*))?$/.exec(body);
      if (!m) return undefined;
      const key = m[1]!;
      if (Object.hasOwn(data, key)) return undefined;
      const rest = m[2] ?? '';
      lines.set(key, n + 1);
      if (restIsComment(rest) || rest.trim() === '') {
        if (key !== 'config' && key !== 'steps') return undefined;
        block = key;
        blockIndent = -1;
        data[key] = key === 'config' ? {} : [];
        continue;
      }
      block = null;
      const value = blockValue(rest);
      if (value === BAIL) return undefined;
      data[key] = value;
      continue;
    }
    if (block === 'config' && indent > 0) {
      if (blockIndent === -1) blockIndent = indent;
      if (indent !== blockIndent) return undefined;
      const m = /^([A-Za-z_][A-Za-z0-9_-]*):\s(.*)$/.exec(body);
      if (!m || !KEY.test(m[1]!)) return undefined;
      const config = data.config as Record<string, unknown>;
      if (Object.hasOwn(config, m[1]!)) return undefined;
      const value = blockValue(m[2]!);
      if (value === BAIL) return undefined;
      config[m[1]!] = value;
      lines.set(`config.${m[1]}`, n + 1);
      continue;
    }
    if (block === 'steps' && body.startsWith('- ')) {
      if (blockIndent === -1) blockIndent = indent;
      if (indent !== blockIndent) return undefined;
      const step = flowMap(body.slice(2));
      if (step === BAIL) return undefined;
      const steps = data.steps as unknown[];
      lines.set(`steps.${steps.length}`, n + 1);
      steps.push(step);
      continue;
    }
    return undefined;
  }
  if (Object.keys(data).length === 0) return undefined;
  if (Array.isArray(data.steps) && data.steps.length === 0) return undefined;
  if (typeof data.config === 'object' && data.config !== null && Object.keys(data.config).length === 0) return undefined;
  const lineAt = (path: readonly PathSegment[]): number => {
    for (let len = Math.min(path.length, 2); len > 0; len--) {
      const found = lines.get(path.slice(0, len).join('.'));
      if (found !== undefined) return found;
    }
    return 1;
  };
  return { file, data, lineAt, keyLineAt: lineAt };
}
