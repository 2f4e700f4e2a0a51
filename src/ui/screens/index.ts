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
 * does not wait for it: `x: lazyScreen(() => import('./x-screen.js').then((m) => m.XScreen), '<context>')`
 * (its `load` lets runApp fetch it before the first frame when the CLI opens it directly).
 * Go elsewhere with `router.getState().push({screen: 'name', ...params})`;
 * q/Esc goes back for you. A route with no entry here shows "not built yet".
 */
import { type ComponentType, lazy } from 'react';
import type { Route, RouteOf, ScreenName } from '../../store/router-store.js';
import type { SimulatorRoute } from '../../store/routes.js';
import type { KeyContextId } from '../keymap.js';
import { HelpScreen } from './help-screen.js';
import { HomeScreen } from './home-screen.js';
import { NotBuiltScreen } from './not-built-screen.js';
import { openingContext } from './quiz/sitting-context.js';

/** A screen takes its own route only: the reader gets `RouteOf<'reader'>`, with `lessonId` typed. */
export interface ScreenEntry<S extends ScreenName = ScreenName> {
  component: ComponentType<{ route: RouteOf<S> }>;
  /** The KEY_CONTEXTS id for its hint line and help. */
  keyContext: KeyContextId;
  /**
   * A lazily loaded screen's code, for runApp to fetch before the first frame
   * when the app opens on this screen: a lazy component shown first paints
   * "Loading..." and React then holds the screen back until 300 ms after that
   * fallback showed (its Suspense throttle), time added to the first frame.
   */
  load?: () => Promise<ComponentType<{ route: RouteOf<S> }>>;
  /**
   * The key context the screen's focused part sets as it mounts, when the
   * route alone says which (undefined: keyContext). The app's hint line shows
   * it from the first frame; otherwise that frame would show keyContext's
   * keys, and the right ones only a throttled frame later (Ink: 33 ms).
   */
  openingContext?: (route: RouteOf<S>) => KeyContextId | undefined;
}

export type ScreenRegistry = { [S in ScreenName]?: ScreenEntry<S> };

/** A screen loaded on first use (see ScreenEntry.load). */
function lazyScreen<S extends ScreenName>(load: () => Promise<ComponentType<{ route: RouteOf<S> }>>, keyContext: KeyContextId): ScreenEntry<S> {
  return { component: lazy(() => load().then((component) => ({ default: component }))), keyContext, load };
}

// The simulator brings the engine, the scenario loader and YAML: loaded when opened.
/** The simulator and explore open on the scenario picker when the route names no scenario (saved runs may be none: no keys to show). */
const pickerFirst = (route: SimulatorRoute): KeyContextId | undefined => (route.scenario === undefined && route.runs !== true ? 'scenario-picker' : undefined);

const loadSimulator = () => import('./simulator-screen.js').then((m) => m.SimulatorScreen);

export const SCREENS: ScreenRegistry = {
  home: { component: HomeScreen, keyContext: 'home' },
  help: { component: HelpScreen, keyContext: 'help' },
  // Without a scenario they open on the picker, whose keys the first frame shows.
  simulator: { ...lazyScreen<'simulator'>(loadSimulator, 'simulator'), openingContext: pickerFirst },
  explore: { ...lazyScreen<'explore'>(loadSimulator, 'simulator'), openingContext: pickerFirst },
  // The quiz brings the bank loader, the engine (predict keys) and the report writers.
  quiz: { ...lazyScreen(() => import('./quiz/quiz-screen.js').then((m) => m.QuizScreen), 'quiz-menu'), openingContext },
  // The reader brings the lesson layout and the engine (embedded timelines).
  reader: lazyScreen(() => import('./reader-screen.js').then((m) => m.ReaderScreen), 'reader'),
  lessons: lazyScreen(() => import('./lessons-screen.js').then((m) => m.LessonsScreen), 'lessons'),
  progress: lazyScreen(() => import('./progress-screen.js').then((m) => m.ProgressScreen), 'progress'),
  // Challenges bring the engine, the explorer's thread and the sandbox store: loaded when opened.
  challenges: lazyScreen(() => import('./challenges-screen.js').then((m) => m.ChallengesScreen), 'challenges'),
  challenge: lazyScreen(() => import('./challenge-screen.js').then((m) => m.ChallengeScreen), 'challenge'),
  lab: lazyScreen(() => import('./lab/lab-screen.js').then((m) => m.LabScreen), 'lab'),
  exercises: lazyScreen(() => import('./exercises/exercises-screen.js').then((m) => m.ExercisesScreen), 'exercises'),
};

/** The entry of the route's screen; its component takes this route (looked up by the route's own screen). */
export function screenFor(route: Route): ScreenEntry {
  const entry = SCREENS[route.screen] as ScreenEntry | undefined;
  return entry ?? { component: NotBuiltScreen, keyContext: 'not-built' };
}
