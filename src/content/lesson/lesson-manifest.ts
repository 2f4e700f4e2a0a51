/**
 * The curriculum's two YAML files: the manifest (the lessons, in order) and
 * the glossary (the terms lessons link to with `glossary:ID`).
 */
import * as z from 'zod';
import { LESSON_ID } from './lesson-parse.js';
import type { GlossaryTerm, ManifestEntry } from './lesson-types.js';
import { issuesToProblems } from './lesson-zod.js';
import { ContentError, type Problem } from '../shared/problems.js';
import { sanitizeLine, sanitizeText } from '../shared/sanitize.js';
import { parseYaml } from '../shared/yaml.js';

export const MANIFEST_FILE = 'manifest.yaml';
export const DEFAULT_GLOSSARY_FILE = 'glossary.yaml';

const manifestSchema = z
  .object({
    kind: z.literal('manifest').optional(),
    glossary: z
      .string()
      .regex(/^[^/\\]+\.ya?ml$/, 'must be a YAML file name in the same folder')
      .optional(),
    lessons: z
      .array(
        z
          .object({
            id: z.string().regex(LESSON_ID, 'must be kebab-case'),
            file: z.string().regex(/^[^/\\]+\.md$/, 'must be a Markdown file name in the same folder'),
          })
          .strict(),
      )
      .min(1, 'needs at least one lesson'),
  })
  .strict();

const glossarySchema = z
  .object({
    kind: z.literal('glossary').optional(),
    terms: z
      .array(
        z
          .object({
            id: z.string().regex(LESSON_ID, 'must be kebab-case'),
            term: z.string().trim().min(1),
            definition: z.string().trim().min(1),
            see: z.array(z.string()).default([]),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

export interface ParsedManifest {
  entries: ManifestEntry[];
  glossaryFile: string;
}

function parseOrCollect(text: string, file: string, problems: Problem[]) {
  try {
    return parseYaml(text, file);
  } catch (err) {
    if (err instanceof ContentError) {
      problems.push(...err.problems);
      return undefined;
    }
    throw err;
  }
}

/**
 * Parses `text` and checks it against `schema`; every problem goes into
 * `problems` with its line and the fix for the key it concerns.
 */
function parseChecked<T>(
  schema: z.ZodType<T>,
  text: string,
  file: string,
  problems: Problem[],
  where: string,
  fixes: Record<string, string>,
): { data: T; lineAt: (path: (string | number)[]) => number } | undefined {
  const parsed = parseOrCollect(text, file, problems);
  if (!parsed) return undefined;
  const r = schema.safeParse(parsed.data);
  if (!r.success) {
    problems.push(...issuesToProblems(r.error.issues, { file, parsed, lineOffset: 0, where, fixes }));
    return undefined;
  }
  return { data: r.data, lineAt: parsed.lineAt };
}

export function parseManifest(text: string, file: string, problems: Problem[]): ParsedManifest | undefined {
  const parsed = parseChecked(manifestSchema, text, file, problems, 'manifest', {
    kind: 'write "kind: manifest"',
    glossary: 'name the glossary file, e.g. "glossary: glossary.yaml"',
    lessons: 'list the lessons in order, each as "- { id: ID, file: NN-ID.md }"',
  });
  if (!parsed) return undefined;
  return {
    entries: parsed.data.lessons.map((e, i) => ({ id: e.id, file: e.file, line: parsed.lineAt(['lessons', i]) })),
    glossaryFile: parsed.data.glossary ?? DEFAULT_GLOSSARY_FILE,
  };
}

export function parseGlossary(text: string, file: string, problems: Problem[]): GlossaryTerm[] | undefined {
  const parsed = parseChecked(glossarySchema, text, file, problems, 'glossary', {
    kind: 'write "kind: glossary"',
    terms: 'list terms as "- { id: token, term: fencing token, definition: ..., see: [LESSON-ID] }"',
  });
  if (!parsed) return undefined;
  return parsed.data.terms.map((t, i) => ({
    id: t.id,
    term: sanitizeLine(t.term),
    definition: sanitizeText(t.definition).trim(),
    see: t.see,
    file,
    line: parsed.lineAt(['terms', i]),
  }));
}
