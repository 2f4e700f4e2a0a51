/**
 * Turns zod issues into Problems with a line and a fix. Shared by the
 * lesson front matter, the lesson blocks, the manifest and the glossary.
 */
import type * as z from 'zod';
import type { Problem } from '../shared/problems.js';
import type { ParsedYaml, PathSegment } from '../shared/yaml.js';

export interface IssueContext {
  file: string;
  parsed: ParsedYaml;
  /** Added to every line: the YAML sits at this many lines into the file. */
  lineOffset: number;
  /** What to write instead, by top-level field name. */
  fixes: Record<string, string>;
  /** Where the YAML sits, for messages ("front matter", "scenario block"). */
  where: string;
}

export function issuesToProblems(issues: readonly z.core.$ZodIssue[], ctx: IssueContext): Problem[] {
  const problems: Problem[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const keyPath = [...path, key];
        problems.push({
          file: ctx.file,
          line: ctx.parsed.keyLineAt(keyPath) + ctx.lineOffset,
          message: `unknown key "${key}" in the ${ctx.where}`,
          fix: `remove it, or use one of: ${Object.keys(ctx.fixes).join(', ')}`,
        });
      }
      continue;
    }
    const field = String(path[0] ?? '');
    const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    const shown = path.length > 0 ? path.join('.') : 'the document';
    problems.push({
      file: ctx.file,
      line: (missing ? ctx.parsed.lineAt(path.slice(0, -1)) : ctx.parsed.lineAt(path)) + ctx.lineOffset,
      message: missing ? `the ${ctx.where} has no "${shown}"` : `"${shown}" in the ${ctx.where} is invalid: ${issue.message}`,
      fix: ctx.fixes[field] ?? `see lessons/FORMAT.md for the ${ctx.where}`,
    });
  }
  return problems;
}
