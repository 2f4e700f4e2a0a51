// Exercise: postgres-sink (lesson 5, "A concrete implementation").
//
// This is exercise 1's fenced sink (fence-the-sink's solution), unchanged.
// On SQLite it is right: db.transaction there is BEGIN IMMEDIATE, which
// takes the database's write lock before the SELECT, so no other write can
// land between the check and the update. Here db is a real PostgreSQL at
// READ COMMITTED, where db.transaction is a plain BEGIN ... COMMIT: run the
// check and watch a stale write win.
//
// TASK: make it fenced on PostgreSQL:
//   - refuse a write whose token is below the mark, and one with no token;
//   - accept a write whose token equals the mark (the holder writing again);
//   - with two writers in flight, each on its own connection, the stale one
//     must never overwrite the current one, in any order of their statements.
//
// The handle is the same as in the SQLite exercises: await db.get(sql, ...params),
// db.all, db.run (returns { changes }: the rows it changed), db.exec(sql),
// db.transaction(async (tx) => ...), with ? placeholders. The table is there:
// resource (id = 1, value text, mark bigint, 0 at first).
// Check with: fence-tutor exercise check postgres-sink

export async function write(db, request) {
  if (request.token === null || request.token === undefined) {
    return { accepted: false, reason: 'no token' };
  }
  return db.transaction(async (tx) => {
    const { mark } = await tx.get('SELECT mark FROM resource WHERE id = 1');
    if (request.token < mark) {
      return { accepted: false, reason: `stale token ${request.token} < mark ${mark}` };
    }
    await tx.run('UPDATE resource SET value = ?, mark = ? WHERE id = 1', request.value, request.token);
    return { accepted: true };
  });
}
