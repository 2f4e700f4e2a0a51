// durable-mark: a solution. The mark is read and written in the database,
// with the value, in one transaction: a restart finds it, and a kill
// leaves both changed or neither.

export async function write(db, request) {
  if (request.token === null) return { accepted: false, reason: 'no token' };
  return db.transaction(async (tx) => {
    const { mark } = await tx.get('SELECT mark FROM resource WHERE id = 1');
    if (request.token < mark) return { accepted: false, reason: `stale token ${request.token} < mark ${mark}` };
    await tx.run('UPDATE resource SET value = ?, mark = ? WHERE id = 1', request.value, request.token);
    return { accepted: true };
  });
}
