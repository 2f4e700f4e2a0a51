/**
 * One way to answer an ordering question, in the quiz and in a lesson's
 * self-check alike (issue 17): the events start in the order drawn, the
 * learner selects one (a digit or the arrows), moves it up or down (u/n or
 * shift+arrows), sees the whole order as it stands, and answers with enter.
 * Seeing the order before answering lets a learner check it and fix one
 * event without starting again, which typing digits first to last did not.
 */

/** The order an ordering question starts from: the options as drawn. */
export function initialOrder(optionCount: number): number[] {
  return Array.from({ length: optionCount }, (_, i) => i);
}

/**
 * The event at position `at` moved one place (`delta` -1 up, +1 down), the
 * selection following it; null when it is already at that end.
 */
export function moveInOrder(order: readonly number[], at: number, delta: -1 | 1): { order: number[]; at: number } | null {
  const to = at + delta;
  if (at < 0 || at >= order.length || to < 0 || to >= order.length) return null;
  const next = [...order];
  const moved = next[at] as number;
  next[at] = next[to] as number;
  next[to] = moved;
  return { order: next, at: to };
}

/** The sentence under an ordering question, in both places. */
export const ORDERING_HELP = 'First event at the top: select one (digit or arrows), move it with u/n or shift+arrows, then enter.';

/** The note beside the selected event. */
export const ORDERING_SELECTED_NOTE = '(selected: u/n moves it)';
