// The shipped solution of redo-on-reject: on a refusal, the whole unit of
// work starts again (acquire, read, compute, write), never the write alone.

export async function addOne(worker) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const token = await worker.acquire();
    const value = await worker.read();
    const result = await worker.write(token, value + 1);
    if (result.accepted) return;
    // Refused: a newer holder has written. Our token and our read are both stale.
  }
  throw new Error('refused five times in a row: giving up');
}
