/**
 * When a lease's TTL starts, as a worker can know it. The coordinator starts
 * the TTL when it applies the grant, somewhere between the request leaving
 * and the answer arriving; so the moment the request was sent is the one
 * that is never later than the lease's real start. Measured from there, the
 * wait until the lock is seen gone can never be shorter than the TTL the
 * coordinator applied (measured from the answer, it could: "ran out after
 * 1996 ms" for a TTL of 2000 ms, issue 33).
 */

/** Epoch milliseconds, sub-ms: the same clock the runner reads through performance.timeOrigin. */
const epochNow = (): number => performance.timeOrigin + performance.now();

export async function grantTimed<L>(grant: () => Promise<L>, now: () => number = epochNow): Promise<{ lease: L; requestedAt: number }> {
  const requestedAt = now();
  const lease = await grant();
  return { lease, requestedAt };
}
