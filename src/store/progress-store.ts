/**
 * The learner's progress while the app runs: loaded once from the data
 * directory, changed by the reader, saved atomically. Opening a lesson,
 * answering a self-check and completing a lesson save at once; scrolling
 * and time only mark the state dirty, and `flush()` (the reader calls it on
 * a timer, on leaving and at Ctrl-C) writes them. Each save merges with the
 * file as it is now, under a lock, so a second instance on the same data
 * directory loses nothing (progress-merge.ts). Vanilla zustand: no React.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { dataDir } from '../platform/data-dir.js';
import { loadProgress, type ProgressState, saveProgressMerged } from '../progress/progress-file.js';
import { addTime, markOpened, markViewed, recordChallengeSolved, recordSelfCheck, settleCompletion, type ViewReport } from '../progress/progress-model.js';
import { errorMessage } from '../platform/error-message.js';

export interface ProgressStoreState {
  progress: ProgressState;
  /** Set when the file was corrupt and set aside: the screens say so once. */
  warning: string | null;
  dirty: boolean;
  /** A save that failed (a read-only data dir): shown, never thrown at the learner. */
  saveError: string | null;
  open: (lessonId: string) => void;
  view: (lessonId: string, report: ViewReport) => void;
  spend: (lessonId: string, ms: number) => void;
  answerSelfCheck: (lessonId: string, questionId: string, correct: boolean) => void;
  /** Marks the lesson completed if its end was reached and its self-check answered. */
  settle: (lessonId: string, selfCheckIds: readonly string[]) => void;
  flush: () => void;
  dismissWarning: () => void;
  /** A challenge solved in `acts` acts: kept with the fewest acts (saved at once). */
  solveChallenge: (challengeId: string, acts: number) => void;
}

export type ProgressStore = StoreApi<ProgressStoreState>;

export interface ProgressStoreOptions {
  dir?: string;
  now?: () => Date;
}

export function createProgressStore(options: ProgressStoreOptions = {}): ProgressStore {
  const now = options.now ?? (() => new Date());
  let warning: string | null = null;
  const progress = loadProgress(options.dir, (m) => {
    warning = m;
  });
  // What this instance last read or wrote: the merge's base, so another instance's saves are kept.
  let base = progress;
  return createStore<ProgressStoreState>()((set, get) => {
    const save = (next: ProgressState) => {
      try {
        const merged = saveProgressMerged(base, next, options.dir, (m) => set({ warning: m }));
        base = merged;
        set({ progress: merged, dirty: false, saveError: null });
      } catch (err) {
        set({ progress: next, dirty: true, saveError: `progress not saved: ${errorMessage(err)}` });
      }
    };
    return {
      progress,
      warning,
      dirty: false,
      saveError: null,
      open: (id) => save(markOpened(get().progress, id, now())),
      view: (id, report) => {
        const next = markViewed(get().progress, id, report, now());
        set({ progress: next, dirty: true });
      },
      spend: (id, ms) => {
        if (ms <= 0) return;
        set({ progress: addTime(get().progress, id, ms, now()), dirty: true });
      },
      answerSelfCheck: (id, questionId, correct) => save(recordSelfCheck(get().progress, id, questionId, correct, now())),
      settle: (id, ids) => {
        const before = get().progress;
        const next = settleCompletion(before, id, ids, now());
        if (next !== before) save(next);
      },
      flush: () => {
        if (get().dirty) save(get().progress);
      },
      dismissWarning: () => set({ warning: null }),
      solveChallenge: (id, acts) => save(recordChallengeSolved(get().progress, id, acts, now())),
    };
  });
}

const stores = new Map<string, ProgressStore>();

/**
 * The app's one progress store for the data directory in effect (tests
 * switch FENCE_TUTOR_HOME between cases, so it is keyed by the directory).
 */
export function appProgressStore(): ProgressStore {
  const dir = dataDir();
  let store = stores.get(dir);
  if (!store) {
    store = createProgressStore({ dir });
    stores.set(dir, store);
  }
  return store;
}

/** Drops the cached stores (tests: a fresh read of the file, as after a restart). */
export function forgetProgressStores(): void {
  stores.clear();
}
