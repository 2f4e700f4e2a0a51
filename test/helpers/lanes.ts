/**
 * At most `n` of the given jobs at once, the others queued in order: for
 * concurrent tests whose jobs are heavy (a whole `exercise check`, a full
 * `--sink-cmd` run), so that on a loaded 2-core machine no check runs past
 * its own time limit, while the light tests around them still overlap
 * (test/exercises: two at a time; test/lab/lab-cli: four lab runs, each
 * starting five node processes waited for up to 10 s).
 */
export function lanes(n: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const queue: (() => void)[] = [];
  return async (job) => {
    if (running >= n) await new Promise<void>((resolve) => queue.push(resolve));
    running++;
    try {
      return await job();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
}
