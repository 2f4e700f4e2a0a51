/**
 * Polls instead of sleeping: resolves with the first truthy value `probe`
 * returns, checking every `every` ms; fails after `timeout` ms naming what
 * it waited for. A fixed sleep is either too short on a loaded machine or
 * too long on a quiet one; this is as long as it takes.
 */
export interface WaitOptions {
  /** Give up after this long (ms). Default 5000. */
  timeout?: number;
  /** Between probes (ms). Default 20. */
  every?: number;
  /** Said in the error: "timed out after 5000 ms waiting for <what>". */
  what?: string;
}

export async function waitUntil<T>(probe: () => T | Promise<T>, options: WaitOptions = {}): Promise<NonNullable<T>> {
  const { timeout = 5000, every = 20, what = 'the condition' } = options;
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
