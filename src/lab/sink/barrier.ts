/**
 * Makes a race deterministic: a request that says `hold: NAME` waits at its
 * mode's await point until a request that says `release: NAME` has committed.
 * A release that comes first lets later holds straight through.
 */
export class Barriers {
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly released = new Set<string>();

  park(name: string, timeoutMs: number): Promise<'released' | 'timed-out'> {
    if (this.released.has(name)) return Promise.resolve('released');
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const list = this.waiting.get(name) ?? [];
        this.waiting.set(
          name,
          list.filter((w) => w !== wake),
        );
        resolve('timed-out');
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve('released');
      };
      this.waiting.set(name, [...(this.waiting.get(name) ?? []), wake]);
    });
  }

  parked(name: string): number {
    return this.waiting.get(name)?.length ?? 0;
  }

  release(name: string): void {
    this.released.add(name);
    const list = this.waiting.get(name) ?? [];
    this.waiting.delete(name);
    for (const wake of list) wake();
  }
}
