// Exercise: durable-mark (lesson 10, "The failure-modes checklist", item 6).
//
// This sink fences, but keeps the mark in memory. When the sink process is
// killed (SIGKILL) and started again on the same database file, the mark
// is gone and the next token to arrive is accepted however old.
//
// TASK: keep the mark in the database (the resource row's mark column), so
// it survives the sink being killed and restarted, and so that a kill
// between any two of your database calls never leaves B's value saved
// without B's mark.
//
// db: await db.get(sql, ...params), db.run(...), db.transaction(async (tx) => ...).
// Table: resource (id = 1, value TEXT, mark INTEGER, 0 at first).
// Check with: fence-tutor exercise check durable-mark

let mark = 0;

export async function write(db, request) {
  if (request.token === null) return { accepted: false, reason: 'no token' };
  if (request.token < mark) return { accepted: false, reason: `stale token ${request.token} < mark ${mark}` };
  mark = request.token;
  await db.run('UPDATE resource SET value = ? WHERE id = 1', request.value);
  return { accepted: true };
}
