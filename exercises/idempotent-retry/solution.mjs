// idempotent-retry: a solution. The applied request ids are kept in their
// own table; the lookup, the fence, the append and the record of the id
// happen in one transaction.

export async function setup(db) {
  await db.exec('CREATE TABLE IF NOT EXISTS applied (request_id TEXT PRIMARY KEY)');
}

export async function write(db, request) {
  if (request.token === null) return { accepted: false, reason: 'no token' };
  return db.transaction(async (tx) => {
    if (request.requestId !== null && (await tx.get('SELECT 1 FROM applied WHERE request_id = ?', request.requestId))) {
      return { accepted: true, reason: 'a retry of an applied request' };
    }
    const { value, mark } = await tx.get('SELECT value, mark FROM resource WHERE id = 1');
    if (request.token < mark) return { accepted: false, reason: `stale token ${request.token} < mark ${mark}` };
    const next = value === null ? request.value : `${value},${request.value}`;
    await tx.run('UPDATE resource SET value = ?, mark = ? WHERE id = 1', next, request.token);
    if (request.requestId !== null) await tx.run('INSERT INTO applied (request_id) VALUES (?)', request.requestId);
    return { accepted: true };
  });
}
