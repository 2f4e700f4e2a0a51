/**
 * What the reader needs from content, loaded once per app run through the
 * `--content` aggregation: the curriculum (shipped + local), the question
 * bank by id (for the self-check), and scenarios by id (for the timelines).
 *
 * On the shipped content alone this comes from the build's snapshot
 * (built-content.ts) and loads no loader: the real loaders bring the YAML,
 * Markdown and schema libraries, about half a megabyte of code that `lesson
 * 4`'s first frame and idle memory paid for (issue 18). They are imported
 * only when the snapshot does not serve (`--content`, edited or unbuilt
 * content): useReaderSources suspends the screen until they are in.
 */
import { use, useMemo } from 'react';
import { builtBank, builtContent, builtScenario } from '../../content/shared/built-content.js';
import type { ContentFlags } from '../../content/shared/content-sources.js';
import type { Curriculum, Lesson } from '../../content/lesson/lesson-types.js';
import { builtLessonTokens, type LessonTokens } from '../../render/lesson-tokens.js';
import type { Question } from '../../core/quiz/types.js';
import type { Scenario } from '../../core/types.js';
import { errorMessage } from '../../platform/error-message.js';

export interface ReaderSources {
  curriculum: Curriculum;
  localIds: ReadonlySet<string>;
  question: (id: string) => Question | undefined;
  scenario: (id: string) => Scenario | undefined;
  /** A lesson's Markdown tokens as lexed at build (shipped lessons, snapshot current); undefined: lex it (use-lesson-tokens.ts). */
  builtTokens: (lesson: Lesson) => LessonTokens | undefined;
}

/** The real content loaders (content-sources.ts and what it imports). */
export type ContentLoaders = typeof import('../../content/shared/content-sources.js');

let loaders: Promise<ContentLoaders> | undefined;

/** The real loaders, imported on first need (one promise per process, so a screen may suspend on it). */
function contentLoaders(): Promise<ContentLoaders> {
  loaders ??= import('../../content/shared/content-sources.js');
  return loaders;
}

/** True when the build's snapshot holds all the reader shows (no `--content`, and the snapshot matches the files). */
function snapshotServes(flags: ContentFlags): boolean {
  return flags.content === undefined && builtContent() !== undefined && builtBank(undefined) !== undefined;
}

const cache = new Map<string, ReaderSources>();

/**
 * The sources for these flags. Without the loaders, only what the snapshot
 * serves (snapshotServes): callers that may meet `--content` pass them
 * (useReaderSources, loadReaderSources).
 */
function readerSources(flags: ContentFlags, withLoaders?: ContentLoaders): ReaderSources {
  const key = flags.content ?? '';
  const hit = cache.get(key);
  if (hit) return hit;
  const sources = snapshotServes(flags) ? fromSnapshot() : withLoaders ? fromLoaders(flags, withLoaders) : undefined;
  if (!sources) throw new Error('the content loaders are not loaded (use loadReaderSources or useReaderSources)');
  cache.set(key, sources);
  return sources;
}

/** The shipped content as the build laid it out: what content-sources.ts gives for it, without its loaders. */
function fromSnapshot(): ReaderSources | undefined {
  const built = builtContent();
  const bank = builtBank(undefined);
  if (!built || !bank) return undefined;
  let questions: Map<string, Question> | undefined;
  const tokens = new Map<string, LessonTokens | undefined>();
  return {
    curriculum: built.curriculum,
    localIds: new Set(),
    question: (id) => {
      questions ??= new Map(bank.questions.map((q) => [q.id, q] as const));
      return questions.get(id);
    },
    // A copy, as the loader gives: the caller may change it (the snapshot is shared).
    scenario: builtScenario,
    // One file per lesson: opening lesson 4 reads lesson 4's tokens only.
    builtTokens: (lesson) => {
      if (!tokens.has(lesson.id)) tokens.set(lesson.id, builtLessonTokens(lesson));
      return tokens.get(lesson.id);
    },
  };
}

function fromLoaders(flags: ContentFlags, from: ContentLoaders): ReaderSources {
  const { curriculum, localIds } = from.allLessons(flags);
  let questions: Map<string, Question> | undefined;
  const scenarios = new Map<string, Scenario | undefined>();
  return {
    curriculum,
    localIds,
    // The bank is read on first use: the lessons list and Home need only the curriculum.
    question: (id) => {
      questions ??= new Map(from.allQuestions(flags).map((q) => [q.id, q] as const));
      return questions.get(id);
    },
    scenario: (id) => {
      if (!scenarios.has(id)) scenarios.set(id, from.findScenario(id, flags));
      return scenarios.get(id);
    },
    // User content, or a snapshot that does not serve: lexed in the reader.
    builtTokens: () => undefined,
  };
}

/** The sources, importing the loaders first when the snapshot does not serve. */
export async function loadReaderSources(flags: ContentFlags): Promise<ReaderSources> {
  return readerSources(flags, snapshotServes(flags) ? undefined : await contentLoaders());
}

/**
 * For a screen: the sources, or what went wrong loading them. Suspends (the
 * app's "Loading...", keys kept) while the loaders are imported.
 */
export function useReaderSources(flags: ContentFlags): { sources: ReaderSources } | { error: string } {
  const withLoaders = snapshotServes(flags) ? undefined : use(contentLoaders());
  return useMemo(() => {
    try {
      return { sources: readerSources({ content: flags.content }, withLoaders) };
    } catch (err) {
      return { error: errorMessage(err) };
    }
  }, [flags.content, withLoaders]);
}
