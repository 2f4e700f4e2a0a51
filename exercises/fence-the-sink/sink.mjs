// Exercise: fence-the-sink (lesson 5, "A concrete implementation").
//
// TASK: this sink accepts every write. Fence it:
//   - refuse a write whose token is below the highest token accepted so far
//     (the mark), with { accepted: false, reason: '...' };
//   - accept a write whose token equals the mark (the same holder, again);
//   - refuse a write that carries no token (token is null);
//   - update the value and the mark together, in one transaction.
//
// The tutor calls write(db, request) for every request, where request is
// { writer: 'A', value: 'A-late', token: 7, requestId: null } and db is an
// asynchronous handle: await db.get(sql, ...params), db.all(...), db.run(...),
// db.exec(sql), and await db.transaction(async (tx) => { ... tx.get/run ... }).
// The table is already there: resource (id = 1, value TEXT, mark INTEGER,
// 0 at first). Check with: fence-tutor exercise check fence-the-sink

export async function write(db, request) {
  await db.run('UPDATE resource SET value = ? WHERE id = 1', request.value);
  return { accepted: true };
}
