/** `FENCE_LAB_DEBUG=1`: the run's phases with their times on stderr. */
const debugOn = process.env.FENCE_LAB_DEBUG === '1';
const debugT0 = performance.now();

export function debug(text: string): void {
  if (debugOn) process.stderr.write(`[lab ${Math.round(performance.now() - debugT0)} ms] ${text}\n`);
}
