/**
 * Help as lines that fit a width: a heading per section, then one row per
 * key, its keys in a column and its meaning wrapped under itself (never cut,
 * never run into the keys). Pure: no React, so a test can check that every
 * binding of the keymap appears once, whole, at any width.
 */
import type { HelpSection } from '../keymap.js';
import { helpSections, KEY_CONTEXT_IDS, KEY_CONTEXTS, type KeyContextId } from '../keymap.js';
import type { Symbols } from '../theme.js';

export interface HelpLine {
  text: string;
  kind: 'heading' | 'row' | 'more' | 'blank' | 'text';
}

/** Words of `text` in lines of at most `width` columns (a word longer than that is cut into pieces). */
export function wrapWords(text: string, width: number): string[] {
  const w = Math.max(8, width);
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while ([...rest].length > w) {
      if (line) out.push(line);
      line = '';
      out.push([...rest].slice(0, w).join(''));
      rest = [...rest].slice(w).join('');
    }
    const next = line ? `${line} ${rest}` : rest;
    if ([...next].length > w) {
      out.push(line);
      line = rest;
    } else line = next;
  }
  if (line) out.push(line);
  return out.length > 0 ? out : [''];
}

export function helpLines(sections: HelpSection[], width: number, intro: string[] = []): HelpLine[] {
  const keyWidth = Math.min(16, Math.max(6, ...sections.flatMap((s) => s.rows.map((r) => [...r.keys].length)))) + 2;
  const lines: HelpLine[] = intro.flatMap((t) => wrapWords(t, width).map((text) => ({ text, kind: 'text' as const })));
  for (const section of sections) {
    if (lines.length > 0) lines.push({ text: '', kind: 'blank' });
    lines.push({ text: section.title, kind: 'heading' });
    for (const row of section.rows) {
      const keys = [...row.keys].length > keyWidth - 2 ? wrapWords(row.keys, keyWidth - 2) : [row.keys];
      const help = wrapWords(row.help, width - 2 - keyWidth);
      const n = Math.max(keys.length, help.length);
      for (let i = 0; i < n; i++) {
        const k = keys[i] ?? '';
        lines.push({ text: `  ${k}${' '.repeat(Math.max(0, keyWidth - [...k].length))}${help[i] ?? ''}`.trimEnd(), kind: i === 0 ? 'row' : 'more' });
      }
    }
  }
  return lines;
}

/**
 * Every context of the app, for Help from Home: global first, then each
 * screen's keys under its title. Contexts that share a title share a
 * section, and a row already listed there is not repeated.
 */
export function allHelpSections(symbols: Symbols): HelpSection[] {
  const byTitle = new Map<string, HelpSection>();
  const order: KeyContextId[] = ['global', ...KEY_CONTEXT_IDS.filter((id) => id !== 'global')];
  for (const id of order) {
    const section = helpSections(id, symbols).find((s) => s.title === KEY_CONTEXTS[id].title);
    if (!section) continue;
    const into = byTitle.get(section.title) ?? { title: section.title, rows: [] };
    for (const row of section.rows) if (!into.rows.some((r) => r.keys === row.keys && r.help === row.help)) into.rows.push(row);
    byTitle.set(section.title, into);
  }
  return [...byTitle.values()].filter((s) => s.rows.length > 0);
}
