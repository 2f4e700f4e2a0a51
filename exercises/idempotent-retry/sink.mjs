// Exercise: idempotent-retry (lesson 7, "What fencing does not give you").
//
// This sink is fenced, and each accepted write APPENDS its value to the
// resource (so "B-1" then "B-2" gives "B-1,B-2"). A client that did not hear
// the answer retries: same request id, same token, same value. The fence
// lets the retry through (equal tokens pass), so its effect happens twice:
// "B-1,B-1".
//
// TASK: make a retry of an applied request have no second effect (answer it
// { accepted: true }), while a new operation under the same token (a new
// request id) still applies, and a stale token is still refused.
// request.requestId identifies the operation. Create any table you need in
// setup(db): it runs each time the sink starts.
//
// db: await db.get(sql, ...params), db.run(...), db.exec(sql), db.transaction(async (tx) => ...).
// Table: resource (id = 1, value TEXT, mark INTEGER, 0 at first).
// Check with: fence-tutor exercise check idempotent-retry

export async function setup(db) {}

export async function write(db, request) {
  if (request.token === null) return { accepted: false, reason: 'no token' };
  return db.transaction(async (tx) => {
    const { value, mark } = await tx.get('SELECT value, mark FROM resource WHERE id = 1');
    if (request.token < mark) return { accepted: false, reason: `stale token ${request.token} < mark ${mark}` };
    const next = value === null ? request.value : `${value},${request.value}`;
    await tx.run('UPDATE resource SET value = ?, mark = ? WHERE id = 1', next, request.token);
    return { accepted: true };
  });
}
