/**
 * Every row of a lesson in the reader: the text laid out at the width, and
 * the embedded parts (timelines, the self-check) drawn from their live state
 * inside a gutter that shows which part has the keys. Also where each part
 * starts and ends, which the scrolling and the focus keys need.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Lesson, ScenarioBlock } from '../../content/lesson/lesson-types.js';
import type { ReaderFocus, SelfCheck } from '../../store/reader-store.js';
import type { Theme } from '../theme.js';
import { type FirstScreenNeed, takeFirstScreen } from './first-screen.js';
import { type LayoutOptions, type LessonPart, layoutLesson, lessonParts } from './lesson-layout.js';
import type { ReaderSources } from './reader-sources.js';
import { useLessonTokens } from './use-lesson-tokens.js';
import { selfCheckLines } from './self-check-lines.js';
import type { StyledLine } from './styled-text.js';
import { timelineLines } from './timeline-lines.js';
import { captionMismatch, otherSettingCaption } from './caption-setting.js';
import { type EmbeddedTimeline, useEmbeddedTimelines } from './use-embedded-timelines.js';

export interface Row {
  line: StyledLine;
  /** `part:line` of a laid-out line (embedded parts' live lines have none). */
  key?: string;
  part: number;
}

export interface LessonRows {
  parts: LessonPart[];
  layoutOptions: LayoutOptions;
  timelines: ReadonlyMap<number, EmbeddedTimeline>;
  rows: Row[];
  partStart: ReadonlyMap<number, number>;
  partEnd: ReadonlyMap<number, number>;
  /** False for the first frame when only its screen was laid out; the whole lesson follows at once. */
  complete: boolean;
}

export interface LessonRowsInput {
  lesson: Lesson;
  sources: ReaderSources;
  width: number;
  theme: Theme;
  focus: ReaderFocus;
  selfCheck: SelfCheck | null;
  earlier: Readonly<Record<string, { correct: boolean }>>;
  /** What the first frame needs laid out (first-screen.ts). */
  firstScreen: FirstScreenNeed;
}

export function useLessonRows({ lesson, sources, width, theme, focus, selfCheck, earlier, firstScreen }: LessonRowsInput): LessonRows {
  const lessons = sources.curriculum.lessons;
  const lessonNumber = (id: string) => lessons.find((l) => l.id === id)?.number;
  const layoutOptions: LayoutOptions = { width, ascii: theme.ascii, narrate: theme.narrate, glossary: sources.curriculum.glossary, lessonNumber };
  const tokensOf = useLessonTokens(sources, [lesson]);
  // The first frame lays out only its screen; the whole lesson right after it (issue 18).
  const [wanted, setWanted] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the layout changes with the lesson, the width and the symbols only
  const laid = useMemo(
    () =>
      wanted
        ? { parts: layoutLesson(lesson, layoutOptions, tokensOf(lesson)), complete: true }
        : takeFirstScreen(lessonParts(lesson, layoutOptions, tokensOf(lesson)), firstScreen),
    [wanted, lesson, width, theme.ascii, theme.narrate, sources, wanted ? '' : `${firstScreen.through}:${firstScreen.line}:${firstScreen.rows}`],
  );
  const { parts, complete } = laid;
  useEffect(() => {
    if (!complete) setWanted(true);
  }, [complete]);

  // From the lesson, not the laid-out parts, so every timeline has its store from the first frame (part i + 1 is segment i).
  const scenarioBlocks = useMemo(() => {
    const m = new Map<number, ScenarioBlock>();
    lesson.segments.forEach((segment, i) => {
      if (segment.kind === 'scenario') m.set(i + 1, segment);
    });
    return m;
  }, [lesson]);
  const timelines = useEmbeddedTimelines(scenarioBlocks, sources.scenario, theme.reducedMotion);

  const rows: Row[] = [];
  const partStart = new Map<number, number>();
  const partEnd = new Map<number, number>();
  parts.forEach((part, i) => {
    if (rows.length > 0) rows.push({ line: [], part: i });
    partStart.set(i, rows.length);
    if (part.kind === 'text') {
      part.lines.forEach((line, k) => {
        rows.push({ line, key: `${i}:${k}`, part: i });
      });
    } else {
      const head = part.kind === 'scenario' ? scenarioHead(part, timelines.get(i), width) : part.head;
      head.forEach((line, k) => {
        rows.push(k < part.head.length ? { line, key: `${i}:${k}`, part: i } : { line, part: i });
      });
      const focused = (focus.kind === 'timeline' || focus.kind === 'quiz') && focus.part === i;
      // --narrate: no bar down the part (read out on every line); its lines say in words whether it has the keys.
      const gutter = theme.narrate
        ? { text: '  ' }
        : focused
          ? { text: theme.ascii ? '# ' : '┃ ', role: 'accent' as const }
          : { text: theme.ascii ? '| ' : '│ ', role: 'muted' as const };
      let body: StyledLine[];
      if (part.kind === 'scenario') {
        const t = timelines.get(i);
        body = t
          ? timelineLines(t.scenario, t.store.getState(), { width: width - 2, ascii: theme.ascii, focused, narrate: theme.narrate, symbols: theme.symbols })
          : [[{ text: `(the scenario "${part.block.scenarioId}" is not available)`, role: 'muted' }]];
      } else {
        body = selfCheckLines(selfCheck, { width: width - 2, focused, symbols: theme.symbols, earlier });
      }
      for (const line of body) rows.push({ line: [gutter, ...line], part: i });
    }
    partEnd.set(i, rows.length - 1);
  });
  return { parts, layoutOptions, timelines, rows, partStart, partEnd, complete };
}

/** The block's heading and caption; a caption written for other toggles than the run on screen says so (caption-setting.ts). */
function scenarioHead(part: Extract<LessonPart, { kind: 'scenario' }>, timeline: EmbeddedTimeline | undefined, width: number): StyledLine[] {
  const config = timeline?.store.getState().result?.config;
  const caption = part.block.caption;
  if (!timeline || !config || caption === undefined) return part.head;
  const mismatch = captionMismatch(part.block, timeline.scenario, config);
  if (!mismatch) return part.head;
  return [...part.head.slice(0, part.captionFrom), ...otherSettingCaption(caption, mismatch, width)];
}
