/**
 * Cuts a lesson body at its fenced blocks and finds its internal links, with
 * the file line of each. Ordinary fenced code is left alone (and links inside
 * it are not links); ```scenario and ```quiz fences become blocks.
 */
import * as z from 'zod';
import { CLAIM_FIX, claimLines, claimListSchema } from '../scenario/claim-schema.js';
import type { LessonBlock, LessonLink, LessonSegment, MarkdownSegment } from './lesson-types.js';
import { issuesToProblems } from './lesson-zod.js';
import { ContentError, type Problem } from '../shared/problems.js';
import { sanitizeLine } from '../shared/sanitize.js';
import { parseYaml } from '../shared/yaml.js';

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const INTERNAL_LINK = /\]\(\s*(glossary|lesson):([^)\s]*)\s*\)/g;

const onOff = z.union([z.boolean(), z.enum(['on', 'off'])]).transform((v) => v === true || v === 'on');

const scenarioBlockSchema = z
  .object({
    id: z.string().min(1),
    fencing: onOff.optional(),
    minting: z.enum(['durable', 'volatile']).optional(),
    check: z.enum(['atomic', 'split']).optional(),
    ttl: z.number().int().min(2).optional(),
    caption: z.string().optional(),
    expect: claimListSchema.optional(),
  })
  .strict();

const quizBlockSchema = z
  .object({
    ids: z.array(z.string().min(1)).min(1, 'needs at least one question id'),
    caption: z.string().optional(),
  })
  .strict();

const SCENARIO_FIXES: Record<string, string> = {
  id: 'name a shipped scenario, e.g. "id: late-write"',
  fencing: 'write "fencing: on" or "fencing: off"',
  minting: 'write "minting: durable" or "minting: volatile"',
  check: 'write "check: atomic" or "check: split"',
  ttl: 'write a lease length in ticks, an integer of at least 2',
  caption: 'write the caption as one string',
  expect: CLAIM_FIX,
};

const QUIZ_FIXES: Record<string, string> = {
  ids: 'list question ids from the quiz bank, e.g. "ids: [lease-id-not-a-token]"',
  caption: 'write the caption as one string',
};

export interface ScannedBody {
  segments: LessonSegment[];
  blocks: LessonBlock[];
  links: LessonLink[];
  problems: Problem[];
}

/** `firstLine` is the file line of the body's first line. */
export function scanLessonBody(body: string, file: string, firstLine: number): ScannedBody {
  const lines = body.split('\n');
  const out: ScannedBody = { segments: [], blocks: [], links: [], problems: [] };
  let markdown: string[] = [];
  let markdownStart = firstLine;
  const flushMarkdown = (nextLine: number) => {
    if (markdown.some((l) => l.trim() !== '')) {
      const segment: MarkdownSegment = { kind: 'markdown', line: markdownStart, text: markdown.join('\n') };
      out.segments.push(segment);
    }
    markdown = [];
    markdownStart = nextLine;
  };

  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const fileLine = firstLine + i;
    const open = FENCE_OPEN.exec(line);
    if (!open) {
      collectLinks(line, fileLine, out.links);
      markdown.push(line);
      i++;
      continue;
    }
    const fence = open[1] ?? '```';
    const lang = (open[2] ?? '').toLowerCase();
    const close = findClose(lines, i + 1, fence);
    if (close < 0) {
      out.problems.push({
        file,
        line: fileLine,
        message: `the fenced block opened here is never closed`,
        // A fence can be thousands of backticks long: named by its length past a few.
        fix: fence.length <= 8 ? `end it with a line "${fence}"` : `end it with a line of ${fence.length} ${fence[0] === '~' ? 'tildes' : 'backticks'}`,
      });
      return out;
    }
    if (lang === 'scenario' || lang === 'quiz') {
      flushMarkdown(firstLine + close + 1);
      const yamlText = lines.slice(i + 1, close).join('\n');
      const block = parseBlock(lang, yamlText, file, fileLine, out.problems);
      if (block) {
        out.blocks.push(block);
        out.segments.push(block);
      }
    } else {
      // Ordinary code: kept verbatim, links inside are not links.
      markdown.push(...lines.slice(i, close + 1));
    }
    i = close + 1;
  }
  flushMarkdown(firstLine + lines.length);
  return out;
}

function findClose(lines: string[], from: number, fence: string): number {
  const char = fence[0] === '~' ? '~' : '`';
  const closing = new RegExp(`^ {0,3}\\${char}{${fence.length},}\\s*$`);
  for (let j = from; j < lines.length; j++) if (closing.test(lines[j] ?? '')) return j;
  return -1;
}

function collectLinks(line: string, fileLine: number, links: LessonLink[]): void {
  // Inline code spans may show link syntax as an example; skip them.
  const withoutCode = line.replace(/`[^`]*`/g, '');
  for (const m of withoutCode.matchAll(INTERNAL_LINK)) {
    links.push({ scheme: m[1] as 'glossary' | 'lesson', target: m[2] ?? '', line: fileLine });
  }
}

function parseBlock(lang: 'scenario' | 'quiz', yamlText: string, file: string, fenceLine: number, problems: Problem[]): LessonBlock | undefined {
  let parsed: ReturnType<typeof parseYaml>;
  try {
    parsed = parseYaml(yamlText, file);
  } catch (err) {
    if (err instanceof ContentError) {
      problems.push(...err.problems.map((p) => ({ ...p, line: Math.max(p.line, 1) + fenceLine })));
      return undefined;
    }
    throw err;
  }
  const where = `${lang} block`;
  if (parsed.data === null || typeof parsed.data !== 'object' || Array.isArray(parsed.data)) {
    problems.push({
      file,
      line: fenceLine,
      message: `the ${where} is not a set of "key: value" fields`,
      fix: lang === 'scenario' ? 'write at least "id: SCENARIO-ID"' : 'write "ids: [QUESTION-ID, ...]"',
    });
    return undefined;
  }
  if (lang === 'scenario') {
    const r = scenarioBlockSchema.safeParse(parsed.data);
    if (!r.success) {
      problems.push(...issuesToProblems(r.error.issues, { file, parsed, lineOffset: fenceLine, fixes: SCENARIO_FIXES, where }));
      return undefined;
    }
    const { id, caption, expect, ...toggles } = r.data;
    const overrides = Object.fromEntries(Object.entries(toggles).filter(([, v]) => v !== undefined));
    return {
      kind: 'scenario',
      line: fenceLine,
      scenarioId: id,
      overrides,
      ...(caption !== undefined ? { caption: sanitizeLine(caption) } : {}),
      ...(expect !== undefined ? { claims: expect, claimLines: claimLines(parsed, expect, fenceLine) } : {}),
    };
  }
  const r = quizBlockSchema.safeParse(parsed.data);
  if (!r.success) {
    problems.push(...issuesToProblems(r.error.issues, { file, parsed, lineOffset: fenceLine, fixes: QUIZ_FIXES, where }));
    return undefined;
  }
  return {
    kind: 'quiz',
    line: fenceLine,
    ids: r.data.ids,
    ...(r.data.caption !== undefined ? { caption: sanitizeLine(r.data.caption) } : {}),
  };
}
