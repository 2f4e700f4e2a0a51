/**
 * One lesson file → a Lesson, or the problems that stop it (each with its
 * line). The text is sanitised first: nothing a lesson contains can move the
 * cursor or retitle the terminal, whatever path it later takes to a screen.
 */
import * as z from 'zod';
import { scanLessonBody } from './lesson-body.js';
import type { Lesson, LessonFrontMatter } from './lesson-types.js';
import { checkMarkdownShape, MAX_LESSON_BYTES } from '../shared/input-limits.js';
import { issuesToProblems } from './lesson-zod.js';
import { ContentError, type Problem } from '../shared/problems.js';
import { sanitizeLine, sanitizeText } from '../shared/sanitize.js';
import { parseYaml } from '../shared/yaml.js';

export const LESSON_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const frontMatterSchema = z
  .object({
    kind: z.literal('lesson').optional(),
    id: z.string().regex(LESSON_ID, 'must be kebab-case (lower-case letters, digits and dashes)'),
    title: z.string().trim().min(1, 'must not be empty'),
    summary: z.string().optional(),
    goals: z.array(z.string().trim().min(1, 'must not be empty')).min(1, 'needs at least one goal'),
    prerequisites: z.array(z.string()).default([]),
    minutes: z.number().int().positive().max(600),
  })
  .strict();

const FRONT_MATTER_FIXES: Record<string, string> = {
  kind: 'write "kind: lesson" or leave it out',
  id: 'write a kebab-case id, e.g. "id: stale-holder"',
  title: 'write a title, e.g. "title: The stale holder is still a process"',
  summary: 'write a one-line summary string, or leave it out',
  goals: 'list the learning goals, e.g. "goals: [Explain why ...]"',
  prerequisites: 'list lesson ids, e.g. "prerequisites: [stale-holder]", or "[]"',
  minutes: 'write the estimated reading time in whole minutes, e.g. "minutes: 12"',
};

export interface ParsedLesson {
  lesson?: Lesson;
  problems: Problem[];
}

/** Parse a lesson's text. `number` is its manifest position (0 when alone). */
export function parseLesson(rawText: string, file: string, number = 0): ParsedLesson {
  // A lesson has its own, smaller cap (input-limits.ts says why).
  if (Buffer.byteLength(rawText, 'utf8') > MAX_LESSON_BYTES) {
    return {
      problems: [
        {
          file,
          line: 0,
          message: `the lesson is larger than the limit of ${MAX_LESSON_BYTES / 1024} KiB`,
          fix: 'split it into smaller lessons',
        },
      ],
    };
  }
  try {
    checkMarkdownShape(rawText, file);
  } catch (err) {
    if (err instanceof ContentError) return { problems: err.problems };
    throw err;
  }
  // A leading byte order mark is how some editors mark UTF-8, not text: it would read "<U+FEFF>---".
  const text = sanitizeText(rawText.replace(/^\uFEFF/, ''));
  const lines = text.split('\n');
  if (lines[0]?.trim() !== '---') {
    return {
      problems: [
        {
          file,
          line: 1,
          message: 'the lesson does not start with a front matter block',
          fix: 'begin the file with "---", the fields id, title, goals, prerequisites, minutes, then "---"',
        },
      ],
    };
  }
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  if (end < 0) {
    return {
      problems: [{ file, line: 1, message: 'the front matter block is never closed', fix: 'end the front matter with a line "---"' }],
    };
  }
  const problems: Problem[] = [];
  const fieldLines: Record<string, number> = {};
  const frontMatter = parseFrontMatter(lines.slice(1, end).join('\n'), file, problems, fieldLines);
  const bodyStartLine = end + 2; // 1-based line of the first body line
  const body = lines.slice(end + 1).join('\n');
  const scanned = scanLessonBody(body, file, bodyStartLine);
  problems.push(...scanned.problems);
  if (!frontMatter || problems.length > 0) return { problems };
  return {
    lesson: {
      ...frontMatter,
      number,
      file,
      body,
      segments: scanned.segments,
      blocks: scanned.blocks,
      links: scanned.links,
      fieldLines,
    },
    problems,
  };
}

/** Like parseLesson, but throws ContentError. */
export function parseLessonOrThrow(rawText: string, file: string, number = 0): Lesson {
  const { lesson, problems } = parseLesson(rawText, file, number);
  if (!lesson) throw new ContentError(problems);
  return lesson;
}

function parseFrontMatter(yamlText: string, file: string, problems: Problem[], fieldLines: Record<string, number>): LessonFrontMatter | undefined {
  // The YAML starts on line 2 of the file.
  const lineOffset = 1;
  let parsed: ReturnType<typeof parseYaml>;
  try {
    parsed = parseYaml(yamlText, file);
  } catch (err) {
    if (err instanceof ContentError) {
      problems.push(...err.problems.map((p) => ({ ...p, line: Math.max(p.line, 1) + lineOffset })));
      return undefined;
    }
    throw err;
  }
  if (parsed.data === null || typeof parsed.data !== 'object' || Array.isArray(parsed.data)) {
    problems.push({
      file,
      line: 2,
      message: 'the front matter is not a set of "key: value" fields',
      fix: 'write id, title, goals, prerequisites and minutes as YAML fields',
    });
    return undefined;
  }
  const result = frontMatterSchema.safeParse(parsed.data);
  if (!result.success) {
    problems.push(
      ...issuesToProblems(result.error.issues, {
        file,
        parsed,
        lineOffset,
        fixes: FRONT_MATTER_FIXES,
        where: 'front matter',
      }),
    );
    return undefined;
  }
  const fm = result.data;
  for (const key of Object.keys(FRONT_MATTER_FIXES)) fieldLines[key] = parsed.keyLineAt([key]) + lineOffset;
  return {
    id: fm.id,
    title: sanitizeLine(fm.title),
    goals: fm.goals.map(sanitizeLine),
    prerequisites: fm.prerequisites,
    minutes: fm.minutes,
    ...(fm.summary !== undefined ? { summary: sanitizeLine(fm.summary) } : {}),
  };
}
