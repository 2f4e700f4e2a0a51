// Exercise: redo-on-reject (lesson 2, "The fencing token contract", part 5:
// the client's side).
//
// TASK: addOne(worker) adds 1 to a shared counter, exactly once, under a
// lock. The sink fences: a write with a token below the newest one it has
// seen is refused with status 409. When that happens your lease has run
// out and someone else has the lock (and may have changed the counter):
//   - stop: do not write again with the refused token;
//   - acquire again (a new, higher token);
//   - read the counter again;
//   - redo the work: write the new value under the new token.
// Your work must land exactly once, and the other holder's work must stay.
//
// worker.acquire()            -> token (waits for the lock; the lease is kept alive for you)
// worker.read()               -> the counter (a number)
// worker.write(token, value)  -> { status: 200 | 409, accepted: true | false }
//
// The check stops this process (SIGSTOP) after its first read until its
// lease has expired, lets another worker add 1, then lets it go on.
// Check with: fence-tutor exercise check redo-on-reject

export async function addOne(worker) {
  const token = await worker.acquire();
  const value = await worker.read();
  const result = await worker.write(token, value + 1);
  if (!result.accepted) console.log('the write was refused');
}
