/**
 * The curriculum's vocabulary: a manifest orders lessons; each lesson is
 * Markdown with YAML front matter and two kinds of fenced blocks (a shipped
 * scenario with toggles preset, and a list of self-check question ids).
 * Pure data; the format is documented in lessons/FORMAT.md.
 */
import type { Claim } from '../../core/claims.js';
import type { ConfigOverrides } from '../../core/types.js';
import type { ClaimLines } from '../scenario/claim-schema.js';

/** A fenced ```scenario block: replay a scenario with its toggles preset. */
export interface ScenarioBlock {
  kind: 'scenario';
  /** 1-based line of the opening fence in the lesson file. */
  line: number;
  scenarioId: string;
  overrides: ConfigOverrides;
  caption?: string;
  /** What the text claims the engine shows (`expect:`), checked by validate. */
  claims?: Claim[];
  /** File lines of each claim and its fields, for validate's messages. */
  claimLines?: ClaimLines[];
}

/** A fenced ```quiz block: the lesson's self-check questions, by id. */
export interface QuizBlock {
  kind: 'quiz';
  line: number;
  ids: string[];
  caption?: string;
}

export type LessonBlock = ScenarioBlock | QuizBlock;

/** Markdown between blocks, with the file line it starts on. */
export interface MarkdownSegment {
  kind: 'markdown';
  line: number;
  text: string;
}

export type LessonSegment = MarkdownSegment | LessonBlock;

/** A `[text](glossary:ID)` or `[text](lesson:ID)` link found in the body. */
export interface LessonLink {
  scheme: 'glossary' | 'lesson';
  target: string;
  line: number;
}

export interface LessonFrontMatter {
  id: string;
  title: string;
  goals: string[];
  prerequisites: string[];
  minutes: number;
  summary?: string;
}

export interface Lesson extends LessonFrontMatter {
  /** 1-based position in the manifest (0 for a lesson loaded on its own). */
  number: number;
  file: string;
  /** The Markdown after the front matter, sanitised. */
  body: string;
  /** The body cut at its blocks, in order. */
  segments: LessonSegment[];
  blocks: LessonBlock[];
  links: LessonLink[];
  /** File line of each front matter field, for messages about it. */
  fieldLines: Record<string, number>;
}

export interface GlossaryTerm {
  id: string;
  term: string;
  definition: string;
  /** Lesson ids where the term is taught. */
  see: string[];
  file: string;
  line: number;
}

export interface ManifestEntry {
  id: string;
  file: string;
  line: number;
}

export interface Curriculum {
  dir: string;
  lessons: Lesson[];
  glossary: GlossaryTerm[];
}
