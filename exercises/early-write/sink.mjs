// Exercise: early-write (lesson 7, "What fencing does not give you").
//
// The sink below fences correctly: a write whose token is below the mark is
// refused. But a stale write that arrives BEFORE the new holder's first
// write is accepted: the sink has never seen the new token.
//
// TASK: write register(db, token). The new holder calls it when it
// acquires the lock, before it writes. Make it raise the mark to `token`
// when `token` is higher (never lower it), so that A's early stale write is
// refused once B has registered, while B itself can still write.
//
// db: await db.get(sql, ...params), db.run(...), db.transaction(async (tx) => ...).
// Table: resource (id = 1, value TEXT, mark INTEGER, 0 at first).
// Check with: fence-tutor exercise check early-write

export async function write(db, request) {
  if (request.token === null) return { accepted: false, reason: 'no token' };
  return db.transaction(async (tx) => {
    const { mark } = await tx.get('SELECT mark FROM resource WHERE id = 1');
    if (request.token < mark) return { accepted: false, reason: `stale token ${request.token} < mark ${mark}` };
    await tx.run('UPDATE resource SET value = ?, mark = ? WHERE id = 1', request.value, request.token);
    return { accepted: true };
  });
}

export async function register(db, token) {
  // TODO: raise the mark to `token` when it is higher.
}
