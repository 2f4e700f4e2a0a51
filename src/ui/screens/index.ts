/**
 * The screen registry: route name -> component and key context.
 *
 * To add a screen (one-line edit here, one entry in src/ui/keymap.ts):
 *   1. write src/ui/screens/<name>-screen.tsx exporting a component that
 *      takes `{route}` (its params are whatever you pushed) and reads
 *      `useAppContext()` for theme, router and the area it may draw in;
 *      take keys with `useScreenInput('<context>', (action) => ...)`;
 *   2. add a line below: `<route-name>: { component: MyScreen, keyContext: '<context>' },`
 *   3. add `<context>: { title, bindings: [...] }` to KEY_CONTEXTS in keymap.ts
 *      (the hint line and the `?` help come from there).
 * A heavy screen may load on first use, so the home screen's first frame
 * does not wait for it: `component: lazy(() => import('./x-screen.js').then((m) => ({ default: m.XScreen })))`.
 * Go elsewhere with `router.getState().push({screen: 'name', ...params})`;
 * q/Esc goes back for you. A route with no entry here shows "not built yet".
 */
import { type ComponentType, lazy } from 'react';
import type { Route, RouteOf, ScreenName } from '../../store/router-store.js';
import type { KeyContextId } from '../keymap.js';
import { HelpScreen } from './help-screen.js';
import { HomeScreen } from './home-screen.js';
import { NotBuiltScreen } from './not-built-screen.js';

/** A screen takes its own route only: the reader gets `RouteOf<'reader'>`, with `lessonId` typed. */
export interface ScreenEntry<S extends ScreenName = ScreenName> {
  component: ComponentType<{ route: RouteOf<S> }>;
  /** The KEY_CONTEXTS id for its hint line and help. */
  keyContext: KeyContextId;
}

export type ScreenRegistry = { [S in ScreenName]?: ScreenEntry<S> };

// The simulator brings the engine, the scenario loader and YAML: loaded when opened.
const SimulatorScreen = lazy(() => import('./simulator-screen.js').then((m) => ({ default: m.SimulatorScreen })));
// The quiz brings the bank loader, the engine (predict keys) and the report writers.
const QuizScreen = lazy(() => import('./quiz/quiz-screen.js').then((m) => ({ default: m.QuizScreen })));
// The reader brings marked, the lesson loader and the engine (embedded timelines).
const ReaderScreen = lazy(() => import('./reader-screen.js').then((m) => ({ default: m.ReaderScreen })));
const LessonsScreen = lazy(() => import('./lessons-screen.js').then((m) => ({ default: m.LessonsScreen })));
const ProgressScreen = lazy(() => import('./progress-screen.js').then((m) => ({ default: m.ProgressScreen })));

export const SCREENS: ScreenRegistry = {
  home: { component: HomeScreen, keyContext: 'home' },
  help: { component: HelpScreen, keyContext: 'help' },
  simulator: { component: SimulatorScreen, keyContext: 'simulator' },
  explore: { component: SimulatorScreen, keyContext: 'simulator' },
  quiz: { component: QuizScreen, keyContext: 'quiz-menu' },
  reader: { component: ReaderScreen, keyContext: 'reader' },
  lessons: { component: LessonsScreen, keyContext: 'lessons' },
  progress: { component: ProgressScreen, keyContext: 'progress' },
  // Challenges bring the engine, the explorer's thread and the sandbox store: loaded when opened.
  challenges: { component: lazy(() => import('./challenges-screen.js').then((m) => ({ default: m.ChallengesScreen }))), keyContext: 'challenges' },
  challenge: { component: lazy(() => import('./challenge-screen.js').then((m) => ({ default: m.ChallengeScreen }))), keyContext: 'challenge' },
  lab: { component: lazy(() => import('./lab/lab-screen.js').then((m) => ({ default: m.LabScreen }))), keyContext: 'lab' },
  exercises: { component: lazy(() => import('./exercises/exercises-screen.js').then((m) => ({ default: m.ExercisesScreen }))), keyContext: 'exercises' },
};

/** The entry of the route's screen; its component takes this route (looked up by the route's own screen). */
export function screenFor(route: Route): ScreenEntry {
  const entry = SCREENS[route.screen] as ScreenEntry | undefined;
  return entry ?? { component: NotBuiltScreen, keyContext: 'not-built' };
}
