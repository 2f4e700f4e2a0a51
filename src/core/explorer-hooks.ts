/**
 * What a caller can ask of a long exploration (the app runs it in a worker
 * with a progress line and Esc to cancel). Absent hooks cost nothing: the
 * counting loops test for them once, not per state.
 */
export interface ExploreHooks {
  /** Called every `progressEvery` states with the number counted so far. */
  onProgress?: (p: { statesVisited: number }) => void;
  /** States between two calls of the hooks (default 65536). */
  progressEvery?: number;
  /** Asked as often as `onProgress` is called; true stops the exploration with ExplorationCancelled. */
  shouldCancel?: () => boolean;
}

/** Thrown by the explorer when `shouldCancel` returned true: nothing is counted. */
export class ExplorationCancelled extends Error {
  constructor(readonly statesVisited: number) {
    super(`exploration cancelled after ${statesVisited} states`);
    this.name = 'ExplorationCancelled';
  }
}

/** How many states pass between two calls of the hooks, or 0 when there are none. */
export function hookInterval(hooks: ExploreHooks): number {
  if (!hooks.onProgress && !hooks.shouldCancel) return 0;
  return Math.max(1, Math.floor(hooks.progressEvery ?? 65536));
}

/** Calls the hooks; throws ExplorationCancelled when asked to stop. */
export function reportProgress(hooks: ExploreHooks, statesVisited: number): void {
  if (hooks.shouldCancel?.()) throw new ExplorationCancelled(statesVisited);
  hooks.onProgress?.({ statesVisited });
}
