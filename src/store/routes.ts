/**
 * Every route of the app, one member per screen with its own parameters, so
 * `push({ screen: 'reader', lesson: 'x' })` (a misspelled parameter) or a
 * screen that reads a parameter its route does not have is a compile error.
 * A route holds data only: what tests need to swap (the lab's runner, a
 * ready-made quiz sitting) is injected through the App's `services`
 * (src/ui/app-context.ts), never carried in a route.
 */
import type { ConfigOverrides, Scenario } from '../core/types.js';
import type { QuizMode } from '../core/quiz/grading.js';
import type { DrawnQuestion, QuizBank } from '../core/quiz/types.js';
import type { CoordinatorKind, ExperimentName, LabOptions, LabResult } from '../lab/types.js';
import type { ReportFormat } from '../reports/report-io.js';
import type { SittingMeta } from './quiz-store.js';

/** A search hit to open the lesson at: row key `part:line`, and the query to mark. */
export interface ReaderJump {
  key: string;
  query: string;
}

export interface QuizRoute {
  screen: 'quiz';
  /** No mode: the quiz menu. */
  mode?: QuizMode;
  quiz?: string;
  bank?: QuizBank;
  title?: string | undefined;
  contentHash?: string;
  seed?: number;
  count?: number | null;
  timeLimitMs?: number | null;
  passMark?: number | null;
  student?: string | null;
  report?: string | null;
  format?: ReportFormat | null;
  assignment?: SittingMeta['assignment'] | null;
  /** Drawn by the command (`fence-tutor quiz`): the sitting ends the app when done. */
  questions?: DrawnQuestion[];
  exitOnFinish?: boolean;
}

export interface LabRoute {
  screen: 'lab';
  experiment?: ExperimentName;
  coordinator?: CoordinatorKind;
  ttlMs?: number;
  etcdEndpoints?: string[] | undefined;
  etcdBin?: string | undefined;
  /** Redis: how the lock mints its token, the server to start, or one the user runs. */
  token?: 'none' | 'incr' | undefined;
  redisBin?: string | undefined;
  redisUrl?: string | undefined;
  /** ZooKeeper: the jars of the server to start (--zookeeper-home), or an ensemble the user runs (--zookeeper-connect). */
  zookeeperHome?: string | undefined;
  zookeeperConnect?: string | undefined;
  /** The sink's database (issue 36), the PostgreSQL to start or to use, and the split grid's cells (opens on the grid). */
  sink?: 'sqlite' | 'postgres' | undefined;
  postgresUrl?: string | undefined;
  postgresBin?: string | undefined;
  grid?: LabOptions['grid'];
  outDir?: string;
  /** Opened by `fence-tutor lab` on a terminal: runs at once. */
  autostart?: boolean;
  /** Each verdict, for the command's exit status (an unexpected one exits 1). */
  onResult?: (result: LabResult) => void;
}

export interface SimulatorRoute {
  screen: 'simulator' | 'explore';
  /** A shipped scenario's id, or a scenario loaded from a file. None: the picker. */
  scenario?: string | Scenario;
  overrides?: ConfigOverrides;
  /** Opens the explorer over the picked scenario. */
  explore?: boolean;
  /** The picker lists the learner's saved runs ("Your runs"). */
  runs?: boolean;
}

export type Route =
  | { screen: 'home' }
  | { screen: 'help' }
  | { screen: 'continue' }
  | { screen: 'lessons' }
  | { screen: 'progress' }
  | { screen: 'reader'; lessonId?: string; jump?: ReaderJump }
  | { screen: 'exercises' }
  | { screen: 'challenges' }
  | { screen: 'challenge'; id: string }
  | SimulatorRoute
  | QuizRoute
  | LabRoute;

export type ScreenName = Route['screen'];

/** The route of one screen: `RouteOf<'reader'>`. */
export type RouteOf<S extends ScreenName> = Extract<Route, { screen: S }>;
