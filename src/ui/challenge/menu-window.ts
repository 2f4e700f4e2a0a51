/**
 * Which rows of a list show in a window of `rows`: the cursor always among
 * them, and the last item reachable (the act menu showed three rows from
 * cursor-3, so past the third the pointer left the window and the last
 * choice could be picked only blind). Pure.
 */
export function menuWindow(cursor: number, count: number, rows: number): { first: number; last: number } {
  const size = Math.max(1, rows);
  const first = Math.max(0, Math.min(cursor - size + 1, count - size));
  return { first, last: Math.min(count, first + size) };
}
