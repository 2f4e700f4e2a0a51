/**
 * The self-check answers kept from earlier visits, as the reader shows them
 * (question id -> first-try correctness), the same object for as long as
 * they are the same answers.
 *
 * Why not select the progress entry's `selfCheck` itself: every save hands
 * back the state merged with the file (progress-merge.ts), new objects even
 * when nothing changed, and the reader saves on opening and every few
 * seconds while it is open (use-study-timer.ts). Each of those re-rendered
 * the whole reader, a full Ink frame of identical output, and those frames
 * kept pushing the idle peak up (issue 18: `lesson 4` from about 87 MB at 2 s
 * to 96 MB at 12 s). Compared by value here, a save that changes no answer
 * renders nothing.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { ProgressState } from '../../progress/progress-file.js';
import type { ProgressStore } from '../../store/progress-store.js';

export type EarlierAnswers = Readonly<Record<string, { correct: boolean }>>;

/** Question id -> first-try correctness, from a lesson's saved self-check (a new object each call: compare it shallowly). */
function firstTryCorrectness(progress: ProgressState, lessonId: string): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [id, answer] of Object.entries(progress.lessons[lessonId]?.selfCheck ?? {})) out[id] = answer.correct;
  return out;
}

export function useEarlierAnswers(progress: ProgressStore, lessonId: string): EarlierAnswers {
  const correct = useStore(
    progress,
    useShallow((s) => firstTryCorrectness(s.progress, lessonId)),
  );
  return useMemo(() => Object.fromEntries(Object.entries(correct).map(([id, c]) => [id, { correct: c }])), [correct]);
}
